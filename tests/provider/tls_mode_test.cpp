// TLS 1.2 record mode of the vgcrypt provider: it runs only with the 12-byte TLS nonce, and the
// explicit nonces a sealing context generates start at a random value.
//
// Record mode writes the 8 explicit-nonce bytes after a 4-byte fixed part. With a shorter IV a
// sealing context would never advance its nonce, and an opening one would copy the peer's 8 bytes
// in front of its IV buffer; both are refused, and the sequence that reached them is replayed here
// for sealing and opening (under ASan in the asan stage).
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <algorithm>
#include <array>
#include <vector>

#include "provider/evp_util.hpp"

namespace {

using vgtest::bytes;

const bytes kKey(16, 0x42);
const bytes kFixed = {0xa1, 0xa2, 0xa3, 0xa4};
constexpr std::size_t kRejectedIvLengths[] = {1, 4, 7, 8, 11, 13, 16};

class TlsMode : public testing::Test {
 protected:
  void SetUp() override {
    cipher_ = vgtest::fetch_gcm(vgtest::vgcrypt_lib(), 16, "provider=vgcrypt");
    ASSERT_NE(cipher_, nullptr);
  }
  void TearDown() override { EVP_CIPHER_free(cipher_); }

  // A context with the key and, when iv_len is not 0, that IV length.
  EVP_CIPHER_CTX* context(bool enc, std::size_t iv_len) const {
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    EXPECT_EQ(EVP_CipherInit_ex(ctx, cipher_, nullptr, nullptr, nullptr, enc), 1);
    if (iv_len != 0) {
      EXPECT_EQ(
          EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(iv_len), nullptr), 1);
    }
    EXPECT_EQ(EVP_CipherInit_ex(ctx, nullptr, nullptr, kKey.data(), nullptr, enc), 1);
    return ctx;
  }

  // The first steps of the short-IV sequence: IV length, then the whole IV through "tlsivfixed".
  EVP_CIPHER_CTX* short_iv_context(bool enc, std::size_t iv_len) const {
    EVP_CIPHER_CTX* ctx = context(enc, iv_len);
    std::uint8_t iv[12] = {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IV_FIXED, -1, iv);
    return ctx;
  }

  EVP_CIPHER* cipher_ = nullptr;
};

using explicit_nonce = std::array<std::uint8_t, 8>;

explicit_nonce first_eight(const std::uint8_t* p) {
  explicit_nonce n;
  std::copy(p, p + 8, n.begin());
  return n;
}

// How many different values `v` holds.
std::size_t distinct(std::vector<explicit_nonce> v) {
  std::sort(v.begin(), v.end());
  return static_cast<std::size_t>(std::unique(v.begin(), v.end()) - v.begin());
}

int set_fixed(EVP_CIPHER_CTX* ctx, int len, std::uint8_t* iv) {
  return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IV_FIXED, len, iv);
}

// The 13-byte record header as libssl passes it; its length field counts what is on the wire.
int set_tls_aad(EVP_CIPHER_CTX* ctx, std::size_t wire_length) {
  std::uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 1, 23, 3, 3};
  aad[11] = static_cast<std::uint8_t>(wire_length >> 8);
  aad[12] = static_cast<std::uint8_t>(wire_length);
  return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad);
}

TEST_F(TlsMode, RefusedForEveryIvLengthButTwelve) {
  for (std::size_t iv_len : kRejectedIvLengths) {
    for (bool enc : {true, false}) {
      EVP_CIPHER_CTX* ctx = context(enc, iv_len);
      ASSERT_EQ(static_cast<std::size_t>(EVP_CIPHER_CTX_get_iv_length(ctx)), iv_len);
      std::uint8_t iv[128] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
      EXPECT_LE(set_fixed(ctx, 4, iv), 0) << "fixed part, IV length " << iv_len;
      EXPECT_LE(set_fixed(ctx, -1, iv), 0) << "whole IV, IV length " << iv_len;
      EXPECT_LE(set_tls_aad(ctx, 8 + 16 + 16), 0) << "TLS AAD, IV length " << iv_len;
      std::uint8_t generated[8];
      EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_IV_GEN, 8, generated), 0);
      EVP_CIPHER_CTX_free(ctx);
    }
  }
  EVP_CIPHER_CTX* ctx = context(true, 12);
  std::uint8_t iv[12] = {};
  EXPECT_EQ(set_fixed(ctx, 4, iv), 1);
  EXPECT_LE(set_fixed(ctx, 5, iv), 0) << "the fixed part is 4 bytes";
  EXPECT_EQ(set_tls_aad(ctx, 8 + 16), 16);
  EVP_CIPHER_CTX_free(ctx);
}

// The sequence that reached the record paths with a short IV: IV length, the whole IV through
// "tlsivfixed" (length -1), the TLS AAD, then EVP_Cipher on a record. Nothing may be sealed twice
// under one nonce and nothing read or written outside the context.
TEST_F(TlsMode, ShortIvAttackSequenceSeal) {
  for (std::size_t iv_len : {4, 7, 1}) {
    EVP_CIPHER_CTX* ctx = short_iv_context(true, iv_len);
    std::vector<explicit_nonce> explicit_nonces;
    for (int record = 0; record < 3; ++record) {
      set_tls_aad(ctx, 8 + 32);
      bytes rec(8 + 32 + 16, 0x33);
      const int n = EVP_Cipher(ctx, rec.data(), rec.data(), static_cast<unsigned>(rec.size()));
      EXPECT_LE(n, 0) << "IV length " << iv_len << ": record " << record << " was sealed";
      if (n > 0) explicit_nonces.push_back(first_eight(rec.data()));
    }
    EXPECT_EQ(distinct(explicit_nonces), explicit_nonces.size()) << "a nonce was used twice";
    EVP_CIPHER_CTX_free(ctx);
  }
}

TEST_F(TlsMode, ShortIvAttackSequenceOpen) {
  for (std::size_t iv_len : {4, 7, 1}) {
    EVP_CIPHER_CTX* ctx = short_iv_context(false, iv_len);
    bytes rec(8 + 32 + 16, 0x33);
    for (int i = 0; i < 8; ++i) rec[i] = 0xff;  // the peer's explicit nonce: any 8 bytes
    set_tls_aad(ctx, rec.size());
    const int n = EVP_Cipher(ctx, rec.data(), rec.data(), static_cast<unsigned>(rec.size()));
    EXPECT_LE(n, 0) << "IV length " << iv_len;
    EXPECT_EQ(static_cast<std::size_t>(EVP_CIPHER_CTX_get_iv_length(ctx)), iv_len);
    EVP_CIPHER_CTX_free(ctx);
  }
}

// Record mode set up with a 12-byte IV ends when the IV length changes.
TEST_F(TlsMode, IvLengthChangeEndsRecordMode) {
  for (bool enc : {true, false}) {
    EVP_CIPHER_CTX* ctx = context(enc, 12);
    std::uint8_t iv[12] = {};
    ASSERT_EQ(set_fixed(ctx, enc ? 4 : -1, iv), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 4, nullptr), 1);
    EXPECT_LE(set_tls_aad(ctx, 8 + 32 + (enc ? 0 : 16)), 0);
    std::uint8_t generated[8];
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_IV_GEN, 8, generated), 0);
    std::uint8_t invocation[8] = {};
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IV_INV, 8, invocation), 0);
    EVP_CIPHER_CTX_free(ctx);
  }
}

// Two sealing contexts with the same key and fixed part: the generated explicit nonces (through
// "tlsivgen" and through sealed records) start at random values, not at the same counter.
TEST_F(TlsMode, GeneratedExplicitNoncesDifferBetweenContexts) {
  std::vector<explicit_nonce> generated, recorded;
  constexpr int kContexts = 4;
  for (int i = 0; i < kContexts; ++i) {
    bytes fixed = kFixed;
    EVP_CIPHER_CTX* gen = context(true, 12);
    ASSERT_EQ(set_fixed(gen, 4, fixed.data()), 1);
    std::uint8_t explicit_iv[8];
    ASSERT_EQ(EVP_CIPHER_CTX_ctrl(gen, EVP_CTRL_GCM_IV_GEN, 8, explicit_iv), 1);
    generated.push_back(first_eight(explicit_iv));
    EVP_CIPHER_CTX_free(gen);

    EVP_CIPHER_CTX* rec_ctx = context(true, 12);
    ASSERT_EQ(set_fixed(rec_ctx, 4, fixed.data()), 1);
    ASSERT_EQ(set_tls_aad(rec_ctx, 8 + 16), 16);
    bytes rec(8 + 16 + 16, 0x11);
    ASSERT_EQ(EVP_Cipher(rec_ctx, rec.data(), rec.data(), static_cast<unsigned>(rec.size())),
              static_cast<int>(rec.size()));
    recorded.push_back(first_eight(rec.data()));
    EVP_CIPHER_CTX_free(rec_ctx);
  }
  EXPECT_EQ(distinct(generated), static_cast<std::size_t>(kContexts));
  EXPECT_EQ(distinct(recorded), static_cast<std::size_t>(kContexts));
}

}  // namespace
