// The C API of random-nonce sealing over the keys of vg_aead_new (src/api/random_nonce.cpp).
#include <new>

#include "api/random_nonce_calls.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

// The key handle of src/capi/vg.cpp; must stay token for token identical to its definition there.
struct vg_aead {
  vg::aead_key key;
};

namespace {

struct c_source {
  vg_random_fn fn;
  void* context;
};

// Adapts a C source (0 = success) to vg::random_source.
bool call_c_source(void* context, std::uint8_t* out, std::size_t len) noexcept {
  const auto* source = static_cast<const c_source*>(context);
  return source->fn(source->context, out, len) == 0;
}

vg_status seal(const vg_aead* aead, vg::random_source source, void* context, const uint8_t* aad,
               size_t aad_len, const uint8_t* in, size_t len, uint8_t* out, size_t out_len) {
  if (aead == nullptr) return VG_ERR_ARGUMENT;
  return static_cast<vg_status>(vg::detail::seal_random_nonce(
      aead->key, source, context, {aad, aad_len}, {in, len}, {out, out_len}));
}

}  // namespace

extern "C" {

size_t vg_aead_random_overhead(const vg_aead* aead) {
  return aead == nullptr || aead->key.empty() ? 0 : vg::random_nonce_overhead(aead->key.alg());
}

vg_status vg_aead_seal_random(const vg_aead* aead, const uint8_t* aad, size_t aad_len,
                              const uint8_t* in, size_t len, uint8_t* out, size_t out_len) {
  return seal(aead, vg::os_random, nullptr, aad, aad_len, in, len, out, out_len);
}

vg_status vg_aead_seal_random_from(const vg_aead* aead, vg_random_fn source, void* context,
                                   const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                   size_t len, uint8_t* out, size_t out_len) {
  if (source == nullptr) return VG_ERR_ARGUMENT;
  c_source c{source, context};
  return seal(aead, call_c_source, &c, aad, aad_len, in, len, out, out_len);
}

vg_status vg_aead_open_random(const vg_aead* aead, const uint8_t* aad, size_t aad_len,
                              const uint8_t* in, size_t in_len, uint8_t* out, size_t out_len) {
  if (aead == nullptr) return VG_ERR_ARGUMENT;
  return static_cast<vg_status>(
      vg::detail::open_random_nonce(aead->key, {aad, aad_len}, {in, in_len}, {out, out_len}));
}

}  // extern "C"
