// The C++ API (aead.hpp): each vg::status a caller can provoke, on every runnable backend, plus
// empty and moved-from keys, typed keys and the string helpers. Expected ciphertexts come from
// the spec.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"

namespace vg::test {
namespace {

using byte_vec = std::vector<std::uint8_t>;

class CppApi : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    key_bytes_ = prng(2).bytes(16);
    ASSERT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, key_bytes_, key_, GetParam()),
              vg::status::ok);
    prng(3).fill(in_);
  }

  vg::status seal(const vg::aead_key& k) const { return k.seal(nonce_, aad_, in_, out_, tag_); }

  byte_vec key_bytes_;
  vg::aead_key key_;
  std::array<std::uint8_t, 12> nonce_{9};
  std::array<std::uint8_t, 5> aad_{1, 2, 3, 4, 5};
  std::array<std::uint8_t, 100> in_{};
  mutable std::array<std::uint8_t, 100> out_{};
  mutable std::array<std::uint8_t, 16> tag_{};
};

TEST_P(CppApi, KeyReportsItsBackendAndAlgorithm) {
  EXPECT_FALSE(key_.empty());
  EXPECT_EQ(key_.backend_name(), vg::test::backend_of(GetParam()));
  EXPECT_EQ(key_.alg(), vg::algorithm::aes_128_gcm);
}

TEST_P(CppApi, WrongKeyLengthLeavesKeyEmpty) {
  const byte_vec key(40, 7);
  for (auto alg :
       {vg::algorithm::aes_128_gcm, vg::algorithm::aes_192_gcm, vg::algorithm::aes_256_gcm}) {
    for (std::size_t len : {0, 8, 15, 17, 24, 32, 40}) {
      if (len == vg::key_length(alg)) continue;
      vg::aead_key k;
      EXPECT_EQ(vg::aead_key::create(alg, {key.data(), len}, k, GetParam()), vg::status::key_length)
          << len;
      EXPECT_TRUE(k.empty());
    }
  }
  // A failed create() on a live key leaves it empty too (documented: "On error out is left empty").
  EXPECT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, {key.data(), 5}, key_, GetParam()),
            vg::status::key_length);
  EXPECT_TRUE(key_.empty());
}

TEST_P(CppApi, UnknownAlgorithm) {
  vg::aead_key k;
  EXPECT_EQ(vg::aead_key::create(static_cast<vg::algorithm>(0), key_bytes_, k, GetParam()),
            vg::status::argument);
  EXPECT_EQ(vg::aead_key::create(static_cast<vg::algorithm>(42), key_bytes_, k, GetParam()),
            vg::status::argument);
  EXPECT_TRUE(k.empty());
  EXPECT_EQ(vg::key_length(static_cast<vg::algorithm>(42)), 0u);
}

TEST_P(CppApi, UnknownBackendIsUnsupported) {
  vg::aead_key k;
  EXPECT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, key_bytes_, k, "no-such-backend"),
            vg::status::unsupported);
  EXPECT_TRUE(k.empty());
  // A name is matched exactly, not by prefix.
  const std::string longer = GetParam() + "x";
  EXPECT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, key_bytes_, k, longer),
            vg::status::unsupported);
}

TEST_P(CppApi, EmptyAndMovedFromKeys) {
  vg::aead_key empty;
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.backend_name(), "");
  EXPECT_EQ(seal(empty), vg::status::argument);
  EXPECT_EQ(empty.open(nonce_, aad_, out_, out_, tag_), vg::status::argument);
  const std::array<vg::bytes_view, 1> pieces{vg::bytes_view(in_)};
  EXPECT_EQ(empty.seal_gather(nonce_, aad_, pieces, out_, tag_), vg::status::argument);

  ASSERT_EQ(seal(key_), vg::status::ok);
  const auto expected_tag = tag_;
  vg::aead_key moved_to(std::move(key_));
  EXPECT_TRUE(key_.empty());  // NOLINT(bugprone-use-after-move): the API defines this state
  EXPECT_EQ(seal(key_), vg::status::argument);
  ASSERT_EQ(seal(moved_to), vg::status::ok);
  EXPECT_EQ(tag_, expected_tag);

  vg::aead_key assigned;
  assigned = std::move(moved_to);
  EXPECT_TRUE(moved_to.empty());  // NOLINT(bugprone-use-after-move)
  ASSERT_EQ(seal(assigned), vg::status::ok);
  EXPECT_EQ(tag_, expected_tag);
  EXPECT_EQ(assigned.backend_name(), vg::test::backend_of(GetParam()));
}

TEST_P(CppApi, SizeMismatchesAndLengths) {
  EXPECT_EQ(key_.seal(nonce_, aad_, in_, vg::bytes_span(out_).first(99), tag_),
            vg::status::argument);
  EXPECT_EQ(key_.open(nonce_, aad_, in_, vg::bytes_span(out_).first(99), tag_),
            vg::status::argument);
  EXPECT_EQ(key_.seal({}, aad_, in_, out_, tag_), vg::status::nonce_length);
  EXPECT_EQ(key_.open({}, aad_, in_, out_, tag_), vg::status::nonce_length);
  std::array<std::uint8_t, 17> long_tag{};
  for (std::size_t t : {0, 3, 17}) {
    EXPECT_EQ(key_.seal(nonce_, aad_, in_, out_, vg::bytes_span(long_tag).first(t)),
              vg::status::tag_length)
        << t;
    EXPECT_EQ(key_.open(nonce_, aad_, in_, out_, vg::bytes_view(long_tag).first(t)),
              vg::status::tag_length)
        << t;
  }
}

TEST_P(CppApi, OverlapsAreRejected) {
  std::array<std::uint8_t, 256> buf{};
  const vg::bytes_span all(buf);
  // out overlapping in, but not equal (both directions, and by one byte only).
  EXPECT_EQ(key_.seal(nonce_, aad_, all.subspan(0, 64), all.subspan(1, 64), tag_),
            vg::status::argument);
  EXPECT_EQ(key_.seal(nonce_, aad_, all.subspan(1, 64), all.subspan(0, 64), tag_),
            vg::status::argument);
  EXPECT_EQ(key_.seal(nonce_, aad_, all.subspan(0, 64), all.subspan(63, 64), tag_),
            vg::status::argument);
  EXPECT_EQ(key_.open(nonce_, aad_, all.subspan(0, 64), all.subspan(32, 64), tag_),
            vg::status::argument);
  // out overlapping aad, nonce, tag.
  EXPECT_EQ(key_.seal(nonce_, all.subspan(100, 8), in_, all.subspan(96, 100), tag_),
            vg::status::argument);
  EXPECT_EQ(key_.seal(all.subspan(195, 12), aad_, in_, all.subspan(96, 100), tag_),
            vg::status::argument);
  EXPECT_EQ(key_.seal(nonce_, aad_, in_, all.subspan(96, 100), all.subspan(180, 16)),
            vg::status::argument);
  EXPECT_EQ(key_.open(nonce_, aad_, in_, all.subspan(96, 100), all.subspan(100, 16)),
            vg::status::argument);
  EXPECT_EQ(key_.open(all.subspan(96, 12), aad_, in_, all.subspan(96, 100), tag_),
            vg::status::argument);
  // Adjacent is not overlapping; exactly in place is allowed.
  EXPECT_EQ(key_.seal(all.subspan(0, 12), all.subspan(12, 20), in_, all.subspan(32, 100),
                      all.subspan(132, 16)),
            vg::status::ok);
  EXPECT_EQ(key_.seal(nonce_, aad_, all.subspan(0, 64), all.subspan(0, 64), tag_), vg::status::ok);
}

// An empty AAD overlaps nothing, even at the address of the output: seal and open accept it and
// do their work.
TEST_P(CppApi, EmptyAadAtTheOutputIsAllowed) {
  std::array<std::uint8_t, 100> ct{}, back{};
  const vg::bytes_view empty_at_ct(ct.data(), 0), empty_at_back(back.data(), 0);
  ASSERT_EQ(key_.seal(nonce_, empty_at_ct, in_, ct, tag_), vg::status::ok);
  const auto expected = spec::gcm_seal(key_bytes_, nonce_, {}, in_, 16);
  EXPECT_TRUE(std::equal(ct.begin(), ct.end(), expected.begin()));
  EXPECT_TRUE(std::equal(tag_.begin(), tag_.end(), expected.begin() + 100));
  ASSERT_EQ(key_.open(nonce_, empty_at_back, ct, back, tag_), vg::status::ok);
  EXPECT_EQ(back, in_);
}

// Span constructed with a fake huge size over a small buffer: the API must reject it from the
// lengths alone. (Reading any of it would crash; the check precedes every access.) The nonce, aad
// and tag live below the fake buffer so no overlap check can fire first.
TEST_P(CppApi, TooLong) {
  alignas(16) std::array<std::uint8_t, 128> arena{};
  const vg::bytes_view nonce(arena.data(), 12);
  const vg::bytes_span tag(arena.data() + 16, 16);
  std::uint8_t* data = arena.data() + 64;
  const std::size_t too_long = (std::size_t{1} << 36) - 31;
  const vg::bytes_span huge(data, too_long);
  EXPECT_EQ(key_.seal(nonce, {}, huge, huge, tag), vg::status::too_long);
  EXPECT_EQ(key_.open(nonce, {}, huge, huge, tag), vg::status::too_long);
  const vg::bytes_view huge_aad(data, std::size_t{1} << 61);
  EXPECT_EQ(key_.seal(nonce, huge_aad, {}, {}, tag), vg::status::too_long);
  EXPECT_EQ(key_.open(nonce, huge_aad, {}, {}, tag), vg::status::too_long);
}

TEST_P(CppApi, AuthFailureZeroesOutputAndSealMatchesSpec) {
  ASSERT_EQ(seal(key_), vg::status::ok);
  const auto expected = spec::gcm_seal(key_bytes_, nonce_, aad_, in_, 16);
  EXPECT_TRUE(std::equal(out_.begin(), out_.end(), expected.begin()));
  EXPECT_TRUE(std::equal(tag_.begin(), tag_.end(), expected.begin() + 100));
  std::array<std::uint8_t, 100> back;
  back.fill(0xa5);
  auto bad_tag = tag_;
  bad_tag[15] ^= 0x80;
  EXPECT_EQ(key_.open(nonce_, aad_, out_, back, bad_tag), vg::status::auth);
  EXPECT_EQ(back, (std::array<std::uint8_t, 100>{}));
  // In place: the ciphertext itself is wiped.
  auto ct = out_;
  EXPECT_EQ(key_.open(nonce_, aad_, ct, ct, bad_tag), vg::status::auth);
  EXPECT_EQ(ct, (std::array<std::uint8_t, 100>{}));
}

TEST_P(CppApi, TypedKeys) {
  vg::aes256_gcm k;
  EXPECT_EQ(vg::aes256_gcm::create(key_bytes_, k, GetParam()), vg::status::key_length);
  const auto key32 = prng(4).bytes(32);
  ASSERT_EQ(vg::aes256_gcm::create(key32, k, GetParam()), vg::status::ok);
  EXPECT_EQ(k.alg(), vg::algorithm::aes_256_gcm);
  static_assert(vg::aes192_gcm::key_bytes == 24);
  ASSERT_EQ(k.seal(nonce_, aad_, in_, out_, tag_), vg::status::ok);
  const auto expected = spec::gcm_seal(key32, nonce_, aad_, in_, 16);
  EXPECT_TRUE(std::equal(tag_.begin(), tag_.end(), expected.begin() + 100));
}

TEST(CppApiStrings, ToStringMatchesC) {
  for (int s = 0; s <= 8; ++s) {
    EXPECT_STREQ(vg::to_string(static_cast<vg::status>(s)),
                 vg_status_string(static_cast<vg_status>(s)));
  }
}

INSTANTIATE_TEST_SUITE_P(Api, CppApi, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return gtest_safe_name(info.param); });

}  // namespace
}  // namespace vg::test
