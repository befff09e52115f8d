// Out-of-line constant-time helpers (see ct.hpp for the contract).
#include "common/ct.hpp"

#include <pthread.h>

#include <algorithm>
#include <cstring>

#include "vg/cpu.hpp"

namespace vg::detail::ct {

void and_mask(std::uint8_t* p, std::size_t n, std::uint8_t mask) noexcept {
  const std::uint64_t wide = value_barrier(std::uint64_t{mask} * 0x0101010101010101u);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    w &= wide;
    std::memcpy(p + i, &w, 8);
  }
  for (; i < n; ++i) p[i] &= static_cast<std::uint8_t>(wide);
}

std::uint8_t open_verdict(std::uint8_t expected[16], const std::uint8_t* received,
                          std::size_t tag_len, std::uint8_t* out, std::size_t out_len) noexcept {
  const std::uint8_t ok = equal_mask(expected, received, tag_len);
  and_mask(out, out_len, ok);
  wipe(expected, 16);
  return ok;
}

__thread std::uintptr_t deepest_entry __attribute__((tls_model("initial-exec"))) = UINTPTR_MAX;

namespace {

// This thread's stack, [low, high); looked up on the thread's first wipe (glibc reads
// /proc/self/maps for the main thread), {0, 0} when unknown.
struct stack_bounds {
  std::uintptr_t low = 0, high = 0;
  bool known = false;
};
__thread stack_bounds thread_stack_bounds __attribute__((tls_model("initial-exec")));

stack_bounds this_thread_stack() noexcept {
  stack_bounds& b = thread_stack_bounds;
  if (!b.known) {
    b.known = true;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void* addr = nullptr;
      std::size_t size = 0;
      if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
        b.low = reinterpret_cast<std::uintptr_t>(addr);
        b.high = b.low + size;
      }
      pthread_attr_destroy(&attr);
    }
  }
  return b;
}

// Zeroes n bytes just below this function's frame. noinline: the area must lie below the caller.
[[gnu::noinline]] void zero_below(std::size_t n) noexcept {
  auto* area = static_cast<unsigned char*>(__builtin_alloca(n));
  wipe(area, n);
}

}  // namespace

[[gnu::noinline]] void wipe_stack() noexcept {
  const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  const std::uintptr_t lowest = deepest_entry;
  deepest_entry = UINTPTR_MAX;
  // Nothing recorded below this frame: this thread ran no kernel since its last wipe, or only
  // from frames above this one (their memory is the live frames of this call's callers).
  if (lowest >= here) return;
  std::size_t n = here - lowest;
  // Only this thread's own stack is zeroed: a record from another stack (a coroutine's, a signal
  // stack) says nothing about the memory below here; there, and when the stack is unknown, at most
  // kStackWipeBytes. The area stays a page above the stack's low end (the zeroing starts a frame
  // below here).
  const stack_bounds b = this_thread_stack();
  constexpr std::uintptr_t kPage = 4096;
  if (b.high != 0 && here < b.high && here > b.low + kPage) {
    const std::uintptr_t floor = b.low + kPage;
    if (lowest < floor) n = std::min<std::size_t>(here - floor, kStackWipeBytes);
  } else {
    n = std::min(n, kStackWipeBytes);
  }
  zero_below(n);
}

// The asm names no clobbers: every vector register is call-clobbered in the SysV x86-64 and
// AAPCS64 (upper halves of v8-v15) ABIs, so the caller of this out-of-line function keeps nothing
// there, and the registers it touches are chosen by the hardware that exists (detected_features,
// not VG_CPU_FEATURES: what a narrower backend did not touch, library code like memcpy may have).
[[gnu::noinline]] void clear_vector_registers() noexcept {
#if defined(__x86_64__)
  const cpu_feature_set cpu = detected_features();
  if (cpu & bit(cpu_feature::avx512f)) {
    // A VEX-encoded XOR of an xmm register with itself clears the whole zmm register (bits past
    // 128 are zeroed), the EVEX XORs clear the other sixteen. All are zeroing idioms, which the
    // rename stage resolves; vzeroall in their place measured ~1.3 TSC ticks (~0.6 ns) more a
    // call on the Zen 5 (docs/design/key-setup.md).
    __asm__ __volatile__(
        "vpxor %xmm0, %xmm0, %xmm0\n\tvpxor %xmm1, %xmm1, %xmm1\n\t"
        "vpxor %xmm2, %xmm2, %xmm2\n\tvpxor %xmm3, %xmm3, %xmm3\n\t"
        "vpxor %xmm4, %xmm4, %xmm4\n\tvpxor %xmm5, %xmm5, %xmm5\n\t"
        "vpxor %xmm6, %xmm6, %xmm6\n\tvpxor %xmm7, %xmm7, %xmm7\n\t"
        "vpxor %xmm8, %xmm8, %xmm8\n\tvpxor %xmm9, %xmm9, %xmm9\n\t"
        "vpxor %xmm10, %xmm10, %xmm10\n\tvpxor %xmm11, %xmm11, %xmm11\n\t"
        "vpxor %xmm12, %xmm12, %xmm12\n\tvpxor %xmm13, %xmm13, %xmm13\n\t"
        "vpxor %xmm14, %xmm14, %xmm14\n\tvpxor %xmm15, %xmm15, %xmm15\n\t"
        "vpxord %zmm16, %zmm16, %zmm16\n\tvpxord %zmm17, %zmm17, %zmm17\n\t"
        "vpxord %zmm18, %zmm18, %zmm18\n\tvpxord %zmm19, %zmm19, %zmm19\n\t"
        "vpxord %zmm20, %zmm20, %zmm20\n\tvpxord %zmm21, %zmm21, %zmm21\n\t"
        "vpxord %zmm22, %zmm22, %zmm22\n\tvpxord %zmm23, %zmm23, %zmm23\n\t"
        "vpxord %zmm24, %zmm24, %zmm24\n\tvpxord %zmm25, %zmm25, %zmm25\n\t"
        "vpxord %zmm26, %zmm26, %zmm26\n\tvpxord %zmm27, %zmm27, %zmm27\n\t"
        "vpxord %zmm28, %zmm28, %zmm28\n\tvpxord %zmm29, %zmm29, %zmm29\n\t"
        "vpxord %zmm30, %zmm30, %zmm30\n\tvpxord %zmm31, %zmm31, %zmm31");
  } else if (cpu & bit(cpu_feature::avx)) {
    __asm__ __volatile__("vzeroall");
  } else {
    __asm__ __volatile__(
        "pxor %xmm0, %xmm0\n\tpxor %xmm1, %xmm1\n\tpxor %xmm2, %xmm2\n\tpxor %xmm3, %xmm3\n\t"
        "pxor %xmm4, %xmm4\n\tpxor %xmm5, %xmm5\n\tpxor %xmm6, %xmm6\n\tpxor %xmm7, %xmm7\n\t"
        "pxor %xmm8, %xmm8\n\tpxor %xmm9, %xmm9\n\tpxor %xmm10, %xmm10\n\t"
        "pxor %xmm11, %xmm11\n\tpxor %xmm12, %xmm12\n\tpxor %xmm13, %xmm13\n\t"
        "pxor %xmm14, %xmm14\n\tpxor %xmm15, %xmm15");
  }
#elif defined(__aarch64__)
  __asm__ __volatile__(
      "movi v0.16b, #0\n\tmovi v1.16b, #0\n\tmovi v2.16b, #0\n\tmovi v3.16b, #0\n\t"
      "movi v4.16b, #0\n\tmovi v5.16b, #0\n\tmovi v6.16b, #0\n\tmovi v7.16b, #0\n\t"
      "mov v8.d[1], xzr\n\tmov v9.d[1], xzr\n\tmov v10.d[1], xzr\n\tmov v11.d[1], xzr\n\t"
      "mov v12.d[1], xzr\n\tmov v13.d[1], xzr\n\tmov v14.d[1], xzr\n\tmov v15.d[1], xzr\n\t"
      "movi v16.16b, #0\n\tmovi v17.16b, #0\n\tmovi v18.16b, #0\n\tmovi v19.16b, #0\n\t"
      "movi v20.16b, #0\n\tmovi v21.16b, #0\n\tmovi v22.16b, #0\n\tmovi v23.16b, #0\n\t"
      "movi v24.16b, #0\n\tmovi v25.16b, #0\n\tmovi v26.16b, #0\n\tmovi v27.16b, #0\n\t"
      "movi v28.16b, #0\n\tmovi v29.16b, #0\n\tmovi v30.16b, #0\n\tmovi v31.16b, #0");
#endif
}

}  // namespace vg::detail::ct
