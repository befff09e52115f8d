// AES-GCM-SIV (RFC 8452) above the kernels, for every call the inline tier in modes.hpp does not
// take (other nonce or tag lengths, which check_call refuses, and backends without open_verify):
// checks and the verdict of open. Key derivation, POLYVAL, the tag and the CTR pass are the
// backend's (siv_ops), so that a backend can run the per-nonce key derivation in parallel AES
// lanes. Backends with open_verify also take the verdict (compare, mask the output) while the
// expected tag is in a register; the status is then derived from the returned mask arithmetically.
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
  if (b.siv->open_verify != nullptr) {  // the kernel compares, masks the output and returns ok
    return verdict_status(b.siv->open_verify(state, nonce.data(), aad.data(), aad.size(), in.data(),
                                             out.data(), in.size(), tag.data()));
  }
  alignas(16) std::uint8_t expected[16];
  b.siv->open(state, nonce.data(), aad.data(), aad.size(), in.data(), out.data(), in.size(),
              tag.data(), expected);
  return finish_open(b, expected, tag.data(), tag.size(), out);
}

}  // namespace vg::detail
