// The cipher operations of the vgcrypt provider: context life cycle, init, update/final (the
// incremental path, over vg::gcm_stream) and cipher (EVP_Cipher: the same, or one TLS 1.2 record).
//
// Semantics follow OpenSSL's own GCM implementation so that libcrypto and libssl cannot tell the
// difference: the IV is buffered by init and the message starts at the first AAD/data/final call;
// update with out == NULL is AAD; final checks the tag given through the "tag" parameter; after
// final the IV must be set again. Stricter than OpenSSL (README): a failed tag check, a new key or
// a new direction in the middle of a message also end it. TLS 1.2 records (after "tlsaad") are
// sealed and opened with vgcrypt's one-shot calls, so a forged record releases no plaintext (vg
// open zeroes it).
//
// Secrets (key, plaintext, tags) only pass through vgcrypt; every branch here is on lengths, call
// order or the verdict returned to OpenSSL, which is the caller's first branch on it.
#include <sys/random.h>

#include <cstring>
#include <new>

#include "gcm_ctx.hpp"

namespace vgprov {
namespace {

void release(shared_key* k) noexcept {
  if (k != nullptr && k->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) delete k;
}

bool set_key(gcm_ctx& c, const unsigned char* key, std::size_t n) noexcept {
  if (n != c.key_bytes) return false;
  // Sole owner: rewrite in place. Shared with a duplicate: the duplicate keeps the old key.
  if (c.key == nullptr || c.key->owners.load(std::memory_order_acquire) != 1) {
    auto* fresh = new (std::nothrow) shared_key;
    if (fresh == nullptr) return false;
    release(c.key);
    c.key = fresh;
  }
  // A message in progress ends: its IV was used under the old key, and restarting it under the
  // same key would use it twice. (OpenSSL's default provider continues from a zeroed GCM state,
  // whose keystream does not depend on the IV.) A new IV is needed.
  if (c.iv == iv_state::started) c.iv = iv_state::finished;
  c.tls_records = 0;
  return vg::aead_key::create(c.alg, {key, n}, c.key->key) == vg::status::ok;
}

bool has_key(const gcm_ctx& c) noexcept {
  return c.key != nullptr && !c.key->key.empty();
}

// Record mode is on: "tlsivfixed" was given for a 12-byte IV, which is still the IV length.
bool tls_iv_ready(const gcm_ctx& c) noexcept {
  return c.tls_iv_generated && c.iv_bytes == kTlsIvBytes;
}

// Begins the gcm_stream with the buffered IV.
bool start_message(gcm_ctx& c) noexcept {
  if (!has_key(c) || c.iv != iv_state::buffered) return false;
  const vg::bytes_view nonce{c.iv_value, c.iv_bytes};
  const vg::status s = c.encrypting ? c.stream.begin_seal(c.key->key, nonce)
                                    : c.stream.begin_open(c.key->key, nonce);
  if (s != vg::status::ok) return false;
  c.iv = iv_state::started;
  c.aad_tail = 0;
  c.aad_closed_early = false;
  return true;
}

bool ensure_started(gcm_ctx& c) noexcept {
  if (c.iv == iv_state::buffered) return start_message(c);
  return c.iv == iv_state::started;  // unset (no IV given) and finished (IV used) are errors
}

int init(void* vctx, const unsigned char* key, size_t keylen, const unsigned char* iv, size_t ivlen,
         const OSSL_PARAM params[], bool encrypting) {
  auto& c = *static_cast<gcm_ctx*>(vctx);
  // Without a new IV, an init continues the message in progress (as OpenSSL's default provider
  // does), unless it changes the direction: a stream seals or opens, not both.
  if (c.iv == iv_state::started && c.encrypting != encrypting) c.iv = iv_state::finished;
  c.encrypting = encrypting;
  if (iv != nullptr) {
    if (ivlen == 0 || ivlen > kMaxIvBytes) return 0;
    c.iv_bytes = ivlen;
    std::memcpy(c.iv_value, iv, ivlen);
    c.iv = iv_state::buffered;
  }
  if (key != nullptr && !set_key(c, key, keylen)) return 0;
  return set_ctx_params(vctx, params);
}

// Increments the last 8 bytes of the 12-byte IV (big-endian): the TLS 1.2 explicit nonce counter.
void increment_invocation(gcm_ctx& c) noexcept {
  for (std::size_t i = kTlsIvBytes; i-- > kTlsFixedIvBytes;) {
    if (++c.iv_value[i] != 0) break;
  }
}

// Fills n bytes from the kernel's random generator.
bool random_fill(std::uint8_t* p, std::size_t n) noexcept {
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got <= 0) return false;  // EINTR is impossible for n <= 256 once the pool is ready
    p += got;
    n -= static_cast<std::size_t>(got);
  }
  return true;
}

// One whole TLS 1.2 record, in place: explicit nonce (8) || payload || tag (16). Like OpenSSL's
// GCM, an opened record's length is reported as the payload's through update (libssl reads it)
// and as the whole record's through cipher (EVP_Cipher).
int tls_record(gcm_ctx& c, unsigned char* out, size_t* outl, const unsigned char* in, size_t len,
               bool payload_length) noexcept {
  *outl = 0;
  int ok = 0;
  const std::size_t overhead = kTlsExplicitIvBytes + kTagBytes;
  if (has_key(c) && tls_iv_ready(c) && out == in && len >= overhead) {
    const std::size_t payload = len - overhead;
    std::uint8_t* body = out + kTlsExplicitIvBytes;
    const vg::bytes_view aad{c.tls_aad, c.tls_aad_bytes};
    c.tag_bytes = kTagBytes;  // what the tag length reads from now on, as with OpenSSL's GCM
    if (c.encrypting) {
      // The counter never wraps: at most 2^64 - 1 records under one key (SP 800-38D §8.2.1).
      if (c.tls_records != UINT64_MAX) {
        ++c.tls_records;
        std::memcpy(out, c.iv_value + c.iv_bytes - kTlsExplicitIvBytes, kTlsExplicitIvBytes);
        std::uint8_t nonce[kMaxIvBytes];
        std::memcpy(nonce, c.iv_value, c.iv_bytes);
        increment_invocation(c);
        ok = c.key->key.seal({nonce, c.iv_bytes}, aad, {body, payload}, {body, payload},
                             {body + payload, kTagBytes}) == vg::status::ok;
        if (ok) {
          *outl = len;
          count_seal();
          count_bytes(payload);
        }
      }
    } else {
      std::memcpy(c.iv_value + c.iv_bytes - kTlsExplicitIvBytes, in, kTlsExplicitIvBytes);
      ok = c.key->key.open({c.iv_value, c.iv_bytes}, aad, {body, payload}, {body, payload},
                           {body + payload, kTagBytes}) == vg::status::ok;
      if (ok) {
        *outl = payload_length ? payload : len;
        count_open();
        count_bytes(payload);
      }
    }
  }
  c.iv = iv_state::finished;
  c.tls_aad_bytes = 0;
  return ok;
}

// AAD (out == NULL) or data, after the message has started.
int absorb(gcm_ctx& c, unsigned char* out, const unsigned char* in, size_t inl) noexcept {
  if (!ensure_started(c)) return 0;
  if (out == nullptr) {
    if (inl != 0 && c.aad_closed_early) return 0;
    if (c.stream.aad({in, inl}) != vg::status::ok) return 0;
    c.aad_tail = static_cast<std::uint8_t>((c.aad_tail + inl) % 16);
    return 1;
  }
  if (c.stream.update({in, inl}, {out, inl}) != vg::status::ok) return 0;
  count_bytes(inl);
  return 1;
}

int finish(gcm_ctx& c) noexcept {
  if (c.tls_aad_bytes != 0) {  // a record was announced: final is no record (as OpenSSL's GCM)
    c.tls_aad_bytes = 0;
    c.iv = iv_state::finished;
    return 0;
  }
  if (!ensure_started(c)) return 0;
  int ok;
  if (c.encrypting) {
    ok = c.stream.finish_seal({c.tag, kTagBytes}) == vg::status::ok;
    c.tag_bytes = ok ? kTagBytes : 0;
    c.tag_is_tls_aad = false;
    if (ok) count_seal();
  } else {
    // The tag must have been given before final, as with OpenSSL's GCM; without one, nothing is
    // decided and the message goes on. Once checked, the message is over whatever the verdict.
    if (c.tag_bytes == 0) return 0;
    ok = !c.tag_is_tls_aad && c.stream.finish_open({c.tag, c.tag_bytes}) == vg::status::ok;
    if (ok) count_open();
  }
  c.iv = iv_state::finished;  // never reuse the IV
  return ok;
}

gcm_ctx* make(vg::algorithm alg, std::size_t key_bytes) {
  auto* c = new (std::nothrow) gcm_ctx;
  if (c != nullptr) {
    c->alg = alg;
    c->key_bytes = key_bytes;
  }
  return c;
}

}  // namespace

void* newctx_128(void*) {
  return make(vg::algorithm::aes_128_gcm, 16);
}
void* newctx_192(void*) {
  return make(vg::algorithm::aes_192_gcm, 24);
}
void* newctx_256(void*) {
  return make(vg::algorithm::aes_256_gcm, 32);
}

void freectx(void* vctx) {
  auto* c = static_cast<gcm_ctx*>(vctx);
  if (c == nullptr) return;
  release(c->key);
  delete c;  // the gcm_stream wipes itself; the key block is wiped by ~aead_key when released
}

void* dupctx(void* vctx) {
  const auto& c = *static_cast<const gcm_ctx*>(vctx);
  auto* copy = new (std::nothrow) gcm_ctx(c);
  if (copy != nullptr && copy->key != nullptr) {
    copy->key->owners.fetch_add(1, std::memory_order_relaxed);
  }
  return copy;
}

int encrypt_init(void* vctx, const unsigned char* key, size_t keylen, const unsigned char* iv,
                 size_t ivlen, const OSSL_PARAM params[]) {
  return init(vctx, key, keylen, iv, ivlen, params, true);
}

int decrypt_init(void* vctx, const unsigned char* key, size_t keylen, const unsigned char* iv,
                 size_t ivlen, const OSSL_PARAM params[]) {
  return init(vctx, key, keylen, iv, ivlen, params, false);
}

int update(void* vctx, unsigned char* out, size_t* outl, size_t outsize, const unsigned char* in,
           size_t inl) {
  auto& c = *static_cast<gcm_ctx*>(vctx);
  *outl = 0;
  if (inl == 0) return 1;
  if (in == nullptr || (out != nullptr && outsize < inl)) return 0;
  if (c.tls_aad_bytes != 0) return tls_record(c, out, outl, in, inl, true);
  if (!absorb(c, out, in, inl)) return 0;
  *outl = inl;
  return 1;
}

int final(void* vctx, unsigned char*, size_t* outl, size_t) {
  *outl = 0;
  return finish(*static_cast<gcm_ctx*>(vctx));
}

int cipher(void* vctx, unsigned char* out, size_t* outl, size_t outsize, const unsigned char* in,
           size_t inl) {
  auto& c = *static_cast<gcm_ctx*>(vctx);
  *outl = 0;
  if (out != nullptr && outsize < inl) return 0;
  if (c.tls_aad_bytes != 0) return tls_record(c, out, outl, in, inl, false);
  if (in == nullptr) return finish(c);  // EVP_Cipher(ctx, NULL, NULL, 0) is final
  // No bytes still start the message (and fail without a usable IV), as with OpenSSL's GCM; empty
  // AAD is refused after text. Empty text is not given to the stream: AAD may still follow, unless
  // it would continue a partial block that OpenSSL's GCM has padded here.
  const bool empty_text = inl == 0 && out != nullptr;
  const bool ok = empty_text ? ensure_started(c) : absorb(c, out, in, inl) == 1;
  if (!ok) return 0;
  if (empty_text && c.aad_tail != 0) c.aad_closed_early = true;
  *outl = inl;
  return 1;
}

// "tlsivfixed": the 4-byte fixed part of the nonce, or, with length (size_t)-1, the whole IV.
// Record mode needs a 12-byte IV (the TLS 1.2 nonce, RFC 5288): the record paths read and write an
// 8-byte explicit part after the fixed part, so any other IV length is refused here. When sealing,
// the explicit part starts at a random value, as in OpenSSL's default provider: two contexts with
// the same key and fixed part (a key wrongly shared between connections) still draw different
// nonces unless the random starts collide. It then counts records.
bool tls_set_fixed_iv(gcm_ctx& c, const std::uint8_t* p, std::size_t n) noexcept {
  if (c.iv_bytes != kTlsIvBytes) return false;
  if (n == SIZE_MAX) {
    std::memcpy(c.iv_value, p, kTlsIvBytes);
  } else {
    if (n != kTlsFixedIvBytes) return false;
    std::memcpy(c.iv_value, p, n);
    if (c.encrypting && !random_fill(c.iv_value + n, kTlsIvBytes - n)) return false;
  }
  c.tls_iv_generated = true;
  c.iv = iv_state::buffered;
  return true;
}

// "tlsivgen": starts a message with the current IV, hands out its last n bytes, advances the
// counter (at most 2^64 - 1 times under one key).
bool tls_generate_iv(gcm_ctx& c, std::uint8_t* out, std::size_t n) noexcept {
  if (!tls_iv_ready(c) || !has_key(c) || c.tls_records == UINT64_MAX) return false;
  if (n == 0 || n > c.iv_bytes) n = c.iv_bytes;
  c.iv = iv_state::buffered;
  if (!start_message(c)) return false;
  std::memcpy(out, c.iv_value + c.iv_bytes - n, n);
  increment_invocation(c);
  ++c.tls_records;
  return true;
}

// "tlsivinv" (opening): the explicit part received with a record.
bool tls_set_invocation(gcm_ctx& c, const std::uint8_t* p, std::size_t n) noexcept {
  if (!tls_iv_ready(c) || !has_key(c) || c.encrypting || n > c.iv_bytes) return false;
  std::memcpy(c.iv_value + c.iv_bytes - n, p, n);
  c.iv = iv_state::buffered;
  return start_message(c);
}

}  // namespace vgprov
