// Marking secrets for a checker that tracks uninitialised data bit by bit: memory marked
// "undefined" is followed through every computation, and the checker reports each conditional
// branch or memory address that depends on it. A branch or table index on a key, plaintext or tag
// therefore becomes an error. Two checkers, one harness:
//
// * valgrind memcheck (the technique of ctgrind) on an ordinary build: "Conditional jump or move
//   depends on uninitialised value(s)", "Use of uninitialised value of size N". It runs the machine
//   code, but cannot execute VAES on ymm/zmm or AVX-512.
// * MemorySanitizer (clang -fsanitize=memory) on a build whose every translation unit is
//   instrumented: "use-of-uninitialized-value" for a branch, and (msan-check-access-address, on by
//   default) for a load or store through an address computed from marked data. It runs natively,
//   so it executes every kernel this CPU has.
//
// The library harness and the deliberately leaky self-test go through these same functions, so a
// harness whose marking does nothing (NVALGRIND, a removed call) is caught by the self-test.
#ifndef VG_TESTS_CT_SECRET_HPP
#define VG_TESTS_CT_SECRET_HPP

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define VG_CT_MSAN 1
#endif
#endif

#ifdef VG_CT_MSAN
#include <sanitizer/msan_interface.h>
#else
#include <valgrind/memcheck.h>
#endif

namespace vg::ct_test {

#ifdef VG_CT_MSAN
inline constexpr const char* kChecker = "MemorySanitizer";

inline void mark_secret(const void* p, std::size_t n) {
  __msan_poison(p, n);
}
inline void declassify(const void* p, std::size_t n) {
  __msan_unpoison(p, n);
}
// An instrumented build is always checked.
inline bool checker_active() {
  return true;
}
#else
inline constexpr const char* kChecker = "valgrind memcheck";

// From here on, memcheck treats every bit of p[0..n) as secret (undefined).
inline void mark_secret(const void* p, std::size_t n) {
  if (n != 0) (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}
// Declares p[0..n) public again. The harness uses it only for open()'s returned status.
inline void declassify(const void* p, std::size_t n) {
  if (n != 0) (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
}
inline bool checker_active() {
  return RUNNING_ON_VALGRIND != 0;
}
#endif

}  // namespace vg::ct_test

#endif  // VG_TESTS_CT_SECRET_HPP
