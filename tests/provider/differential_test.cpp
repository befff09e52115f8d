// vgcrypt's provider against OpenSSL's default provider, through EVP: random keys, IV lengths,
// AAD/text chunkings, in place or not, EVP_CIPHER_CTX_copy in the middle of a message, truncated
// and tampered tags, 4 threads at once; and TLS 1.2 records (tlsaad/tlsivfixed, tlsivgen/tlsivinv)
// sealed by one provider and opened by the other; parameter arrays read and written like the
// default provider does.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <thread>
#include <vector>

#include "common/prng.hpp"
#include "common/tag_lengths.hpp"
#include "provider/evp_util.hpp"

namespace {

using vg::test::random_bytes;
using vgtest::bytes;

std::vector<std::size_t> random_cuts(std::mt19937_64& rng, std::size_t n) {
  std::vector<std::size_t> cuts;
  while (n > 0) {
    const std::size_t c = std::min<std::size_t>(n, rng() % 3 == 0 ? 1 + rng() % 17 : rng() % 600);
    cuts.push_back(c);
    n -= c;
  }
  return cuts;
}

// A tag length SP 800-38D allows (the provider refuses the others).
std::size_t random_tag_length(std::mt19937_64& rng) {
  return vg::test::kGcmTagLengths[rng() % std::size(vg::test::kGcmTagLengths)];
}

struct message {
  bytes key, iv, aad, text;
};

struct ciphers {
  EVP_CIPHER* vg[3];
  EVP_CIPHER* ref[3];
  ciphers() {
    for (int i = 0; i < 3; ++i) {
      vg[i] = vgtest::fetch_gcm(vgtest::vgcrypt_lib(), 16 + 8 * i, "provider=vgcrypt");
      ref[i] = vgtest::fetch_gcm(vgtest::default_lib(), 16 + 8 * i, nullptr);
    }
  }
  ~ciphers() {
    for (int i = 0; i < 3; ++i) {
      EVP_CIPHER_free(vg[i]);
      EVP_CIPHER_free(ref[i]);
    }
  }
};

EVP_CIPHER_CTX* start(EVP_CIPHER* c, bool enc, const message& m) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  int len = 0;
  if (EVP_CipherInit_ex(ctx, c, nullptr, nullptr, nullptr, enc) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(m.iv.size()), nullptr) !=
          1 ||
      EVP_CipherInit_ex(ctx, nullptr, nullptr, m.key.data(), m.iv.data(), enc) != 1 ||
      EVP_CipherUpdate(ctx, nullptr, &len, m.aad.data(), static_cast<int>(m.aad.size())) != 1) {
    ADD_FAILURE() << "EVP init failed";
  }
  return ctx;
}

// Feeds `in` in random pieces (in place when asked); returns the output.
bytes feed(std::mt19937_64& rng, EVP_CIPHER_CTX* ctx, const bytes& in, bool in_place) {
  bytes out = in, other(in.size());
  std::uint8_t* dst = in_place ? out.data() : other.data();
  std::size_t at = 0;
  for (std::size_t c : random_cuts(rng, in.size())) {
    int len = 0;
    EXPECT_EQ(EVP_CipherUpdate(ctx, dst + at, &len, out.data() + at, static_cast<int>(c)), 1);
    EXPECT_EQ(static_cast<std::size_t>(len), c);
    at += c;
  }
  return in_place ? out : other;
}

bool finish(EVP_CIPHER_CTX* ctx, bytes* tag_out, const bytes* tag_in) {
  int len = 0;
  std::uint8_t tail[16];
  if (tag_in != nullptr &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_in->size()),
                          const_cast<std::uint8_t*>(tag_in->data())) != 1) {
    return false;
  }
  bool ok = EVP_CipherFinal_ex(ctx, tail, &len) == 1;
  if (ok && tag_out != nullptr) {
    ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_out->size()),
                             tag_out->data()) == 1;
  }
  EVP_CIPHER_CTX_free(ctx);
  return ok;
}

// One round: seal with both providers (vgcrypt with random chunking, copying its context midway
// and finishing the copy), then open vgcrypt's output with vgcrypt: genuine, truncated, tampered.
void one_round(std::mt19937_64& rng, const ciphers& cs) {
  const int k = static_cast<int>(rng() % 3);
  message m{random_bytes(rng, 16 + 8 * k), random_bytes(rng, rng() % 6 == 0 ? 1 + rng() % 64 : 12),
            random_bytes(rng, rng() % 50),
            random_bytes(rng, rng() % 4 == 0 ? rng() % 20 : rng() % 3000)};
  const std::size_t tag_len = rng() % 3 == 0 ? random_tag_length(rng) : 16;

  bytes ref_tag(tag_len);
  EVP_CIPHER_CTX* ref_ctx = start(cs.ref[k], true, m);
  const bytes ref_ct = feed(rng, ref_ctx, m.text, false);
  EVP_CIPHER_CTX_free(ref_ctx);
  {
    EVP_CIPHER_CTX* ctx = start(cs.ref[k], true, m);
    bytes ct = feed(rng, ctx, m.text, false);
    ASSERT_TRUE(finish(ctx, &ref_tag, nullptr));
    ASSERT_EQ(ct, ref_ct);
  }

  // vgcrypt: split the text in two; copy the context after the first half; finish both.
  const std::size_t half = rng() % (m.text.size() + 1);
  const bytes first(m.text.begin(), m.text.begin() + static_cast<std::ptrdiff_t>(half));
  const bytes second(m.text.begin() + static_cast<std::ptrdiff_t>(half), m.text.end());
  EVP_CIPHER_CTX* ctx = start(cs.vg[k], true, m);
  const bytes ct1 = feed(rng, ctx, first, rng() % 2);
  EVP_CIPHER_CTX* copy = EVP_CIPHER_CTX_new();
  ASSERT_EQ(EVP_CIPHER_CTX_copy(copy, ctx), 1);
  for (EVP_CIPHER_CTX* c : {ctx, copy}) {
    bytes ct = ct1;
    const bytes ct2 = feed(rng, c, second, rng() % 2);
    ct.insert(ct.end(), ct2.begin(), ct2.end());
    bytes tag(tag_len);
    ASSERT_TRUE(finish(c, &tag, nullptr));
    EXPECT_EQ(ct, ref_ct);
    EXPECT_EQ(tag, ref_tag);
  }

  // Open with vgcrypt: the genuine tag, a truncation of it (both accepted, as OpenSSL does), and a
  // tampered tag or ciphertext (rejected by both providers).
  for (int variant = 0; variant < 3; ++variant) {
    bytes tag = ref_tag, ct = ref_ct;
    if (variant == 1) {
      std::size_t shorter = random_tag_length(rng);
      while (shorter > tag.size()) shorter = random_tag_length(rng);
      tag.resize(shorter);
    }
    if (variant == 2) {
      if (!ct.empty() && rng() % 2) {
        ct[rng() % ct.size()] ^= static_cast<std::uint8_t>(1 + rng() % 255);
      } else {
        tag[rng() % tag.size()] ^= static_cast<std::uint8_t>(1 + rng() % 255);
      }
    }
    EVP_CIPHER_CTX* vg = start(cs.vg[k], false, m);
    const bytes pt = feed(rng, vg, ct, rng() % 2);
    const bool vg_ok = finish(vg, nullptr, &tag);
    EVP_CIPHER_CTX* ref = start(cs.ref[k], false, m);
    const bytes ref_pt = feed(rng, ref, ct, false);
    const bool ref_ok = finish(ref, nullptr, &tag);
    EXPECT_EQ(vg_ok, variant != 2);
    EXPECT_EQ(vg_ok, ref_ok);
    EXPECT_EQ(pt, ref_pt);  // both release the same (unauthenticated) bytes from update
  }
}

TEST(Differential, RandomMessagesAgreeWithDefaultProvider) {
  ASSERT_NE(vgtest::vgcrypt_lib(), nullptr);
  ASSERT_NE(vgtest::default_lib(), nullptr);
  const ciphers cs;
  std::mt19937_64 rng(11);
  for (int i = 0; i < 300; ++i) one_round(rng, cs);
}

TEST(Differential, FourThreads) {
  ASSERT_NE(vgtest::vgcrypt_lib(), nullptr);
  const ciphers cs;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&cs, t] {
      std::mt19937_64 rng(100 + t);
      for (int i = 0; i < 100; ++i) one_round(rng, cs);
    });
  }
  for (auto& th : threads) th.join();
}

// --- TLS 1.2 records (RFC 5288): explicit nonce || payload || tag, in place through EVP_Cipher.

bytes tls_aad(std::size_t length_field) {
  bytes aad = {0, 0, 0, 0, 0, 0, 0, 7, 23, 3, 3, 0, 0};  // seq 7, application data, TLS 1.2
  aad[11] = static_cast<std::uint8_t>(length_field >> 8);
  aad[12] = static_cast<std::uint8_t>(length_field);
  return aad;
}

EVP_CIPHER_CTX* tls_ctx(EVP_CIPHER* c, bool enc, const bytes& key, const bytes& fixed) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  EXPECT_EQ(EVP_CipherInit_ex(ctx, c, nullptr, key.data(), nullptr, enc), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IV_FIXED, 4,
                                const_cast<std::uint8_t*>(fixed.data())),
            1);
  return ctx;
}

// Seals `payload` as one record; returns the record (empty on failure).
bytes tls_seal(EVP_CIPHER_CTX* ctx, const bytes& payload) {
  bytes aad = tls_aad(8 + payload.size());
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data()) != 16) return {};
  bytes rec(8 + payload.size() + 16);
  std::copy(payload.begin(), payload.end(), rec.begin() + 8);
  const int n = EVP_Cipher(ctx, rec.data(), rec.data(), static_cast<unsigned>(rec.size()));
  return n == static_cast<int>(rec.size()) ? rec : bytes{};
}

// Opens a record in place; returns whether it verified and the payload.
bool tls_open(EVP_CIPHER_CTX* ctx, bytes rec, bytes* payload) {
  bytes aad = tls_aad(rec.size());
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data()) != 16) return false;
  const int n = EVP_Cipher(ctx, rec.data(), rec.data(), static_cast<unsigned>(rec.size()));
  // OpenSSL 3.0's GCM reports the whole record length; the payload follows the 8-byte nonce.
  if (n != static_cast<int>(rec.size())) return false;
  payload->assign(rec.begin() + 8, rec.end() - 16);
  return true;
}

// The same through EVP_CipherUpdate, which is how libssl 3.0 drives provider ciphers: the length
// it reports for an opened record is the payload's (libssl relies on it). Returns -1 on failure.
int tls_open_update(EVP_CIPHER_CTX* ctx, bytes rec) {
  bytes aad = tls_aad(rec.size());
  int n = -1;
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data()) != 16 ||
      EVP_CipherUpdate(ctx, rec.data(), &n, rec.data(), static_cast<int>(rec.size())) != 1) {
    return -1;
  }
  return n;
}

TEST(Differential, Tls12RecordsCrossProviders) {
  const ciphers cs;
  std::mt19937_64 rng(21);
  for (int k = 0; k < 3; ++k) {
    const bytes key = random_bytes(rng, 16 + 8 * k), fixed = random_bytes(rng, 4);
    EVP_CIPHER_CTX* vg_seal = tls_ctx(cs.vg[k], true, key, fixed);
    EVP_CIPHER_CTX* vg_open = tls_ctx(cs.vg[k], false, key, fixed);
    EVP_CIPHER_CTX* ref_seal = tls_ctx(cs.ref[k], true, key, fixed);
    EVP_CIPHER_CTX* ref_open = tls_ctx(cs.ref[k], false, key, fixed);
    bytes previous_explicit;
    for (int i = 0; i < 20; ++i) {
      const bytes payload = random_bytes(rng, rng() % 2000);
      const bytes mine = tls_seal(vg_seal, payload);
      ASSERT_FALSE(mine.empty());
      // The explicit nonce counts records.
      const bytes explicit_iv(mine.begin(), mine.begin() + 8);
      if (!previous_explicit.empty()) {
        bytes next = previous_explicit;
        for (int b = 7; b >= 0 && ++next[b] == 0; --b) {
        }
        EXPECT_EQ(explicit_iv, next);
      }
      previous_explicit = explicit_iv;
      bytes got;
      ASSERT_TRUE(tls_open(ref_open, mine, &got));
      EXPECT_EQ(got, payload);

      const bytes theirs = tls_seal(ref_seal, payload);
      ASSERT_FALSE(theirs.empty());
      ASSERT_TRUE(tls_open(vg_open, theirs, &got));
      EXPECT_EQ(got, payload);
      EXPECT_EQ(tls_open_update(vg_open, theirs), static_cast<int>(payload.size()));
      EXPECT_EQ(tls_open_update(ref_open, mine), static_cast<int>(payload.size()));
      bytes forged = theirs;
      forged[8 + rng() % (forged.size() - 8)] ^= 0x40;
      EXPECT_FALSE(tls_open(vg_open, forged, &got));
    }
    for (auto* c : {vg_seal, vg_open, ref_seal, ref_open}) EVP_CIPHER_CTX_free(c);
  }
}

// tlsivgen / tlsivinv: the explicit nonce is generated by the sealing context and handed to the
// opening one; the message itself goes through update/final.
TEST(Differential, TlsIvGenAndInvocation) {
  const ciphers cs;
  std::mt19937_64 rng(22);
  const bytes key = random_bytes(rng, 16), fixed = random_bytes(rng, 4);
  const message m{key, {}, random_bytes(rng, 13), random_bytes(rng, 100)};
  for (int pair = 0; pair < 2; ++pair) {  // vgcrypt seals and default opens, then the reverse
    EVP_CIPHER* sealer = pair == 0 ? cs.vg[0] : cs.ref[0];
    EVP_CIPHER* opener = pair == 0 ? cs.ref[0] : cs.vg[0];
    EVP_CIPHER_CTX* s = tls_ctx(sealer, true, key, fixed);
    EVP_CIPHER_CTX* o = tls_ctx(opener, false, key, fixed);
    for (int i = 0; i < 3; ++i) {
      std::uint8_t explicit_iv[8];
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(s, EVP_CTRL_GCM_IV_GEN, 8, explicit_iv), 1);
      int len = 0;
      ASSERT_EQ(EVP_CipherUpdate(s, nullptr, &len, m.aad.data(), 13), 1);
      bytes ct(m.text.size()), tag(16), pt(m.text.size());
      ASSERT_EQ(EVP_CipherUpdate(s, ct.data(), &len, m.text.data(), 100), 1);
      ASSERT_EQ(EVP_CipherFinal_ex(s, tag.data(), &len), 1);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(s, EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);

      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(o, EVP_CTRL_GCM_SET_IV_INV, 8, explicit_iv), 1);
      ASSERT_EQ(EVP_CipherUpdate(o, nullptr, &len, m.aad.data(), 13), 1);
      ASSERT_EQ(EVP_CipherUpdate(o, pt.data(), &len, ct.data(), 100), 1);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(o, EVP_CTRL_AEAD_SET_TAG, 16, tag.data()), 1);
      EXPECT_EQ(EVP_CipherFinal_ex(o, pt.data(), &len), 1) << "pair " << pair << " record " << i;
      EXPECT_EQ(pt, m.text);
    }
    EVP_CIPHER_CTX_free(s);
    EVP_CIPHER_CTX_free(o);
  }
}

// Parameter arrays with several entries, unknown names and a repeated name (the first counts, as
// with OSSL_PARAM_locate), read and written on both providers: the provider matches each array
// entry against its names in one pass, which must not change what is found.
struct param_results {
  std::size_t keylen = 0, ivlen = 0, taglen = 0, unknown = 7, ivlen_after_set = 0;
  bytes iv, tag, ct;
  int got = 0, set = 0;
};

param_results exercise_params(EVP_CIPHER* c, const bytes& key, const bytes& iv) {
  param_results r;
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  if (EVP_EncryptInit_ex(ctx, c, nullptr, key.data(), iv.data()) != 1) ADD_FAILURE();
  std::uint8_t iv_out[32] = {};
  OSSL_PARAM get[] = {
      OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_KEYLEN, &r.keylen),
      OSSL_PARAM_construct_size_t("no-such-parameter", &r.unknown),
      OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &r.ivlen),
      OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &r.taglen),
      OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv_out, sizeof iv_out),
      OSSL_PARAM_construct_end()};
  r.got = EVP_CIPHER_CTX_get_params(ctx, get);
  r.iv.assign(iv_out, iv_out + get[4].return_size);
  std::size_t padding = 0, first = 16, second = 20;
  const OSSL_PARAM set[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_PADDING, &padding),
                            OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &first),
                            OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &second),
                            OSSL_PARAM_construct_end()};
  r.set = EVP_CIPHER_CTX_set_params(ctx, set);
  r.ivlen_after_set = static_cast<std::size_t>(EVP_CIPHER_CTX_get_iv_length(ctx));
  // A message under the new IV length.
  const bytes long_iv(16, 0x5a), text(20, 0x33);
  r.ct.resize(text.size());
  r.tag.resize(16);
  int len = 0;
  if (EVP_EncryptInit_ex(ctx, nullptr, nullptr, nullptr, long_iv.data()) != 1 ||
      EVP_EncryptUpdate(ctx, r.ct.data(), &len, text.data(), static_cast<int>(text.size())) != 1 ||
      EVP_EncryptFinal_ex(ctx, r.tag.data(), &len) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, r.tag.data()) != 1) {
    ADD_FAILURE() << "EVP message failed";
  }
  EVP_CIPHER_CTX_free(ctx);
  return r;
}

TEST(Differential, ParameterArraysAsDefaultProvider) {
  const ciphers cs;
  std::mt19937_64 rng(23);
  const bytes key = random_bytes(rng, 16), iv = random_bytes(rng, 12);
  const param_results mine = exercise_params(cs.vg[0], key, iv);
  const param_results theirs = exercise_params(cs.ref[0], key, iv);
  EXPECT_EQ(mine.got, 1);
  EXPECT_EQ(mine.keylen, 16u);
  EXPECT_EQ(mine.ivlen, 12u);
  EXPECT_EQ(mine.taglen, 16u);
  EXPECT_EQ(mine.unknown, 7u);  // untouched
  EXPECT_EQ(mine.iv, iv);
  EXPECT_EQ(mine.set, 1);
  EXPECT_EQ(mine.ivlen_after_set, 16u);
  EXPECT_EQ(mine.got, theirs.got);
  EXPECT_EQ(mine.keylen, theirs.keylen);
  EXPECT_EQ(mine.ivlen, theirs.ivlen);
  EXPECT_EQ(mine.taglen, theirs.taglen);
  EXPECT_EQ(mine.iv, theirs.iv);
  EXPECT_EQ(mine.set, theirs.set);
  EXPECT_EQ(mine.ivlen_after_set, theirs.ivlen_after_set);
  EXPECT_EQ(mine.ct, theirs.ct);
  EXPECT_EQ(mine.tag, theirs.tag);
}

}  // namespace
