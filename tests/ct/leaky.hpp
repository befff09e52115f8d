// Two functions that leak their secret argument on purpose, one per kind of leak memcheck can see.
// The ct self-tests run them under the same marking as the library harness and require memcheck to
// name them: a checker that reports nothing here would also report nothing for the library.
#ifndef VG_TESTS_CT_LEAKY_HPP
#define VG_TESTS_CT_LEAKY_HPP

#include <cstdint>

// Branches on secret[0] (a timing leak through the branch predictor and the instruction stream).
extern "C" int vg_ct_selftest_branch_on_secret(const std::uint8_t* secret);

// Loads table[secret[0]] (a timing leak through the cache: the address depends on the secret).
extern "C" int vg_ct_selftest_lookup_by_secret(const std::uint8_t* secret);

#endif  // VG_TESTS_CT_LEAKY_HPP
