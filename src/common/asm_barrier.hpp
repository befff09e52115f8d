// VG_ASM_BARRIER(constraint, x): an empty asm statement that claims to read and rewrite x, so that
// the compiler keeps x in a register (or in memory, "+m"), in the order written, and cannot
// reason about its value. The kernels and ct.hpp use it to keep XOR chains, stores and mask
// arithmetic as written.
//
// Under MemorySanitizer (the constant-time check of tests/ct, msan preset) a bare asm statement is
// wrong twice: MSan checks its inputs as a use (a secret-marked input is reported like a branch on
// it) and declares its outputs initialised (every secret passing through would turn public, hiding
// later leaks). There the macro saves x's shadow, runs the asm on an initialised x and restores the
// shadow: the barrier is transparent to the check. Every other build gets the bare asm.
#ifndef VG_SRC_COMMON_ASM_BARRIER_HPP
#define VG_SRC_COMMON_ASM_BARRIER_HPP

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define VG_MSAN 1
#endif
#endif

#ifdef VG_MSAN
#include <sanitizer/msan_interface.h>

#define VG_ASM_BARRIER(constraint, x)                        \
  do {                                                       \
    unsigned char vg_barrier_shadow_[sizeof(x)];             \
    __msan_copy_shadow(vg_barrier_shadow_, &(x), sizeof(x)); \
    __msan_unpoison(&(x), sizeof(x));                        \
    __asm__("" : constraint(x));                             \
    __msan_copy_shadow(&(x), vg_barrier_shadow_, sizeof(x)); \
  } while (0)
#else
#define VG_ASM_BARRIER(constraint, x) __asm__("" : constraint(x))
#endif

#endif  // VG_SRC_COMMON_ASM_BARRIER_HPP
