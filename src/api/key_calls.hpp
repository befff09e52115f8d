// The body of aead_key::seal/open, inlined into both API entry points (aead_key.cpp and the C API
// in capi/vg.cpp). Sharing it inline rather than having the C API call aead_key::seal matters in
// the shared library: aead_key::seal is an exported (interposable) symbol, so that call goes
// through the PLT, which measured ~4 ns of a ~20 ns 16-byte seal here.
#ifndef VG_SRC_API_KEY_CALLS_HPP
#define VG_SRC_API_KEY_CALLS_HPP

#include <cstdint>

#include "modes/modes.hpp"
#include "modes/xaes.hpp"
#include "vg/aead.hpp"

namespace vg::detail {

struct key_calls {
  static bool is_siv(algorithm alg) noexcept {
    return alg == algorithm::aes_128_gcm_siv || alg == algorithm::aes_256_gcm_siv;
  }

  static bool is_plain_gcm(algorithm alg) noexcept {
    return alg == algorithm::aes_128_gcm || alg == algorithm::aes_192_gcm ||
           alg == algorithm::aes_256_gcm;
  }

  // For the key's destruction (common/ct.hpp): how deep a call on `key` may write; a seal or
  // open of a short message (aad_len, len) takes the backend's shorter depth.
  [[gnu::always_inline]] static void note_stack_depth(const stack_reach& r, std::size_t extra,
                                                      std::size_t aad_len,
                                                      std::size_t len) noexcept {
    const bool short_call = len <= r.short_len && aad_len <= r.short_aad;
    ct::note_stack_depth((short_call ? r.short_call : r.any_call) + extra);
  }
  [[gnu::always_inline]] static void note_stack_depth(const aead_key& key, std::size_t aad_len,
                                                      std::size_t len) noexcept {
    note_stack_depth(is_siv(key.alg_) ? key.backend_->siv_stack : key.backend_->gcm_stack,
                     key.alg_ == algorithm::xaes_256_gcm ? xaes::kStackBytes : 0, aad_len, len);
  }
  [[gnu::always_inline]] static void note_stack_depth(const aead_key& key) noexcept {
    note_stack_depth(key, SIZE_MAX, SIZE_MAX);
  }

  // One straight path per algorithm family, plain GCM's first: each takes its stack record from
  // its own depths without testing the algorithm again. A 16-byte GCM seal measured 1-2.5 % faster
  // than with one shared record ahead of the GCM-SIV and XAES tests (docs/design/dispatch.md). A
  // key holds a valid algorithm, so what is neither GCM nor GCM-SIV is XAES-256-GCM.
  [[gnu::always_inline]] static status seal(const aead_key& key, const bytes_view& nonce,
                                            const bytes_view& aad, const bytes_view& in,
                                            const bytes_span& out, const bytes_span& tag) noexcept {
    if (key.backend_ == nullptr) return status::argument;
    const backend& b = *key.backend_;
    if (is_plain_gcm(key.alg_)) [[likely]] {
      note_stack_depth(b.gcm_stack, 0, aad.size(), in.size());
      return gcm::seal(b, key.state_, nonce, aad, in, out, tag);
    }
    if (is_siv(key.alg_)) {
      note_stack_depth(b.siv_stack, 0, aad.size(), in.size());
      return siv::seal(b, key.state_, nonce, aad, in, out, tag);
    }
    note_stack_depth(b.gcm_stack, xaes::kStackBytes, aad.size(), in.size());
    return xaes::seal(b, key.state_, nonce, aad, in, out, tag);
  }

  [[gnu::always_inline]] static status open(const aead_key& key, const bytes_view& nonce,
                                            const bytes_view& aad, const bytes_view& in,
                                            const bytes_span& out, const bytes_view& tag) noexcept {
    if (key.backend_ == nullptr) return status::argument;
    const backend& b = *key.backend_;
    if (is_plain_gcm(key.alg_)) [[likely]] {
      note_stack_depth(b.gcm_stack, 0, aad.size(), in.size());
      return gcm::open(b, key.state_, nonce, aad, in, out, tag);
    }
    if (is_siv(key.alg_)) {
      note_stack_depth(b.siv_stack, 0, aad.size(), in.size());
      return siv::open(b, key.state_, nonce, aad, in, out, tag);
    }
    note_stack_depth(b.gcm_stack, xaes::kStackBytes, aad.size(), in.size());
    return xaes::open(b, key.state_, nonce, aad, in, out, tag);
  }
};

}  // namespace vg::detail

#endif  // VG_SRC_API_KEY_CALLS_HPP
