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
#include "common/bytes.hpp"  // ct::wipe

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

// The verdict of an open from the tag it expects: ok = equal_mask(expected, received, tag_len),
// out[0..out_len) &= ok, `expected` (16 bytes) wiped (with it an attacker could forge for this
// message); returns ok, 0xff or 0x00, without a branch on it. For kernels that decrypt and write
// the expected tag (backends/open_verify_adapter.inc) and the incremental API's last step. Out of
// line: backends compiled with ISA flags call this generic code rather than compile a copy.
std::uint8_t open_verdict(std::uint8_t expected[16], const std::uint8_t* received,
                          std::size_t tag_len, std::uint8_t* out, std::size_t out_len) noexcept;

// The x86 kernels are written with intrinsics, and the compiler spills round keys, powers of H
// and per-message values (E(J0), GCM-SIV's derived keys) to their frames; those copies stay in the
// dead stack after the call returns. Every entry point that runs a kernel on a key (create, seal,
// open, the batch, incremental, CTR and single-block calls) records the lowest address its calls
// may write: its stack pointer less the backend's stack_bytes (backend.hpp, the measured depth of
// its deepest kernel with a margin; XAES-256-GCM adds its message key's frame). A key's destructor
// calls wipe_stack, which zeroes from just below its caller down to the lowest address recorded
// on this thread's stack, and starts the record afresh. So what the destroying thread's calls
// left goes with the key however deep they ran (tests/hygiene checks call depths 0-16 KiB, and
// that no call writes below what its entry point records), and the wipe costs what the calls
// used: a short message's ~0.5 KiB, not a fixed worst case. Other threads' stacks are out of
// reach: docs/VERIFICATION.md §6.
void wipe_stack() noexcept;
#ifdef __OPTIMIZE__
// The most one wipe zeroes when the recorded address is not on this thread's known stack.
inline constexpr std::size_t kStackWipeBytes = 8 * 1024;
// -O0 frames are several times deeper than the optimised ones that stack_bytes measures.
inline constexpr std::size_t kStackDepthScale = 1;
#else
inline constexpr std::size_t kStackWipeBytes = 48 * 1024;
inline constexpr std::size_t kStackDepthScale = 6;
#endif

// The lowest stack address this thread's kernel calls may have written since its last
// wipe_stack (UINTPTR_MAX: none). initial-exec TLS: one %fs-relative access, no call, also in the
// shared library (8 bytes of the static TLS surplus when the library is loaded with dlopen).
extern __thread std::uintptr_t deepest_entry __attribute__((tls_model("initial-exec")));

// Records that the caller's calls may write up to `below` bytes under its stack pointer; inlined
// into each entry point (a subtraction, a compare and, when deeper than before, a store: the stack
// pointer and the depth are public).
[[gnu::always_inline]] inline void note_stack_depth(std::size_t below) noexcept {
  std::uintptr_t sp;
#if defined(__x86_64__)
  __asm__("mov %%rsp, %0" : "=r"(sp));
#elif defined(__aarch64__)
  __asm__("mov %0, sp" : "=r"(sp));
#else
  sp = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
#endif
  below *= kStackDepthScale;
  const std::uintptr_t low = sp > below ? sp - below : 0;
  if (low < deepest_entry) deepest_entry = low;
}

// Zeroes the vector registers a caller may not rely on (x86-64: all of xmm/ymm/zmm 0-15, and
// zmm16-31 where the CPU has them; arm64: v0-v7, v16-v31 and the upper halves of v8-v15, whose
// low halves belong to the caller). The kernels return with the last round keys and blocks still
// in them, and the next lazy symbol resolution or signal frame saves the whole vector state to
// the stack: a key's destructor clears them before its stack wipe.
void clear_vector_registers() noexcept;

}  // namespace vg::detail::ct

#endif  // VG_SRC_COMMON_CT_HPP
