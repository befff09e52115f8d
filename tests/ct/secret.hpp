// Marking secrets for valgrind memcheck, the technique of ctgrind: memory marked "undefined" is
// tracked bit by bit through every computation, and memcheck reports each conditional jump, move
// or memory address that depends on it. Run under memcheck, a branch or table index on a key,
// plaintext or tag therefore becomes an error ("Conditional jump or move depends on uninitialised
// value(s)", "Use of uninitialised value of size N").
//
// The library harness and the deliberately leaky self-test go through these same two functions,
// so a harness whose marking does nothing (NVALGRIND, a removed call) is caught by the self-test.
#ifndef VG_TESTS_CT_SECRET_HPP
#define VG_TESTS_CT_SECRET_HPP

#include <valgrind/memcheck.h>

#include <cstddef>

namespace vg::ct_test {

// From here on, memcheck treats every bit of p[0..n) as secret (undefined).
inline void mark_secret(const void* p, std::size_t n) {
  if (n != 0) (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

// Declares p[0..n) public again. The harness uses it only for open()'s returned status.
inline void declassify(const void* p, std::size_t n) {
  if (n != 0) (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
}

inline bool running_on_valgrind() {
  return RUNNING_ON_VALGRIND != 0;
}

}  // namespace vg::ct_test

#endif  // VG_TESTS_CT_SECRET_HPP
