// GCM (NIST SP 800-38D) above the kernels, for every call the inline tier in modes.hpp does not
// take (nonces other than 96 bits, truncated tags, backends without open_verify): checks, the
// pre-counter block J0, tag truncation and the verdict of open. The kernels (backend.hpp) do the
// counter-mode encryption and GHASH; backends with open_verify also take the verdict (compare,
// mask the output) while the tag is in a register.
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
  if (b.gcm->open_verify != nullptr) {  // the kernel compares, masks the output and returns ok
    const std::uint8_t ok =
        b.gcm->open_verify(state, j0, public_counter, aad.data(), aad.size(), in.data(), out.data(),
                           in.size(), tag.data(), tag.size());
    return verdict_status(ok);
  }
  alignas(16) std::uint8_t expected[16];
  b.gcm->open(state, j0, public_counter, aad.data(), aad.size(), in.data(), out.data(), in.size(),
              expected);
  return finish_open(b, expected, tag.data(), tag.size(), out);
}

status finish_open(const backend& b, const std::uint8_t* expected, const std::uint8_t* received,
                   std::size_t tag_len, const bytes_span& out) noexcept {
  const std::uint8_t ok = ct::equal_mask(expected, received, tag_len);
  if (b.and_mask != nullptr) {
    b.and_mask(out.data(), out.size(), ok);
  } else {
    ct::and_mask(out.data(), out.size(), ok);
  }
  // Wiping the expected tag also matters: with it, an attacker could forge for this message.
  ct::wipe(const_cast<std::uint8_t*>(expected), 16);
  return verdict_status(ok);
}

}  // namespace vg::detail
