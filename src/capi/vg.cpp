// The C API: a thin layer over vg::aead_key. Status and algorithm numbers are shared with the C++
// enums (static_asserts below), so conversions are casts. seal/open inline the same body as
// aead_key::seal/open (api/key_calls.hpp) instead of calling them: from inside the shared
// library a call to an exported member goes through the PLT.
#include "vg/vg.h"

#include <cstring>
#include <new>
#include <type_traits>

#include "api/key_calls.hpp"
#include "vg/aead.hpp"

struct vg_aead {
  vg::aead_key key;
};

static_assert(static_cast<int>(vg::status::nomem) == VG_ERR_NOMEM);
static_assert(static_cast<int>(vg::algorithm::aes_256_gcm_siv) == VG_AES_256_GCM_SIV);
static_assert(static_cast<int>(vg::algorithm::xaes_256_gcm) == VG_XAES_256_GCM);
static_assert(static_cast<int>(vg::status::random) == VG_ERR_RANDOM);

namespace {

vg_status to_c(vg::status s) noexcept {
  return static_cast<vg_status>(s);
}

vg::bytes_view view(const uint8_t* p, size_t n) noexcept {
  return {p, n};
}

// std::span(p, n) requires [p, p + n) to be a valid range: a null p with n > 0 is undefined (a
// hardened standard library asserts). Every function checks its pointers before it builds a span.
using vg::detail::null_with_length;

// A C caller may pass any int where an enum is declared. In C++, reading an enum object whose value
// is outside the enumeration's range is undefined, so the raw value is taken from its bytes and
// validated by the C++ layer (which rejects unknown values).
template <typename CEnum>
int raw_value(const CEnum& e) noexcept {
  std::underlying_type_t<CEnum> raw;
  std::memcpy(&raw, &e, sizeof raw);
  return static_cast<int>(raw);
}

}  // namespace

extern "C" {

vg_status vg_aead_new(vg_aead** out, vg_alg alg, const uint8_t* key, size_t key_len) {
  if (out == nullptr) return VG_ERR_ARGUMENT;
  *out = nullptr;
  if (null_with_length(key, key_len)) return VG_ERR_ARGUMENT;
  auto* a = new (std::nothrow) vg_aead;
  if (a == nullptr) return VG_ERR_NOMEM;
  const vg::status s =
      vg::aead_key::create(static_cast<vg::algorithm>(raw_value(alg)), view(key, key_len), a->key);
  if (s != vg::status::ok) {
    delete a;
    return to_c(s);
  }
  *out = a;
  return VG_OK;
}

void vg_aead_free(vg_aead* aead) {
  delete aead;
}  // ~aead_key wipes the key

vg_status vg_aead_seal(const vg_aead* aead, const uint8_t* nonce, size_t nonce_len,
                       const uint8_t* aad, size_t aad_len, const uint8_t* in, size_t len,
                       uint8_t* out, uint8_t* tag, size_t tag_len) {
  if (aead == nullptr || null_with_length(nonce, nonce_len) || null_with_length(aad, aad_len) ||
      null_with_length(in, len) || null_with_length(out, len) || null_with_length(tag, tag_len)) {
    return VG_ERR_ARGUMENT;
  }
  return to_c(vg::detail::key_calls::seal(aead->key, view(nonce, nonce_len), view(aad, aad_len),
                                          view(in, len), {out, len}, {tag, tag_len}));
}

vg_status vg_aead_open(const vg_aead* aead, const uint8_t* nonce, size_t nonce_len,
                       const uint8_t* aad, size_t aad_len, const uint8_t* in, size_t len,
                       uint8_t* out, const uint8_t* tag, size_t tag_len) {
  if (aead == nullptr || null_with_length(nonce, nonce_len) || null_with_length(aad, aad_len) ||
      null_with_length(in, len) || null_with_length(out, len) || null_with_length(tag, tag_len)) {
    return VG_ERR_ARGUMENT;
  }
  return to_c(vg::detail::key_calls::open(aead->key, view(nonce, nonce_len), view(aad, aad_len),
                                          view(in, len), {out, len}, view(tag, tag_len)));
}

const char* vg_aead_backend(const vg_aead* aead) {
  // Backend names are string literals, so the view's data is NUL-terminated.
  return aead == nullptr ? "" : aead->key.backend_name().data();
}

const char* vg_status_string(vg_status status) {
  return vg::to_string(static_cast<vg::status>(raw_value(status)));
}

const char* vg_version(void) {
  return VG_VERSION_STRING;
}

}  // extern "C"
