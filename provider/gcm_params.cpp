// Parameters of the vgcrypt AES-GCM ciphers: the algorithm's constants (get_params), and the
// context's AEAD and TLS 1.2 parameters (get/set_ctx_params), with the lists OpenSSL uses to route
// EVP_CIPHER_CTX_ctrl calls here. Unknown parameters are ignored, as OpenSSL's own ciphers do.
//
// Nothing secret is decided here: tags are copied in and out as opaque bytes.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>

#include "gcm_ctx.hpp"

namespace vgprov {
namespace {

int get_algorithm_params(OSSL_PARAM params[], std::size_t key_bytes) {
  OSSL_PARAM* p;
  if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) != nullptr &&
      !OSSL_PARAM_set_uint(p, EVP_CIPH_GCM_MODE)) {
    return 0;
  }
  const struct {
    const char* name;
    int value;
  } flags[] = {{OSSL_CIPHER_PARAM_AEAD, 1},
               {OSSL_CIPHER_PARAM_CUSTOM_IV, 1},
               {OSSL_CIPHER_PARAM_CTS, 0},
               {OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0},
               {OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0}};
  for (const auto& f : flags) {
    if ((p = OSSL_PARAM_locate(params, f.name)) != nullptr && !OSSL_PARAM_set_int(p, f.value)) {
      return 0;
    }
  }
  const struct {
    const char* name;
    std::size_t value;
  } sizes[] = {{OSSL_CIPHER_PARAM_KEYLEN, key_bytes},
               {OSSL_CIPHER_PARAM_IVLEN, kDefaultIvBytes},
               {OSSL_CIPHER_PARAM_BLOCK_SIZE, 1}};
  for (const auto& s : sizes) {
    if ((p = OSSL_PARAM_locate(params, s.name)) != nullptr && !OSSL_PARAM_set_size_t(p, s.value)) {
      return 0;
    }
  }
  return 1;
}

// The context parameters this file reads or writes. libcrypto calls get/set_ctx_params several
// times per EVP_CipherInit_ex (key and IV lengths, padding, the IV length ctrl), usually with one
// parameter; a lookup per known name (OSSL_PARAM_locate: a strcmp for every pair) cost more than
// the work it found, so the array is walked once and each key is compared (strcmp) only with the
// names that share its first letter. Measured: an IV-only EVP_CipherInit_ex went from 75 to 37 ns,
// `openssl speed` at 16 B (which re-keys every message) gained ~25%.
enum class param_id : std::uint8_t {
  keylen,
  ivlen,  // also OSSL_CIPHER_PARAM_AEAD_IVLEN
  taglen,
  iv,
  updated_iv,
  tag,
  tlsaad,
  tlsaadpad,
  tlsivfixed,
  tlsivgen,
  tlsivinv,
  count,
};

struct named_param {
  const char* name;
  param_id id;
};
constexpr named_param kKnownParams[] = {
    {OSSL_CIPHER_PARAM_KEYLEN, param_id::keylen},
    {OSSL_CIPHER_PARAM_IVLEN, param_id::ivlen},
    {OSSL_CIPHER_PARAM_AEAD_TAGLEN, param_id::taglen},
    {OSSL_CIPHER_PARAM_IV, param_id::iv},
    {OSSL_CIPHER_PARAM_UPDATED_IV, param_id::updated_iv},
    {OSSL_CIPHER_PARAM_AEAD_TAG, param_id::tag},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, param_id::tlsaad},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, param_id::tlsaadpad},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, param_id::tlsivfixed},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, param_id::tlsivgen},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, param_id::tlsivinv},
};

// The first parameter of each known name (what OSSL_PARAM_locate would return), or null.
// Param: OSSL_PARAM (get_ctx_params) or const OSSL_PARAM (set_ctx_params).
template <class Param>
struct found_params {
  Param* at[static_cast<int>(param_id::count)] = {};
  Param* operator[](param_id id) const { return at[static_cast<int>(id)]; }
};

template <class Param>
found_params<Param> find_params(Param* params) {
  found_params<Param> f;
  for (Param* p = params; p != nullptr && p->key != nullptr; ++p) {
    for (const named_param& k : kKnownParams) {
      if (k.name[0] != p->key[0] || std::strcmp(k.name, p->key) != 0) continue;
      Param*& slot = f.at[static_cast<int>(k.id)];
      if (slot == nullptr) slot = p;
      break;
    }
  }
  return f;
}

// The IV as OpenSSL reports it: an octet string, or a pointer into the context.
int put_iv(OSSL_PARAM* p, gcm_ctx& c) {
  if (c.iv == iv_state::unset || c.iv_bytes > p->data_size) return 0;
  return OSSL_PARAM_set_octet_string(p, c.iv_value, c.iv_bytes) ||
         OSSL_PARAM_set_octet_ptr(p, c.iv_value, c.iv_bytes);
}

// "tlsaad": the 13-byte TLS 1.2 AAD. Its length field counts the explicit nonce (and, for records
// being opened, the tag); GCM authenticates the payload length only, so both are taken off.
// Record mode needs the 12-byte TLS nonce (gcm_cipher.cpp, tls_set_fixed_iv).
bool set_tls_aad(gcm_ctx& c, const OSSL_PARAM* p) {
  if (c.iv_bytes != kTlsIvBytes) return false;
  if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != kTlsAadBytes) return false;
  std::memcpy(c.tls_aad, p->data, kTlsAadBytes);
  std::size_t len = std::size_t{c.tls_aad[11]} << 8 | c.tls_aad[12];
  const std::size_t remove = kTlsExplicitIvBytes + (c.encrypting ? 0 : kTagBytes);
  if (len < remove) return false;
  len -= remove;
  c.tls_aad[11] = static_cast<std::uint8_t>(len >> 8);
  c.tls_aad[12] = static_cast<std::uint8_t>(len);
  c.tls_aad_bytes = kTlsAadBytes;
  c.tls_aad_pad = kTagBytes;
  // OpenSSL's default provider keeps this AAD where it keeps the tag, so until a tag is set or
  // computed again it gives AAD bytes as the tag and checks the next message against them. Here
  // there is then no tag to read, and a check fails as it does there.
  c.tag_is_tls_aad = true;
  return true;
}

const OSSL_PARAM kGettableParams[] = {OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, nullptr),
                                      OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
                                      OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
                                      OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, nullptr),
                                      OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, nullptr),
                                      OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, nullptr),
                                      OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, nullptr),
                                      OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, nullptr),
                                      OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, nullptr),
                                      OSSL_PARAM_END};

const OSSL_PARAM kGettableCtxParams[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, nullptr, 0),
    OSSL_PARAM_END};

const OSSL_PARAM kSettableCtxParams[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, nullptr, 0),
    OSSL_PARAM_END};

}  // namespace

int get_params_128(OSSL_PARAM params[]) {
  return get_algorithm_params(params, 16);
}
int get_params_192(OSSL_PARAM params[]) {
  return get_algorithm_params(params, 24);
}
int get_params_256(OSSL_PARAM params[]) {
  return get_algorithm_params(params, 32);
}

const OSSL_PARAM* gettable_params(void*) {
  return kGettableParams;
}
const OSSL_PARAM* gettable_ctx_params(void*, void*) {
  return kGettableCtxParams;
}
const OSSL_PARAM* settable_ctx_params(void*, void*) {
  return kSettableCtxParams;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto& c = *static_cast<gcm_ctx*>(vctx);
  const auto f = find_params(params);
  OSSL_PARAM* p;
  if ((p = f[param_id::keylen]) != nullptr && !OSSL_PARAM_set_size_t(p, c.key_bytes)) return 0;
  if ((p = f[param_id::ivlen]) != nullptr && !OSSL_PARAM_set_size_t(p, c.iv_bytes)) return 0;
  if ((p = f[param_id::taglen]) != nullptr &&
      !OSSL_PARAM_set_size_t(p, c.tag_bytes != 0 ? c.tag_bytes : kTagBytes)) {
    return 0;
  }
  if ((p = f[param_id::iv]) != nullptr && !put_iv(p, c)) return 0;
  if ((p = f[param_id::updated_iv]) != nullptr && !put_iv(p, c)) return 0;
  if ((p = f[param_id::tlsaadpad]) != nullptr && !OSSL_PARAM_set_size_t(p, c.tls_aad_pad)) {
    return 0;
  }
  if ((p = f[param_id::tag]) != nullptr) {
    // Only a sealing context has a tag to give, in a length SP 800-38D allows (OpenSSL's default
    // provider gives any 1..16 bytes), at most the tag's own length (the default provider gives
    // whatever its buffer holds past a shorter tag set for opening).
    if (!vg::gcm_tag_length_allowed(p->data_size) || !c.encrypting || c.tag_bytes == 0 ||
        p->data_size > c.tag_bytes || c.tag_is_tls_aad ||
        !OSSL_PARAM_set_octet_string(p, c.tag, p->data_size)) {
      return 0;
    }
  }
  if ((p = f[param_id::tlsivgen]) != nullptr) {
    if (p->data == nullptr || p->data_type != OSSL_PARAM_OCTET_STRING ||
        !tls_generate_iv(c, static_cast<std::uint8_t*>(p->data), p->data_size)) {
      return 0;
    }
  }
  return 1;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  if (params == nullptr) return 1;
  auto& c = *static_cast<gcm_ctx*>(vctx);
  const auto f = find_params(params);
  const OSSL_PARAM* p;
  if ((p = f[param_id::tag]) != nullptr) {
    // Opening only: the tag to check at final, in a length SP 800-38D allows (OpenSSL's default
    // provider takes any 1..16 bytes).
    void* dst = c.tag;
    std::size_t n = 0;
    if (!OSSL_PARAM_get_octet_string(p, &dst, kTagBytes, &n) || !vg::gcm_tag_length_allowed(n) ||
        c.encrypting) {
      return 0;
    }
    c.tag_bytes = n;
    c.tag_is_tls_aad = false;
  }
  if ((p = f[param_id::ivlen]) != nullptr) {
    std::size_t n = 0;
    if (!OSSL_PARAM_get_size_t(p, &n) || n == 0 || n > kMaxIvBytes) return 0;
    if (n != c.iv_bytes) {
      // An IV given for the old length is not one for the new length: like OpenSSL's default
      // provider, a new IV is needed. Record mode needs "tlsivfixed" again.
      if (c.iv != iv_state::unset) c.iv = iv_state::finished;
      c.tls_iv_generated = false;
      c.iv_bytes = n;
    }
  }
  if ((p = f[param_id::tlsaad]) != nullptr && !set_tls_aad(c, p)) return 0;
  if ((p = f[param_id::tlsivfixed]) != nullptr) {
    if (p->data == nullptr || p->data_type != OSSL_PARAM_OCTET_STRING ||
        !tls_set_fixed_iv(c, static_cast<const std::uint8_t*>(p->data), p->data_size)) {
      return 0;
    }
  }
  if ((p = f[param_id::tlsivinv]) != nullptr) {
    if (p->data == nullptr || p->data_type != OSSL_PARAM_OCTET_STRING ||
        !tls_set_invocation(c, static_cast<const std::uint8_t*>(p->data), p->data_size)) {
      return 0;
    }
  }
  return 1;
}

}  // namespace vgprov
