// OpenSSL's own GCM test data (tests/data/openssl/evpciph_aes_common.txt, evp_test format)
// through EVP with only the vgcrypt provider loaded: the 43 AES-GCM stanzas, each encrypted (unless
// DECRYPT only) and decrypted, whole, with the text split 1 / n-2 / 1 and the AAD in pieces, and
// byte by byte in place. Expected failures (Result = CIPHERFINAL_ERROR) must fail at final.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/evp_file.hpp"
#include "common/vector_path.hpp"
#include "provider/evp_util.hpp"

namespace {

using vg::test::evp_stanza;
using vgtest::bytes;

// The AES-GCM stanzas ("aes-128-gcm" .. "aes-256-gcm", any case) of an evp_test file.
std::vector<evp_stanza> read_gcm_stanzas(const std::string& path) {
  std::vector<evp_stanza> gcm;
  for (evp_stanza& s : vg::test::load_evp_file(path)) {
    const std::string c = s.cipher();
    if (c.size() == 11 && c.starts_with("aes-") && c.ends_with("-gcm")) gcm.push_back(std::move(s));
  }
  return gcm;
}

enum class chunking { whole, split_1_n2_1, bytewise_in_place };

// Cuts n bytes per the chunking: whole; 1, n-2, 1; or single bytes.
std::vector<std::size_t> cuts(std::size_t n, chunking how) {
  if (n == 0) return {};
  if (how == chunking::whole || (how == chunking::split_1_n2_1 && n < 3)) return {n};
  if (how == chunking::split_1_n2_1) return {1, n - 2, 1};
  return std::vector<std::size_t>(n, 1);
}

struct result {
  bool ok = false;
  bytes out, tag;
};

// One EVP run: init with key and IV, AAD pieces, text in chunks, final, tag.
result run(EVP_CIPHER* cipher, bool encrypt, const bytes& key, const bytes& iv,
           const std::vector<bytes>& aad, const bytes& text, const bytes& tag, chunking how) {
  result r;
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  int len = 0;
  bool ok = EVP_CipherInit_ex(ctx, cipher, nullptr, nullptr, nullptr, encrypt) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(iv.size()),
                                nullptr) == 1 &&
            EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), iv.data(), encrypt) == 1;
  // Decryption: the bytewise run gives the tag after the data, the others before.
  const auto set_tag = [&] {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()),
                               const_cast<std::uint8_t*>(tag.data())) == 1;
  };
  if (ok && !encrypt && how != chunking::bytewise_in_place) ok = set_tag();
  for (const bytes& piece : aad) {
    std::size_t at = 0;
    for (std::size_t c : cuts(piece.size(), how)) {
      ok = ok && EVP_CipherUpdate(ctx, nullptr, &len, piece.data() + at, static_cast<int>(c)) == 1;
      at += c;
    }
  }
  r.out = text;  // in place for the bytewise run
  bytes separate(text.size() + 1);
  std::uint8_t* dst = how == chunking::bytewise_in_place ? r.out.data() : separate.data() + 1;
  std::size_t at = 0;
  for (std::size_t c : cuts(text.size(), how)) {
    ok = ok && EVP_CipherUpdate(ctx, dst + at, &len, r.out.data() + at, static_cast<int>(c)) == 1 &&
         static_cast<std::size_t>(len) == c;
    at += c;
  }
  if (how != chunking::bytewise_in_place) std::copy(dst, dst + text.size(), r.out.begin());
  if (ok && !encrypt && how == chunking::bytewise_in_place) ok = set_tag();
  std::uint8_t tail[16];
  ok = ok && EVP_CipherFinal_ex(ctx, tail, &len) == 1 && len == 0;
  if (ok && encrypt) {
    r.tag.resize(tag.size());
    ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag.size()),
                             r.tag.data()) == 1;
  }
  EVP_CIPHER_CTX_free(ctx);
  r.ok = ok;
  return r;
}

TEST(OpenSslVectors, AllGcmStanzasThroughVgcrypt) {
  ASSERT_NE(vgtest::vgcrypt_lib(), nullptr) << "cannot load " << VG_PROVIDER_MODULE;
  const auto stanzas = read_gcm_stanzas(vg::test::vector_path("openssl/evpciph_aes_common.txt"));
  ASSERT_EQ(stanzas.size(), 43u);
  int failures_expected = 0;
  for (const evp_stanza& s : stanzas) {
    const bytes key = s.hex("Key"), iv = s.hex("IV"), tag = s.hex("Tag");
    const bytes pt = s.hex("Plaintext"), ct = s.hex("Ciphertext");
    const std::vector<bytes> aad = s.hex_pieces("AAD");  // AAD may repeat: one piece per line
    EVP_CIPHER* cipher =
        EVP_CIPHER_fetch(vgtest::vgcrypt_lib(), s.at("Cipher").c_str(), "provider=vgcrypt");
    ASSERT_NE(cipher, nullptr) << "line " << s.line;
    const bool must_fail = s.has("Result");
    failures_expected += must_fail;
    for (chunking how : {chunking::whole, chunking::split_1_n2_1, chunking::bytewise_in_place}) {
      SCOPED_TRACE("stanza at line " + std::to_string(s.line) + ", chunking " +
                   std::to_string(static_cast<int>(how)));
      if (!s.has("Operation") || s.at("Operation") != "DECRYPT") {
        const result e = run(cipher, true, key, iv, aad, pt, tag, how);
        EXPECT_TRUE(e.ok);
        EXPECT_EQ(e.out, ct);
        EXPECT_EQ(e.tag, tag);
      }
      const result d = run(cipher, false, key, iv, aad, ct, tag, how);
      if (must_fail) {
        EXPECT_FALSE(d.ok) << "a forged message was accepted";
      } else {
        EXPECT_TRUE(d.ok);
        EXPECT_EQ(d.out, pt);
      }
    }
    EVP_CIPHER_free(cipher);
  }
  EXPECT_EQ(failures_expected, 3);
}

}  // namespace
