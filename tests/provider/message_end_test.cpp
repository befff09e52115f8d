// When a message ends in the vgcrypt provider, shown on both providers: where OpenSSL's default
// provider behaves the same (a new IV length needs a new IV; a final without a tag decides
// nothing and the message goes on), and where vgcrypt deliberately ends a message the default
// provider continues (README, "Use vgcrypt from OpenSSL programs"):
//  * after a failed tag check (the default provider goes on decrypting and checking);
//  * after a new key in the middle of a message (the default provider continues from a zeroed
//    GCM state whose keystream does not depend on the IV, the same for every message);
//  * after a change of direction in the middle of a message.
// And the TLS AAD: the default provider keeps it in its tag buffer, so it gives AAD bytes as the
// tag after "tlsaad", seals the record with a tag's bytes as AAD when a tag was set in between,
// and keeps a refused AAD for the next call; vgcrypt does none of these.
#include <gtest/gtest.h>

#include <vector>

#include "provider/evp_util.hpp"

namespace {

using vgtest::bytes;

const bytes kKey(16, 0x42), kOtherKey(16, 0x43), kIv(12, 0x24), kText(40, 0x33);

using both = vgtest::both_gcm128;

struct context {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  ~context() { EVP_CIPHER_CTX_free(ctx); }
  // A message begun with kKey and kIv and 16 bytes of text.
  context(EVP_CIPHER* c, int enc) {
    EXPECT_EQ(EVP_CipherInit_ex(ctx, c, nullptr, kKey.data(), kIv.data(), enc), 1);
    EXPECT_TRUE(text(16));
  }
  bool text(std::size_t n) {
    bytes out(n);
    int len = 0;
    return EVP_CipherUpdate(ctx, out.data(), &len, kText.data(), static_cast<int>(n)) == 1;
  }
  bool final() {
    std::uint8_t out[16];
    int len = 0;
    return EVP_CipherFinal_ex(ctx, out, &len) == 1;
  }
  bool set_tag(std::size_t n, std::uint8_t byte) {
    bytes tag(n, byte);
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(n), tag.data()) == 1;
  }
  bool get_tag(std::size_t n) {
    bytes tag(n);
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(n), tag.data()) == 1;
  }
};

const char* name(const both& c, EVP_CIPHER* cipher) {
  return cipher == c.vg ? "vgcrypt" : "default provider";
}

TEST(MessageEnd, NewIvLengthNeedsNewIv) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 1);
    ASSERT_EQ(EVP_CIPHER_CTX_ctrl(x.ctx, EVP_CTRL_AEAD_SET_IVLEN, 16, nullptr), 1);
    EXPECT_FALSE(x.text(8)) << name(c, cipher);
    const bytes iv(16, 0x25);
    ASSERT_EQ(EVP_CipherInit_ex(x.ctx, nullptr, nullptr, nullptr, iv.data(), -1), 1);
    EXPECT_TRUE(x.text(8)) << name(c, cipher);
  }
}

TEST(MessageEnd, FinalWithoutTagDecidesNothing) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 0);
    EXPECT_FALSE(x.final()) << name(c, cipher);
    EXPECT_TRUE(x.text(8)) << name(c, cipher);
  }
}

TEST(MessageEnd, FailedTagCheckEndsTheMessage) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 0);
    ASSERT_TRUE(x.set_tag(16, 0));
    EXPECT_FALSE(x.final()) << name(c, cipher);
    // No more plaintext from a message whose tag check failed.
    EXPECT_EQ(x.text(8), cipher == c.ref) << name(c, cipher);
  }
}

TEST(MessageEnd, NewKeyInTheMiddleEndsTheMessage) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 1);
    ASSERT_EQ(EVP_CipherInit_ex(x.ctx, nullptr, nullptr, kOtherKey.data(), nullptr, -1), 1);
    EXPECT_EQ(x.text(8), cipher == c.ref) << name(c, cipher);
    // A new IV starts a message under the new key.
    ASSERT_EQ(EVP_CipherInit_ex(x.ctx, nullptr, nullptr, nullptr, kIv.data(), -1), 1);
    EXPECT_TRUE(x.text(8)) << name(c, cipher);
  }
}

TEST(MessageEnd, NewDirectionInTheMiddleEndsTheMessage) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 1);
    // The same direction without a key or IV continues the message on both.
    ASSERT_EQ(EVP_CipherInit_ex(x.ctx, nullptr, nullptr, nullptr, nullptr, 1), 1);
    EXPECT_TRUE(x.text(8)) << name(c, cipher);
    ASSERT_EQ(EVP_CipherInit_ex(x.ctx, nullptr, nullptr, nullptr, nullptr, 0), 1);
    EXPECT_EQ(x.text(8), cipher == c.ref) << name(c, cipher);
  }
}

// A 13-byte TLS 1.2 AAD whose length field announces `len` bytes.
bytes tls_aad(std::size_t len) {
  bytes aad(13, 0x17);
  aad[11] = static_cast<std::uint8_t>(len >> 8);
  aad[12] = static_cast<std::uint8_t>(len);
  return aad;
}

TEST(MessageEnd, NoTagToReadAfterTlsAad) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 1);
    ASSERT_TRUE(x.final());
    ASSERT_TRUE(x.get_tag(16));
    bytes aad = tls_aad(40);
    ASSERT_EQ(EVP_CIPHER_CTX_ctrl(x.ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data()), 16);
    EXPECT_EQ(x.get_tag(16), cipher == c.ref) << name(c, cipher);
  }
}

TEST(MessageEnd, NoMoreTagBytesThanTheTagHas) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 0);
    ASSERT_TRUE(x.set_tag(8, 0x5a));
    ASSERT_EQ(EVP_CipherInit_ex(x.ctx, nullptr, nullptr, nullptr, kIv.data(), 1), 1);
    EXPECT_TRUE(x.get_tag(8)) << name(c, cipher);
    EXPECT_EQ(x.get_tag(16), cipher == c.ref) << name(c, cipher);
  }
}

// One TLS 1.2 record of 20 payload bytes sealed under the whole IV kIv; with a tag set (refused:
// the context seals) between the AAD and the record when asked.
bytes sealed_record(EVP_CIPHER* cipher, bool set_tag_first) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  bytes iv = kIv, aad = tls_aad(8 + 20), record(8 + 20 + 16, 0x61), tag(16, 0x7e);
  EXPECT_EQ(EVP_CipherInit_ex(ctx, cipher, nullptr, kKey.data(), nullptr, 1), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IV_FIXED, -1, iv.data()), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data()), 16);
  if (set_tag_first) {
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag.data()), 0);
  }
  EXPECT_EQ(EVP_Cipher(ctx, record.data(), record.data(), static_cast<unsigned>(record.size())),
            static_cast<int>(record.size()));
  EVP_CIPHER_CTX_free(ctx);
  return record;
}

TEST(MessageEnd, TagSetBeforeARecordLeavesItsAad) {
  const both c;
  ASSERT_EQ(sealed_record(c.vg, false), sealed_record(c.ref, false));
  EXPECT_EQ(sealed_record(c.vg, true), sealed_record(c.vg, false));
  EXPECT_NE(sealed_record(c.ref, true), sealed_record(c.ref, false));
}

TEST(MessageEnd, RefusedTlsAadLeavesTheContextAsItWas) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    context x(cipher, 1);
    bytes aad = tls_aad(7);  // shorter than an explicit nonce
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(x.ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data()), 0);
    // The default provider takes the next call for a record.
    EXPECT_EQ(x.text(8), cipher == c.vg) << name(c, cipher);
  }
}

}  // namespace
