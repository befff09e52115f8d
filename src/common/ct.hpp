// Constant-time helpers for generic (non-ISA) code.
//
// Contract: the running time and the memory addresses touched depend only on the lengths passed,
// never on the bytes. `value_barrier` hides a value from the optimiser so that it cannot turn mask
// arithmetic back into a branch (compilers do this for "x == 0 ? a : b" patterns they recognise).
#ifndef VG_SRC_COMMON_CT_HPP
#define VG_SRC_COMMON_CT_HPP

#include <cstddef>
#include <cstdint>

#include "common/asm_barrier.hpp"

namespace vg::detail::ct {

template <typename T>
inline T value_barrier(T x) noexcept {
  VG_ASM_BARRIER("+r", x);
  return x;
}

// 0xff when a[0..n) == b[0..n), 0x00 otherwise; every byte is read whatever the earlier ones were.
inline std::uint8_t equal_mask(const std::uint8_t* a, const std::uint8_t* b,
                               std::size_t n) noexcept {
  std::uint32_t diff = 0;
  for (std::size_t i = 0; i < n; ++i) diff |= static_cast<std::uint32_t>(a[i] ^ b[i]);
  diff = value_barrier(diff);  // diff is in 0..255: (diff - 1) >> 8 has low byte 0xff iff diff == 0
  return static_cast<std::uint8_t>((diff - 1) >> 8);
}

// p[i] &= mask for i < n, with mask 0x00 or 0xff; word-wide, branch-free.
void and_mask(std::uint8_t* p, std::size_t n, std::uint8_t mask) noexcept;

// Overwrites n bytes with zeros in a way the compiler may not elide.
void wipe(void* p, std::size_t n) noexcept;

// Zeroes kStackWipeBytes of the stack just below the caller's frame. The x86 kernels are written
// with intrinsics, and the compiler spills round keys, powers of H and per-message values (E(J0),
// GCM-SIV's derived keys) to their frames; those copies stay in the dead stack after the call
// returns. A key's destructor calls this so that what the destroying thread's calls left there
// goes with the key (tests/hygiene checks it, with the depth the kernels' frames reach). Other
// threads' stacks are out of reach: docs/VERIFICATION.md §6.
void wipe_stack() noexcept;
#ifdef __OPTIMIZE__
// The deepest frames measured (portable GCM-SIV) reach ~4.6 KiB. Zeroing costs ~50 ns for 8 KiB
// here but ~0.9 us for 16 KiB (a cliff past 12 KiB: the string store stops keeping lines in L1).
inline constexpr std::size_t kStackWipeBytes = 8 * 1024;
#else
inline constexpr std::size_t kStackWipeBytes = 48 * 1024;  // -O0 frames are several times deeper
#endif

// Zeroes the vector registers a caller may not rely on (x86-64: all of xmm/ymm/zmm 0-15, and
// zmm16-31 where the CPU has them; arm64: v0-v7, v16-v31 and the upper halves of v8-v15, whose
// low halves belong to the caller). The kernels return with the last round keys and blocks still
// in them, and the next lazy symbol resolution or signal frame saves the whole vector state to
// the stack: a key's destructor clears them before its stack wipe.
void clear_vector_registers() noexcept;

}  // namespace vg::detail::ct

#endif  // VG_SRC_COMMON_CT_HPP
