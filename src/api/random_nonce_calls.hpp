// The bodies of random_nonce_key::seal/open over any aead_key, shared with the C API
// (vg_aead_seal_random/vg_aead_open_random), which works on the keys of vg_aead_new.
#ifndef VG_SRC_API_RANDOM_NONCE_CALLS_HPP
#define VG_SRC_API_RANDOM_NONCE_CALLS_HPP

#include "vg/aead.hpp"
#include "vg/random_nonce.hpp"

namespace vg::detail {

status seal_random_nonce(const aead_key& key, random_source source, void* context, bytes_view aad,
                         bytes_view in, bytes_span out) noexcept;
status open_random_nonce(const aead_key& key, bytes_view aad, bytes_view in,
                         bytes_span out) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_API_RANDOM_NONCE_CALLS_HPP
