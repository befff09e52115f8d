// AES-GCM-SIV (RFC 8452) above the kernels, for every call the inline tier in modes.hpp does not
// take (other nonce or tag lengths, which check_call refuses, and backends without GCM-SIV):
// checks. Key derivation, POLYVAL, the tag, the CTR pass and open's verdict (compare, mask the
// output) are the backend's (siv_ops), so that a backend can run the per-nonce key derivation in
// parallel AES lanes and compare while the expected tag is in a register; the status is derived
// from the returned mask arithmetically.
#include "modes/modes.hpp"

namespace vg::detail {

status siv::seal_any(const backend& b, const void* state, const bytes_view& nonce,
                     const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                     const bytes_span& tag) noexcept {
  if (b.siv == nullptr) return status::unsupported;
  if (const status s =
          check_call_any(siv::kLimits, nonce, aad, in, out, tag.data(), tag.size(), true);
      s != status::ok) {
    return s;
  }
  return siv::seal_checked(b, state, nonce, aad, in, out, tag);
}

status siv::seal_checked(const backend& b, const void* state, const bytes_view& nonce,
                         const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                         const bytes_span& tag) noexcept {
  b.siv->seal(state, nonce.data(), aad.data(), aad.size(), in.data(), out.data(), in.size(),
              tag.data());
  return status::ok;
}

status siv::open_any(const backend& b, const void* state, const bytes_view& nonce,
                     const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                     const bytes_view& tag) noexcept {
  if (b.siv == nullptr) return status::unsupported;
  if (const status s =
          check_call_any(siv::kLimits, nonce, aad, in, out, tag.data(), tag.size(), false);
      s != status::ok) {
    return s;
  }
  return siv::open_checked(b, state, nonce, aad, in, out, tag);
}

status siv::open_checked(const backend& b, const void* state, const bytes_view& nonce,
                         const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                         const bytes_view& tag) noexcept {
  // The kernel compares, masks the output and returns the verdict.
  return verdict_status(b.siv->open_verify(state, nonce.data(), aad.data(), aad.size(), in.data(),
                                           out.data(), in.size(), tag.data()));
}

}  // namespace vg::detail
