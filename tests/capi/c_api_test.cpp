// The C API (vg.h): every vg_status a caller can provoke, on the default backend (the C API has no
// backend choice). NOMEM is in nomem_test.cpp. The expected outputs of successful calls come from
// the spec, never from the library.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <set>
#include <string>

#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/cpu.hpp"
#include "vg/vg.h"

namespace vg::test {
namespace {

class CApi : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(vg_aead_new(&aead_, VG_AES_128_GCM, key_.data(), key_.size()), VG_OK);
    ASSERT_NE(aead_, nullptr);
  }
  void TearDown() override { vg_aead_free(aead_); }

  vg_status seal(const uint8_t* nonce, size_t nonce_len, const uint8_t* aad, size_t aad_len,
                 const uint8_t* in, size_t len, uint8_t* out, uint8_t* tag, size_t tag_len) {
    return vg_aead_seal(aead_, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
  }

  std::array<uint8_t, 16> key_{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  std::array<uint8_t, 12> nonce_{};
  std::array<uint8_t, 16> aad_{};
  std::array<uint8_t, 64> in_{}, out_{};
  std::array<uint8_t, 16> tag_{};
  vg_aead* aead_ = nullptr;
};

TEST_F(CApi, SealMatchesSpecAndOpenRoundTrips) {
  prng rng(1);
  rng.fill(in_);
  rng.fill(aad_);
  ASSERT_EQ(seal(nonce_.data(), 12, aad_.data(), 16, in_.data(), 64, out_.data(), tag_.data(), 16),
            VG_OK);
  const auto expected = spec::gcm_seal(key_, nonce_, aad_, in_, 16);
  EXPECT_EQ(std::vector<uint8_t>(out_.begin(), out_.end()),
            std::vector<uint8_t>(expected.begin(), expected.begin() + 64));
  EXPECT_EQ(std::vector<uint8_t>(tag_.begin(), tag_.end()),
            std::vector<uint8_t>(expected.begin() + 64, expected.end()));
  std::array<uint8_t, 64> back{};
  EXPECT_EQ(vg_aead_open(aead_, nonce_.data(), 12, aad_.data(), 16, out_.data(), 64, back.data(),
                         tag_.data(), 16),
            VG_OK);
  EXPECT_EQ(back, in_);
}

TEST_F(CApi, NewRejectsWrongKeyLengths) {
  const std::array<uint8_t, 33> key{};
  for (vg_alg alg : {VG_AES_128_GCM, VG_AES_192_GCM, VG_AES_256_GCM}) {
    for (size_t len : {0, 1, 15, 17, 23, 25, 31, 33}) {
      vg_aead* a = reinterpret_cast<vg_aead*>(&key_);  // must be overwritten with NULL
      EXPECT_EQ(vg_aead_new(&a, alg, key.data(), len), VG_ERR_KEY_LENGTH) << alg << " " << len;
      EXPECT_EQ(a, nullptr);
    }
  }
  // GCM-SIV takes 16 or 32 bytes only; 24 is a length error (or the algorithm is unsupported).
  vg_aead* a = nullptr;
  const vg_status st = vg_aead_new(&a, VG_AES_128_GCM_SIV, key.data(), 24);
  EXPECT_TRUE(st == VG_ERR_KEY_LENGTH || st == VG_ERR_UNSUPPORTED) << st;
  EXPECT_EQ(a, nullptr);
}

TEST_F(CApi, NewRejectsUnknownAlgorithmAndNulls) {
  vg_aead* a = nullptr;
  for (int alg : {0, 7, 8, 99, -1}) {
    EXPECT_EQ(vg_aead_new(&a, static_cast<vg_alg>(alg), key_.data(), 16), VG_ERR_ARGUMENT) << alg;
    EXPECT_EQ(a, nullptr);
  }
  EXPECT_EQ(vg_aead_new(&a, VG_AES_128_GCM, nullptr, 16), VG_ERR_ARGUMENT);
  EXPECT_EQ(a, nullptr);
  EXPECT_EQ(vg_aead_new(nullptr, VG_AES_128_GCM, key_.data(), 16), VG_ERR_ARGUMENT);
  vg_aead_free(nullptr);  // a no-op
}

TEST_F(CApi, GcmSivIsEitherAvailableOrUnsupported) {
  for (vg_alg alg : {VG_AES_128_GCM_SIV, VG_AES_256_GCM_SIV}) {
    vg_aead* a = nullptr;
    const std::array<uint8_t, 32> key{};
    const vg_status st = vg_aead_new(&a, alg, key.data(), alg == VG_AES_128_GCM_SIV ? 16 : 32);
    EXPECT_TRUE(st == VG_OK || st == VG_ERR_UNSUPPORTED) << st;
    EXPECT_EQ(a == nullptr, st != VG_OK);
    vg_aead_free(a);
  }
}

TEST_F(CApi, NullKeyObject) {
  EXPECT_EQ(vg_aead_seal(nullptr, nonce_.data(), 12, nullptr, 0, in_.data(), 16, out_.data(),
                         tag_.data(), 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_aead_open(nullptr, nonce_.data(), 12, nullptr, 0, in_.data(), 16, out_.data(),
                         tag_.data(), 16),
            VG_ERR_ARGUMENT);
}

TEST_F(CApi, NullWithNonZeroLength) {
  EXPECT_EQ(seal(nullptr, 12, nullptr, 0, in_.data(), 16, out_.data(), tag_.data(), 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 5, in_.data(), 16, out_.data(), tag_.data(), 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, nullptr, 16, out_.data(), tag_.data(), 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, in_.data(), 16, nullptr, tag_.data(), 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, in_.data(), 16, out_.data(), nullptr, 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(
      vg_aead_open(aead_, nonce_.data(), 12, nullptr, 0, in_.data(), 16, out_.data(), nullptr, 16),
      VG_ERR_ARGUMENT);
  // NULL is fine where the length is 0: an empty message with no AAD.
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, nullptr, 0, nullptr, tag_.data(), 16), VG_OK);
  EXPECT_EQ(
      vg_aead_open(aead_, nonce_.data(), 12, nullptr, 0, nullptr, 0, nullptr, tag_.data(), 16),
      VG_OK);
}

TEST_F(CApi, OverlapsAreRejected) {
  uint8_t* buf = in_.data();
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, buf, 32, buf + 1, tag_.data(), 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, buf + 1, 32, buf, tag_.data(), 16),
            VG_ERR_ARGUMENT);
  EXPECT_EQ(seal(nonce_.data(), 12, buf + 8, 16, buf + 32, 16, buf, tag_.data(), 16),
            VG_ERR_ARGUMENT);  // out overlaps aad
  EXPECT_EQ(seal(buf + 4, 12, nullptr, 0, buf + 32, 16, buf, tag_.data(), 16),
            VG_ERR_ARGUMENT);  // out overlaps nonce
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, buf + 32, 16, buf, buf + 8, 16),
            VG_ERR_ARGUMENT);  // out overlaps tag
  EXPECT_EQ(seal(nonce_.data(), 12, nullptr, 0, buf, 32, buf, tag_.data(), 16), VG_OK);  // in place
}

TEST_F(CApi, LengthErrors) {
  EXPECT_EQ(seal(nonce_.data(), 0, nullptr, 0, in_.data(), 16, out_.data(), tag_.data(), 16),
            VG_ERR_NONCE_LENGTH);
  for (size_t tag_len : {0, 3, 17}) {
    EXPECT_EQ(
        seal(nonce_.data(), 12, nullptr, 0, in_.data(), 16, out_.data(), tag_.data(), tag_len),
        VG_ERR_TAG_LENGTH)
        << tag_len;
    EXPECT_EQ(vg_aead_open(aead_, nonce_.data(), 12, nullptr, 0, in_.data(), 16, out_.data(),
                           tag_.data(), tag_len),
              VG_ERR_TAG_LENGTH)
        << tag_len;
  }
}

// The plaintext limit is checked from the lengths alone, before any byte is read: `in`/`out` point
// at a small buffer that the fake length vastly exceeds. Every other buffer sits *below* that
// buffer, so the overlap check cannot mistake them for overlapping the (fake) huge output.
TEST_F(CApi, TooLong) {
  alignas(16) std::array<uint8_t, 128> arena{};
  const uint8_t* nonce = arena.data();
  uint8_t* tag = arena.data() + 16;
  uint8_t* data = arena.data() + 64;
  const size_t too_long = (size_t{1} << 36) - 31;
  EXPECT_EQ(vg_aead_seal(aead_, nonce, 12, nullptr, 0, data, too_long, data, tag, 16),
            VG_ERR_TOO_LONG);
  EXPECT_EQ(vg_aead_open(aead_, nonce, 12, nullptr, 0, data, too_long, data, tag, 16),
            VG_ERR_TOO_LONG);
  const size_t aad_too_long = size_t{1} << 61;
  EXPECT_EQ(vg_aead_seal(aead_, nonce, 12, data, aad_too_long, nullptr, 0, nullptr, tag, 16),
            VG_ERR_TOO_LONG);
}

TEST_F(CApi, AuthFailureZeroesOutput) {
  ASSERT_EQ(seal(nonce_.data(), 12, nullptr, 0, in_.data(), 64, out_.data(), tag_.data(), 16),
            VG_OK);
  tag_[3] ^= 0x10;
  std::array<uint8_t, 64> back;
  back.fill(0xa5);
  EXPECT_EQ(vg_aead_open(aead_, nonce_.data(), 12, nullptr, 0, out_.data(), 64, back.data(),
                         tag_.data(), 16),
            VG_ERR_AUTH);
  EXPECT_EQ(back, (std::array<uint8_t, 64>{}));
}

TEST_F(CApi, StatusStringsVersionAndBackend) {
  std::set<std::string> seen;
  for (int s = VG_OK; s <= VG_ERR_RANDOM; ++s) {
    const char* text = vg_status_string(static_cast<vg_status>(s));
    ASSERT_NE(text, nullptr);
    EXPECT_GT(std::strlen(text), 1u) << s;
    seen.insert(text);
  }
  EXPECT_EQ(seen.size(), 10u) << "status strings must be distinct";
  const char* unknown = vg_status_string(static_cast<vg_status>(1234));
  ASSERT_NE(unknown, nullptr);
  EXPECT_EQ(seen.count(unknown), 0u) << "an unknown status must not read as a known one";

  EXPECT_STREQ(vg_version(), VG_EXPECTED_VERSION);
  ASSERT_NE(vg_aead_backend(aead_), nullptr);
  EXPECT_EQ(std::string(vg_aead_backend(aead_)), std::string(vg::default_backend()));
}

}  // namespace
}  // namespace vg::test
