// Where the vgcrypt provider deliberately refuses what OpenSSL's default provider accepts, shown
// on both providers so that the difference stays what the README says it is:
//  * tag lengths: vgcrypt takes and gives only the SP 800-38D lengths (16, 15, 14, 13, 12, 8 and
//    4 bytes); the default provider takes any 1..16 bytes, including 1-3-byte tags on decrypt;
//  * data before any IV: the default provider encrypts an update given after a key but before an
//    IV, under a random IV it draws itself; vgcrypt refuses it;
//  * AAD after an empty EVP_Cipher text call that followed a partial AAD block: the default
//    provider pads that block there and hashes the rest from a new block, a tag that is no GCM
//    tag of the AAD given; vgcrypt refuses that AAD (after whole blocks both take it).
#include <gtest/gtest.h>

#include <vector>

#include "common/tag_lengths.hpp"
#include "provider/evp_util.hpp"

namespace {

using vgtest::bytes;

const bytes kKey(16, 0x42), kIv(12, 0x24), kText(40, 0x33);

using both = vgtest::both_gcm128;

// The AAD a seal gives: `first`, then `second`; with an empty EVP_Cipher text call between them
// when empty_text_between is set.
struct aad_parts {
  bytes first, second;
  bool empty_text_between = false;
};

// Seals kText after `aad`; returns its tag_len-byte tag, or an empty vector when a step is refused.
bytes seal_tag(EVP_CIPHER* c, std::size_t tag_len = 16, const aad_parts& aad = {}) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  bytes ct(kText.size() + 1), tag(tag_len);
  int len = 0;
  const auto give_aad = [&](const bytes& a) {
    return a.empty() ||
           EVP_EncryptUpdate(ctx, nullptr, &len, a.data(), static_cast<int>(a.size())) == 1;
  };
  const bool ok =
      EVP_EncryptInit_ex(ctx, c, nullptr, kKey.data(), kIv.data()) == 1 && give_aad(aad.first) &&
      (!aad.empty_text_between || EVP_Cipher(ctx, ct.data(), kText.data(), 0) == 0) &&
      give_aad(aad.second) &&
      EVP_EncryptUpdate(ctx, ct.data(), &len, kText.data(), static_cast<int>(kText.size())) == 1 &&
      EVP_EncryptFinal_ex(ctx, ct.data(), &len) == 1 &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_len), tag.data()) == 1;
  EVP_CIPHER_CTX_free(ctx);
  return ok ? tag : bytes{};
}

// Whether a sealing context gives an n-byte tag after final.
bool gives_tag(EVP_CIPHER* c, std::size_t n) {
  return !seal_tag(c, n).empty();
}

// Whether an opening context takes the first n bytes of `tag` and verifies the message with them.
bool opens_with(EVP_CIPHER* c, const bytes& ct, bytes tag, std::size_t n) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  bytes pt(ct.size());
  int len = 0;
  const bool ok =
      EVP_DecryptInit_ex(ctx, c, nullptr, kKey.data(), kIv.data()) == 1 &&
      EVP_DecryptUpdate(ctx, pt.data(), &len, ct.data(), static_cast<int>(ct.size())) == 1 &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(n), tag.data()) == 1 &&
      EVP_DecryptFinal_ex(ctx, pt.data(), &len) == 1;
  EVP_CIPHER_CTX_free(ctx);
  return ok;
}

bytes ciphertext(EVP_CIPHER* c) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  bytes ct(kText.size());
  int len = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, c, nullptr, kKey.data(), kIv.data()), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx, ct.data(), &len, kText.data(), static_cast<int>(kText.size())),
            1);
  EVP_CIPHER_CTX_free(ctx);
  return ct;
}

TEST(DeliberateDifferences, TagLengthsOutsideSp80038dAreRefused) {
  const both c;
  const bytes tag = seal_tag(c.vg);
  ASSERT_EQ(tag, seal_tag(c.ref));
  const bytes ct = ciphertext(c.vg);
  for (std::size_t n = 1; n <= 16; ++n) {
    const bool allowed = vg::test::gcm_tag_length_in_standard(n);
    EXPECT_EQ(opens_with(c.vg, ct, tag, n), allowed) << "vgcrypt, open with " << n << " bytes";
    EXPECT_EQ(gives_tag(c.vg, n), allowed) << "vgcrypt, " << n << "-byte tag";
    EXPECT_TRUE(opens_with(c.ref, ct, tag, n)) << "default provider, open with " << n << " bytes";
    EXPECT_TRUE(gives_tag(c.ref, n)) << "default provider, " << n << "-byte tag";
  }
}

TEST(DeliberateDifferences, DataBeforeAnyIvIsRefused) {
  const both c;
  for (EVP_CIPHER* cipher : {c.vg, c.ref}) {
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    ASSERT_EQ(EVP_EncryptInit_ex(ctx, cipher, nullptr, kKey.data(), nullptr), 1);
    bytes ct(kText.size());
    int len = 0;
    const int ok =
        EVP_EncryptUpdate(ctx, ct.data(), &len, kText.data(), static_cast<int>(kText.size()));
    EXPECT_EQ(ok, cipher == c.vg ? 0 : 1) << (cipher == c.vg ? "vgcrypt" : "default provider");
    EVP_CIPHER_CTX_free(ctx);
  }
}

bytes joined(bytes a, const bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(DeliberateDifferences, AadAfterAnEmptyTextCallOnAPartialBlockIsRefused) {
  const both c;
  const bytes partial(40, 0x11), blocks(32, 0x11), rest(37, 0x22);
  const bytes standard = seal_tag(c.ref, 16, {joined(partial, rest), {}});
  ASSERT_FALSE(standard.empty());
  ASSERT_EQ(seal_tag(c.vg, 16, {joined(partial, rest), {}}), standard);

  const bytes padded = seal_tag(c.ref, 16, {partial, rest, true});
  ASSERT_FALSE(padded.empty()) << "default provider took the AAD";
  EXPECT_NE(padded, standard) << "default provider: the AAD's partial block padded";
  EXPECT_TRUE(seal_tag(c.vg, 16, {partial, rest, true}).empty()) << "vgcrypt refused";

  const bytes after_blocks = seal_tag(c.ref, 16, {joined(blocks, rest), {}});
  ASSERT_FALSE(after_blocks.empty());
  EXPECT_EQ(seal_tag(c.ref, 16, {blocks, rest, true}), after_blocks);
  EXPECT_EQ(seal_tag(c.vg, 16, {blocks, rest, true}), after_blocks);
}

}  // namespace
