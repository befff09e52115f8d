// AES-GCM-SIV's argument rules (RFC 8452 §6; include/vg/vg.h): a nonce of any length but 12 bytes
// is status::nonce_length, a tag of any length but 16 is status::tag_length, plaintext or AAD of
// more than 2^36 bytes is status::too_long (judged from the lengths alone: the huge spans below
// point at a small buffer, so reading any of it would crash), and a failed open zeroes its output.
// Through the C++ API on every runnable backend and both key sizes, and through the C API (default
// backend). Sealed bytes are checked against vg::spec first, so a key that misbehaves cannot pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

namespace vg {
// Readable parameters in test names and messages ("aes-128-gcm-siv", not raw bytes).
void PrintTo(algorithm alg, std::ostream* os) {
  *os << "aes-" << 8 * key_length(alg) << "-gcm-siv";
}
}  // namespace vg

namespace vg::test {
namespace {

constexpr std::size_t kNonceLengths[] = {0, 1, 8, 11, 13, 16, 60};  // all but 12
constexpr std::size_t kTagLengths[] = {0, 4, 8, 12, 15, 17};        // all but 16
constexpr std::size_t kLimit = std::size_t{1} << 36;                // RFC 8452 §6: P, A <= 2^36

bool all_zero(const std::uint8_t* p, std::size_t n) {
  return std::all_of(p, p + n, [](std::uint8_t b) { return b == 0; });
}

// ---- C++ API, every runnable backend ----

class SivLimits : public ::testing::TestWithParam<std::tuple<std::string, vg::algorithm>> {
 protected:
  void SetUp() override {
    const vg::algorithm alg = std::get<1>(GetParam());
    key_bytes_ = prng(0x5171 + static_cast<std::uint64_t>(alg)).bytes(vg::key_length(alg));
    ASSERT_EQ(vg::aead_key::create(alg, key_bytes_, key_, std::get<0>(GetParam())), vg::status::ok);
    prng(7).fill(in_);
  }

  std::vector<std::uint8_t> key_bytes_;
  vg::aead_key key_;
  std::array<std::uint8_t, 60> nonce_{3};
  std::array<std::uint8_t, 9> aad_{1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::array<std::uint8_t, 100> in_{}, out_{};
  std::array<std::uint8_t, 17> tag_{};
};

TEST_P(SivLimits, NonceOtherThan12Bytes) {
  const vg::bytes_span tag = vg::bytes_span(tag_).first(16);
  for (std::size_t n : kNonceLengths) {
    const vg::bytes_view nonce = vg::bytes_view(nonce_).first(n);
    EXPECT_EQ(key_.seal(nonce, aad_, in_, out_, tag), vg::status::nonce_length) << n;
    EXPECT_EQ(key_.open(nonce, aad_, in_, out_, tag), vg::status::nonce_length) << n;
  }
  EXPECT_EQ(key_.seal(vg::bytes_view(nonce_).first(12), aad_, in_, out_, tag), vg::status::ok);
}

TEST_P(SivLimits, TagOtherThan16Bytes) {
  const vg::bytes_view nonce = vg::bytes_view(nonce_).first(12);
  for (std::size_t t : kTagLengths) {
    EXPECT_EQ(key_.seal(nonce, aad_, in_, out_, vg::bytes_span(tag_).first(t)),
              vg::status::tag_length)
        << t;
    EXPECT_EQ(key_.open(nonce, aad_, in_, out_, vg::bytes_view(tag_).first(t)),
              vg::status::tag_length)
        << t;
  }
}

// The nonce, AAD and tag sit below the fake huge buffer, so no overlap check can fire first.
TEST_P(SivLimits, LengthsAbove2To36AreTooLong) {
  if constexpr (sizeof(std::size_t) < 8) GTEST_SKIP() << "2^36 does not fit in size_t";
  alignas(16) std::array<std::uint8_t, 128> arena{};
  const vg::bytes_view nonce(arena.data(), 12);
  const vg::bytes_span tag(arena.data() + 16, 16);
  std::uint8_t* data = arena.data() + 64;
  const vg::bytes_span huge(data, kLimit + 1);
  EXPECT_EQ(key_.seal(nonce, {}, huge, huge, tag), vg::status::too_long);
  EXPECT_EQ(key_.open(nonce, {}, huge, huge, tag), vg::status::too_long);
  const vg::bytes_view huge_aad(data, kLimit + 1);
  EXPECT_EQ(key_.seal(nonce, huge_aad, {}, {}, tag), vg::status::too_long);
  EXPECT_EQ(key_.open(nonce, huge_aad, {}, {}, tag), vg::status::too_long);
}

TEST_P(SivLimits, FailedOpenZeroesOutput) {
  const vg::bytes_view nonce = vg::bytes_view(nonce_).first(12);
  const vg::bytes_span tag = vg::bytes_span(tag_).first(16);
  ASSERT_EQ(key_.seal(nonce, aad_, in_, out_, tag), vg::status::ok);
  const auto expected = spec::gcm_siv_seal(key_bytes_, nonce, aad_, in_);
  ASSERT_TRUE(std::equal(out_.begin(), out_.end(), expected.begin()));
  ASSERT_TRUE(std::equal(tag.begin(), tag.end(), expected.begin() + 100));

  auto bad_tag = tag_;
  bad_tag[5] ^= 0x20;
  std::array<std::uint8_t, 100> back;
  back.fill(0xa5);
  EXPECT_EQ(key_.open(nonce, aad_, out_, back, vg::bytes_view(bad_tag).first(16)),
            vg::status::auth);
  EXPECT_TRUE(all_zero(back.data(), back.size()));
  // In place, and with the ciphertext (not the tag) modified.
  auto ct = out_;
  ct[99] ^= 1;
  EXPECT_EQ(key_.open(nonce, aad_, ct, ct, tag), vg::status::auth);
  EXPECT_TRUE(all_zero(ct.data(), ct.size()));
  // The genuine message still opens.
  EXPECT_EQ(key_.open(nonce, aad_, out_, back, tag), vg::status::ok);
  EXPECT_EQ(back, in_);
}

INSTANTIATE_TEST_SUITE_P(Api, SivLimits,
                         ::testing::Combine(::testing::ValuesIn(runnable_backends()),
                                            ::testing::Values(vg::algorithm::aes_128_gcm_siv,
                                                              vg::algorithm::aes_256_gcm_siv)),
                         [](const auto& info) {
                           return gtest_safe_name(std::get<0>(info.param)) + "_aes" +
                                  std::to_string(8 * vg::key_length(std::get<1>(info.param)));
                         });

// ---- C API, default backend ----

class CSivLimits : public ::testing::TestWithParam<vg_alg> {
 protected:
  void SetUp() override {
    key_ = prng(0xc5 + GetParam()).bytes(GetParam() == VG_AES_128_GCM_SIV ? 16 : 32);
    ASSERT_EQ(vg_aead_new(&aead_, GetParam(), key_.data(), key_.size()), VG_OK);
    prng(8).fill(in_);
  }
  void TearDown() override { vg_aead_free(aead_); }

  vg_status seal(size_t nonce_len, size_t tag_len) {
    return vg_aead_seal(aead_, nonce_.data(), nonce_len, aad_.data(), aad_.size(), in_.data(),
                        in_.size(), out_.data(), tag_.data(), tag_len);
  }
  vg_status open(size_t nonce_len, const uint8_t* ct, uint8_t* pt, const uint8_t* tag,
                 size_t tag_len) {
    return vg_aead_open(aead_, nonce_.data(), nonce_len, aad_.data(), aad_.size(), ct, in_.size(),
                        pt, tag, tag_len);
  }

  std::vector<std::uint8_t> key_;
  vg_aead* aead_ = nullptr;
  std::array<std::uint8_t, 60> nonce_{4};
  std::array<std::uint8_t, 13> aad_{9, 8, 7};
  std::array<std::uint8_t, 64> in_{}, out_{};
  std::array<std::uint8_t, 17> tag_{};
};

TEST_P(CSivLimits, NonceOtherThan12Bytes) {
  for (std::size_t n : kNonceLengths) {
    EXPECT_EQ(seal(n, 16), VG_ERR_NONCE_LENGTH) << n;
    EXPECT_EQ(open(n, in_.data(), out_.data(), tag_.data(), 16), VG_ERR_NONCE_LENGTH) << n;
  }
  EXPECT_EQ(seal(12, 16), VG_OK);
}

TEST_P(CSivLimits, TagOtherThan16Bytes) {
  for (std::size_t t : kTagLengths) {
    EXPECT_EQ(seal(12, t), VG_ERR_TAG_LENGTH) << t;
    EXPECT_EQ(open(12, in_.data(), out_.data(), tag_.data(), t), VG_ERR_TAG_LENGTH) << t;
  }
}

TEST_P(CSivLimits, LengthsAbove2To36AreTooLong) {
  if constexpr (sizeof(std::size_t) < 8) GTEST_SKIP() << "2^36 does not fit in size_t";
  alignas(16) std::array<std::uint8_t, 128> arena{};
  const uint8_t* nonce = arena.data();
  uint8_t* tag = arena.data() + 16;
  uint8_t* data = arena.data() + 64;
  EXPECT_EQ(vg_aead_seal(aead_, nonce, 12, nullptr, 0, data, kLimit + 1, data, tag, 16),
            VG_ERR_TOO_LONG);
  EXPECT_EQ(vg_aead_open(aead_, nonce, 12, nullptr, 0, data, kLimit + 1, data, tag, 16),
            VG_ERR_TOO_LONG);
  EXPECT_EQ(vg_aead_seal(aead_, nonce, 12, data, kLimit + 1, nullptr, 0, nullptr, tag, 16),
            VG_ERR_TOO_LONG);
  EXPECT_EQ(vg_aead_open(aead_, nonce, 12, data, kLimit + 1, nullptr, 0, nullptr, tag, 16),
            VG_ERR_TOO_LONG);
}

TEST_P(CSivLimits, FailedOpenZeroesOutput) {
  ASSERT_EQ(seal(12, 16), VG_OK);
  const auto expected = spec::gcm_siv_seal(key_, std::span(nonce_).first(12), aad_, in_);
  ASSERT_TRUE(std::equal(out_.begin(), out_.end(), expected.begin()));
  ASSERT_TRUE(std::equal(tag_.begin(), tag_.begin() + 16, expected.begin() + 64));

  auto bad_tag = tag_;
  bad_tag[15] ^= 0x80;
  std::array<std::uint8_t, 64> back;
  back.fill(0xa5);
  EXPECT_EQ(open(12, out_.data(), back.data(), bad_tag.data(), 16), VG_ERR_AUTH);
  EXPECT_TRUE(all_zero(back.data(), back.size()));
  auto ct = out_;
  ct[0] ^= 4;
  EXPECT_EQ(open(12, ct.data(), ct.data(), tag_.data(), 16), VG_ERR_AUTH);
  EXPECT_TRUE(all_zero(ct.data(), ct.size()));
  EXPECT_EQ(open(12, out_.data(), back.data(), tag_.data(), 16), VG_OK);
  EXPECT_EQ(back, in_);
}

INSTANTIATE_TEST_SUITE_P(CApi, CSivLimits,
                         ::testing::Values(VG_AES_128_GCM_SIV, VG_AES_256_GCM_SIV),
                         [](const auto& info) {
                           return std::string(info.param == VG_AES_128_GCM_SIV ? "aes128"
                                                                               : "aes256");
                         });

}  // namespace
}  // namespace vg::test
