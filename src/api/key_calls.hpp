// The body of aead_key::seal/open, inlined into both API entry points (aead_key.cpp and the C API
// in capi/vg.cpp). Sharing it inline rather than having the C API call aead_key::seal matters in
// the shared library: aead_key::seal is an exported (interposable) symbol, so that call goes
// through the PLT, which measured ~4 ns of a ~20 ns 16-byte seal here.
#ifndef VG_SRC_API_KEY_CALLS_HPP
#define VG_SRC_API_KEY_CALLS_HPP

#include "modes/modes.hpp"
#include "modes/xaes.hpp"
#include "vg/aead.hpp"

namespace vg::detail {

struct key_calls {
  static bool is_siv(algorithm alg) noexcept {
    return alg == algorithm::aes_128_gcm_siv || alg == algorithm::aes_256_gcm_siv;
  }

  [[gnu::always_inline]] static status seal(const aead_key& key, const bytes_view& nonce,
                                            const bytes_view& aad, const bytes_view& in,
                                            const bytes_span& out, const bytes_span& tag) noexcept {
    if (key.backend_ == nullptr) return status::argument;
    ct::note_stack_depth();  // for the key's destruction (common/ct.hpp)
    if (is_siv(key.alg_)) return siv::seal(*key.backend_, key.state_, nonce, aad, in, out, tag);
    if (key.alg_ == algorithm::xaes_256_gcm) {
      return xaes::seal(*key.backend_, key.state_, nonce, aad, in, out, tag);
    }
    return gcm::seal(*key.backend_, key.state_, nonce, aad, in, out, tag);
  }

  [[gnu::always_inline]] static status open(const aead_key& key, const bytes_view& nonce,
                                            const bytes_view& aad, const bytes_view& in,
                                            const bytes_span& out, const bytes_view& tag) noexcept {
    if (key.backend_ == nullptr) return status::argument;
    ct::note_stack_depth();  // for the key's destruction (common/ct.hpp)
    if (is_siv(key.alg_)) return siv::open(*key.backend_, key.state_, nonce, aad, in, out, tag);
    if (key.alg_ == algorithm::xaes_256_gcm) {
      return xaes::open(*key.backend_, key.state_, nonce, aad, in, out, tag);
    }
    return gcm::open(*key.backend_, key.state_, nonce, aad, in, out, tag);
  }
};

}  // namespace vg::detail

#endif  // VG_SRC_API_KEY_CALLS_HPP
