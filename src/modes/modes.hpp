// The mode layer: what GCM and GCM-SIV do the same way on every CPU. Backends do the bulk work.
//
// Entry points come in two tiers. gcm::seal/gcm::open/siv::seal/siv::open are inline: the API
// inlines them, and for the common call (12-byte nonce, 16-byte tag) they check the buffers with
// the lengths folded to constants, build J0 and make the one indirect call into the kernel. Every
// other call goes to the out-of-line *_any versions in gcm.cpp/gcm_siv.cpp, which run the same
// check_call with run-time lengths. Both tiers apply the same rules in the same order, so a call
// gets the same status whichever tier takes it (tests/modes checks a grid of calls through both).
//
// Inline, the layer above the kernel costs ~120 instructions per 16-byte GCM seal (C API: ~110)
// instead of ~210 (~240) out of line, about 5 ns of ~25 ns on aesni-avx: at this size the whole
// call is bound by how fast instructions issue, so every instruction here costs about as much as
// one in the kernel (docs/design/dispatch.md).
//
// The calls into the *_any tier pass copies of the spans. They take references (see args.hpp);
// a span whose address is taken must live in memory, and GCC would then store every span on
// every call. Copies made at the call site are stored only when that rare path runs.
#ifndef VG_SRC_MODES_MODES_HPP
#define VG_SRC_MODES_MODES_HPP

#include <bit>
#include <cstdint>

#include "backends/backend.hpp"
#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "modes/args.hpp"

namespace vg::detail {

inline constexpr std::size_t kMinTagBytes = 4;

// ok is 0xff or 0x00 (a kernel's verdict): status::ok or status::auth, without a branch.
inline status verdict_status(std::uint8_t ok) noexcept {
  const int auth = static_cast<int>(status::auth);
  return static_cast<status>(auth &
                             ~static_cast<int>(static_cast<std::int8_t>(ct::value_barrier(ok))));
}

// The common call: 12-byte nonce and 16-byte tag (the only lengths GCM-SIV has, the recommended
// ones for GCM).
inline bool common_lengths(const bytes_view& nonce, std::size_t tag_len) noexcept {
  return nonce.size() == 12 && tag_len == 16;
}

namespace gcm {

// SP 800-38D §5.2.1.1: plaintext <= 2^39 - 256 bits, AAD < 2^64 bits (we take 2^61 - 1 bytes).
inline constexpr std::uint64_t kMaxPlaintext = (std::uint64_t{1} << 36) - 32;
inline constexpr std::uint64_t kMaxAad = (std::uint64_t{1} << 61) - 1;
inline constexpr mode_limits kLimits{.min_nonce = 1,
                                     .max_nonce = SIZE_MAX,
                                     .min_tag = kMinTagBytes,
                                     .max_tag = max_tag_length,
                                     .max_in = kMaxPlaintext,
                                     .max_aad = kMaxAad};

// SP 800-38D §7.1 step 2: the pre-counter block J0 for `nonce` (any length >= 1), written with one
// 16-byte store so that the kernel's load of it is forwarded.
void j0(const backend& b, const void* state, const bytes_view& nonce, std::uint8_t j0[16]) noexcept;

// J0 for a 96-bit nonce: nonce || 00 00 00 01 (byte 15 is the top byte of the second
// little-endian word).
inline void j0_96(const std::uint8_t* nonce, std::uint8_t j0[16]) noexcept {
  static_assert(std::endian::native == std::endian::little,
                "J0 is assembled in little-endian words");
  store_block(j0, load_le64(nonce), load_le32(nonce + 8) | (std::uint64_t{1} << 56));
}

// Any call: every nonce and tag length (gcm.cpp).
status seal_any(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_span& tag) noexcept;
status open_any(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_view& tag) noexcept;

// The *_any calls after their checks, for callers that have already run check_call with the same
// limits (the batch entry points, api/batch_calls.hpp, check every job before running any).
status seal_checked(const backend& b, const void* state, const bytes_view& nonce,
                    const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                    const bytes_span& tag) noexcept;
status open_checked(const backend& b, const void* state, const bytes_view& nonce,
                    const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                    const bytes_view& tag) noexcept;

// The common call inline, every other call through seal_any/open_any.
inline status seal(const backend& b, const void* state, const bytes_view& nonce,
                   const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                   const bytes_span& tag) noexcept {
  if (!common_lengths(nonce, tag.size())) {
    return seal_any(b, state, bytes_view(nonce), bytes_view(aad), bytes_view(in), bytes_span(out),
                    bytes_span(tag));
  }
  if (const status s = check_call(kLimits, nonce, aad, in, out, tag.data(), 16, true);
      s != status::ok) {
    return s;
  }
  alignas(16) std::uint8_t j0[16];
  j0_96(nonce.data(), j0);
  b.gcm->seal(state, j0, /*public_counter=*/true, aad.data(), aad.size(), in.data(), out.data(),
              in.size(), tag.data());
  return status::ok;
}

inline status open(const backend& b, const void* state, const bytes_view& nonce,
                   const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                   const bytes_view& tag) noexcept {
  if (!common_lengths(nonce, tag.size())) {
    return open_any(b, state, bytes_view(nonce), bytes_view(aad), bytes_view(in), bytes_span(out),
                    bytes_view(tag));
  }
  if (const status s = check_call(kLimits, nonce, aad, in, out, tag.data(), 16, false);
      s != status::ok) {
    return s;
  }
  alignas(16) std::uint8_t j0[16];
  j0_96(nonce.data(), j0);
  // The kernel compares, masks the output and returns the verdict.
  return verdict_status(b.gcm->open_verify(state, j0, /*public_counter=*/true, aad.data(),
                                           aad.size(), in.data(), out.data(), in.size(), tag.data(),
                                           16));
}

}  // namespace gcm

namespace siv {

// RFC 8452 §6: plaintext and AAD <= 2^36 bytes.
inline constexpr std::uint64_t kMaxLength = std::uint64_t{1} << 36;
inline constexpr std::size_t kNonceBytes = 12;
inline constexpr mode_limits kLimits{.min_nonce = kNonceBytes,
                                     .max_nonce = kNonceBytes,
                                     .min_tag = max_tag_length,
                                     .max_tag = max_tag_length,
                                     .max_in = kMaxLength,
                                     .max_aad = kMaxLength};

// Any call: other nonce or tag lengths (refused), backends without siv_ops (gcm_siv.cpp).
status seal_any(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_span& tag) noexcept;
status open_any(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
                const bytes_view& in, const bytes_span& out, const bytes_view& tag) noexcept;

// The *_any calls after their checks (api/batch_calls.hpp).
status seal_checked(const backend& b, const void* state, const bytes_view& nonce,
                    const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                    const bytes_span& tag) noexcept;
status open_checked(const backend& b, const void* state, const bytes_view& nonce,
                    const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                    const bytes_view& tag) noexcept;

// The common call inline, every other call through seal_any/open_any.
inline status seal(const backend& b, const void* state, const bytes_view& nonce,
                   const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                   const bytes_span& tag) noexcept {
  if (!common_lengths(nonce, tag.size()) || b.siv == nullptr) {
    return seal_any(b, state, bytes_view(nonce), bytes_view(aad), bytes_view(in), bytes_span(out),
                    bytes_span(tag));
  }
  if (const status s = check_call(kLimits, nonce, aad, in, out, tag.data(), 16, true);
      s != status::ok) {
    return s;
  }
  b.siv->seal(state, nonce.data(), aad.data(), aad.size(), in.data(), out.data(), in.size(),
              tag.data());
  return status::ok;
}

inline status open(const backend& b, const void* state, const bytes_view& nonce,
                   const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                   const bytes_view& tag) noexcept {
  if (!common_lengths(nonce, tag.size()) || b.siv == nullptr) {
    return open_any(b, state, bytes_view(nonce), bytes_view(aad), bytes_view(in), bytes_span(out),
                    bytes_view(tag));
  }
  if (const status s = check_call(kLimits, nonce, aad, in, out, tag.data(), 16, false);
      s != status::ok) {
    return s;
  }
  return verdict_status(b.siv->open_verify(state, nonce.data(), aad.data(), aad.size(), in.data(),
                                           out.data(), in.size(), tag.data()));
}

}  // namespace siv

}  // namespace vg::detail

#endif  // VG_SRC_MODES_MODES_HPP
