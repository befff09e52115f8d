// GCM (NIST SP 800-38D) above the kernels, for every call the inline tier in modes.hpp does not
// take (nonces other than 96 bits, truncated tags): checks, the pre-counter block J0 and tag
// truncation. The kernels (backend.hpp) do the counter-mode encryption and GHASH, and open's
// verdict (compare, mask the output): open_verify returns it as a mask, the status is derived from
// it arithmetically.
//
// J0 (§7.1 step 2): for a 96-bit IV, IV || 0^31 || 1; otherwise GHASH_H(IV || 0^s || 0^64 ||
// [len(IV)]_64). The nonce is public, so its length may choose the path.
#include <cstring>

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "modes/modes.hpp"

namespace vg::detail {

void gcm::j0(const backend& b, const void* state, const bytes_view& nonce,
             std::uint8_t j0[16]) noexcept {
  if (nonce.size() == 12) {
    gcm::j0_96(nonce.data(), j0);
    return;
  }
  store_block(j0, 0, 0);
  b.gcm->ghash(state, j0, nonce.data(), nonce.size());  // zero-pads the last block
  alignas(16) std::uint8_t lengths[16];
  store_block(lengths, 0, byte_swap64(std::uint64_t{nonce.size()} * 8));  // 0^64 || [len]_64
  b.gcm->ghash(state, j0, lengths, 16);
}

status gcm::seal_any(const backend& b, const void* state, const bytes_view& nonce,
                     const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                     const bytes_span& tag) noexcept {
  if (const status s =
          check_call_any(gcm::kLimits, nonce, aad, in, out, tag.data(), tag.size(), true);
      s != status::ok) {
    return s;
  }
  return gcm::seal_checked(b, state, nonce, aad, in, out, tag);
}

status gcm::seal_checked(const backend& b, const void* state, const bytes_view& nonce,
                         const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                         const bytes_span& tag) noexcept {
  alignas(16) std::uint8_t j0[16];
  gcm::j0(b, state, nonce, j0);
  // Only a 96-bit nonce gives counters that do not depend on the key (J0 = nonce || 1).
  const bool public_counter = nonce.size() == 12;
  if (tag.size() == 16) {
    b.gcm->seal(state, j0, public_counter, aad.data(), aad.size(), in.data(), out.data(), in.size(),
                tag.data());
    return status::ok;
  }
  alignas(16) std::uint8_t full[16];
  b.gcm->seal(state, j0, public_counter, aad.data(), aad.size(), in.data(), out.data(), in.size(),
              full);
  std::memcpy(tag.data(), full, tag.size());
  ct::wipe(full, sizeof full);
  return status::ok;
}

status gcm::open_any(const backend& b, const void* state, const bytes_view& nonce,
                     const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                     const bytes_view& tag) noexcept {
  if (const status s =
          check_call_any(gcm::kLimits, nonce, aad, in, out, tag.data(), tag.size(), false);
      s != status::ok) {
    return s;
  }
  return gcm::open_checked(b, state, nonce, aad, in, out, tag);
}

status gcm::open_checked(const backend& b, const void* state, const bytes_view& nonce,
                         const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                         const bytes_view& tag) noexcept {
  alignas(16) std::uint8_t j0[16];
  gcm::j0(b, state, nonce, j0);
  // Only a 96-bit nonce gives counters that do not depend on the key (J0 = nonce || 1).
  const bool public_counter = nonce.size() == 12;
  // The kernel compares, masks the output and returns the verdict.
  return verdict_status(b.gcm->open_verify(state, j0, public_counter, aad.data(), aad.size(),
                                           in.data(), out.data(), in.size(), tag.data(),
                                           tag.size()));
}

}  // namespace vg::detail
