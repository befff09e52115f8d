// The mode layer: what GCM and GCM-SIV do the same way on every CPU. Backends do the bulk work.
#ifndef VG_SRC_MODES_MODES_HPP
#define VG_SRC_MODES_MODES_HPP

#include <cstdint>

#include "backends/backend.hpp"

namespace vg::detail {

// SP 800-38D §5.2.1.1: plaintext <= 2^39 - 256 bits, AAD < 2^64 bits (we take 2^61 - 1 bytes).
inline constexpr std::uint64_t kGcmMaxPlaintext = (std::uint64_t{1} << 36) - 32;
inline constexpr std::uint64_t kGcmMaxAad = (std::uint64_t{1} << 61) - 1;
// RFC 8452 §6: plaintext and AAD <= 2^36 bytes.
inline constexpr std::uint64_t kSivMaxLength = std::uint64_t{1} << 36;
inline constexpr std::size_t kSivNonceBytes = 12;
inline constexpr std::size_t kMinTagBytes = 4;

// What a mode accepts; check_call() turns violations into statuses.
struct mode_limits {
  std::size_t min_nonce, max_nonce;
  std::size_t min_tag, max_tag;
  std::uint64_t max_in, max_aad;
};
inline constexpr mode_limits kGcmLimits{
    1, SIZE_MAX, kMinTagBytes, max_tag_length, kGcmMaxPlaintext, kGcmMaxAad};
inline constexpr mode_limits kSivLimits{kSivNonceBytes, kSivNonceBytes, max_tag_length,
                                        max_tag_length, kSivMaxLength,  kSivMaxLength};

// Checks one seal/open call: buffers first (status::argument), then nonce, tag and lengths.
status check_call(const mode_limits& limits, const bytes_view& nonce, const bytes_view& aad,
                  const bytes_view& in, const bytes_span& out, const std::uint8_t* tag,
                  std::size_t tag_len, bool tag_is_output) noexcept;

// SP 800-38D §7.1 step 2: the pre-counter block J0 for `nonce` (any length >= 1), written with one
// 16-byte store so that the kernel's load of it is forwarded.
void gcm_j0(const backend& b, const void* state, const bytes_view& nonce,
            std::uint8_t j0[16]) noexcept;

status gcm_seal(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_span& tag) noexcept;
status gcm_open(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_view& tag) noexcept;

status siv_seal(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_span& tag) noexcept;
status siv_open(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_view& tag) noexcept;

// ok is 0xff or 0x00 (a kernel's verdict): status::ok or status::auth, without a branch.
status verdict_status(std::uint8_t ok) noexcept;

// Finishes an open: compares `expected` with the received tag in constant time, ANDs `out` with the
// verdict mask and derives the status arithmetically (no branch on the verdict).
status finish_open(const backend& b, const std::uint8_t* expected, const std::uint8_t* received,
                   std::size_t tag_len, const bytes_span& out) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_MODES_MODES_HPP
