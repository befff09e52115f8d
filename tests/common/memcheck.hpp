// Valgrind memcheck hooks for the sweeps that double as constant-time checks when run under
// valgrind: poison() marks secrets (key, plaintext, ciphertext) undefined while the library runs,
// so any branch or address computed from them is reported; unpoison() declassifies outputs before
// a test compares them. Natively these are a few no-op instructions; where valgrind's header is
// absent (cross builds) they compile to nothing.
#ifndef VG_TESTS_COMMON_MEMCHECK_HPP
#define VG_TESTS_COMMON_MEMCHECK_HPP

#include <cstddef>

#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define VG_TEST_HAVE_MEMCHECK 1
#else
#define VG_TEST_HAVE_MEMCHECK 0
#endif

namespace vg::test {

inline void poison([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if VG_TEST_HAVE_MEMCHECK
  VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}

inline void unpoison([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if VG_TEST_HAVE_MEMCHECK
  VALGRIND_MAKE_MEM_DEFINED(p, n);
#endif
}

inline bool running_on_valgrind() {
#if VG_TEST_HAVE_MEMCHECK
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

/// Under valgrind the spec oracle dominates a sweep's run time: sweeps step by 13 there.
inline std::size_t length_step() {
  return running_on_valgrind() ? 13 : 1;
}

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_MEMCHECK_HPP
