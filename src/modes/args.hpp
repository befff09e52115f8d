// Argument checks shared by every mode: null pointers, sizes, aliasing and length limits.
//
// Rules (documented in include/vg/aead.hpp): a pointer may be null only with length 0; `out` has
// the size of `in`; `out` may be exactly `in` but must not otherwise overlap any input or the tag.
//
// Everything here is inline: the checks run on every call, and out of line they cost more than
// they do (a call with ten arguments spilled to the stack, and no constant folding). Inlined into
// a caller that has already seen a 12-byte nonce and a 16-byte tag, the compiler folds their
// length tests away and what is left is a few compares per buffer pair.
//
// The mode layer takes spans by reference: passed by value through several calls, GCC copies the
// stack-passed ones with 16-byte loads of two 8-byte stores, which the store buffer cannot forward
// (measured: ~20 ns per 16-byte seal).
#ifndef VG_SRC_MODES_ARGS_HPP
#define VG_SRC_MODES_ARGS_HPP

#include <cstdint>

#include "vg/aead.hpp"

namespace vg::detail {

inline bool null_with_length(const void* p, std::size_t n) noexcept {
  return p == nullptr && n != 0;
}

// True when the byte ranges [a, a+an) and [b, b+bn) share a byte. The address compares come
// first: for the buffers of a valid call they settle the answer in one or two compares, and the
// empty-range tests are needed only when the addresses interleave.
inline bool overlaps(const void* a, std::size_t an, const void* b, std::size_t bn) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a);
  const auto y = reinterpret_cast<std::uintptr_t>(b);
  return x < y + bn && y < x + an && an != 0 && bn != 0;
}

// Checks the buffers of one seal or open call. `tag` is written by seal and read by open; either
// way it must not overlap `out`, and for seal it must not overlap an input either.
inline status check_buffers(const bytes_view& nonce, const bytes_view& aad, const bytes_view& in,
                            const bytes_span& out, const std::uint8_t* tag, std::size_t tag_len,
                            bool tag_is_output) noexcept {
  // The failure branches are marked unlikely so that a valid call runs straight through them.
  const bool some_null = null_with_length(nonce.data(), nonce.size()) ||
                         null_with_length(aad.data(), aad.size()) ||
                         null_with_length(in.data(), in.size()) ||
                         null_with_length(out.data(), out.size()) || null_with_length(tag, tag_len);
  if (some_null || in.size() != out.size()) [[unlikely]] {
    return status::argument;
  }
  if (in.data() != out.data() && overlaps(in.data(), in.size(), out.data(), out.size()))
      [[unlikely]] {
    return status::argument;
  }
  if (overlaps(out.data(), out.size(), nonce.data(), nonce.size()) ||
      overlaps(out.data(), out.size(), aad.data(), aad.size()) ||
      overlaps(out.data(), out.size(), tag, tag_len)) [[unlikely]] {
    return status::argument;
  }
  if (tag_is_output && (overlaps(tag, tag_len, nonce.data(), nonce.size()) ||
                        overlaps(tag, tag_len, aad.data(), aad.size()) ||
                        overlaps(tag, tag_len, in.data(), in.size()))) [[unlikely]] {
    return status::argument;
  }
  return status::ok;
}

// What a mode accepts; check_call() turns violations into statuses.
struct mode_limits {
  std::size_t min_nonce, max_nonce;
  std::size_t min_tag, max_tag;
  std::uint64_t max_in, max_aad;
};

// Checks one seal/open call: buffers first (status::argument), then nonce, tag and lengths.
inline status check_call(const mode_limits& limits, const bytes_view& nonce, const bytes_view& aad,
                         const bytes_view& in, const bytes_span& out, const std::uint8_t* tag,
                         std::size_t tag_len, bool tag_is_output) noexcept {
  if (const status s = check_buffers(nonce, aad, in, out, tag, tag_len, tag_is_output);
      s != status::ok) {
    return s;
  }
  if (nonce.size() < limits.min_nonce || nonce.size() > limits.max_nonce) [[unlikely]] {
    return status::nonce_length;
  }
  // Every mode's lengths lie in the SP 800-38D set (GCM-SIV: 16 only).
  if (tag_len < limits.min_tag || tag_len > limits.max_tag || !gcm_tag_length_allowed(tag_len))
      [[unlikely]] {
    return status::tag_length;
  }
  if (in.size() > limits.max_in || aad.size() > limits.max_aad) [[unlikely]]
    return status::too_long;
  return status::ok;
}

// check_call out of line (check.cpp), for the rare calls.
status check_call_any(const mode_limits& limits, const bytes_view& nonce, const bytes_view& aad,
                      const bytes_view& in, const bytes_span& out, const std::uint8_t* tag,
                      std::size_t tag_len, bool tag_is_output) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_MODES_ARGS_HPP
