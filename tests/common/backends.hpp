// The backends a test suite is parameterised over: every backend vg::backends() reports runnable
// on this machine (VG_CPU_FEATURES narrows the list, so CI can rerun a suite per feature set).
#ifndef VG_TESTS_COMMON_BACKENDS_HPP
#define VG_TESTS_COMMON_BACKENDS_HPP

#include <string>
#include <string_view>
#include <vector>

namespace vg::test {

/// Names of the runnable backends, best first (never empty: the portable one always runs).
std::vector<std::string> runnable_backends();

/// `name` made fit for a GoogleTest parameter name ("aesni-avx" -> "aesni_avx").
std::string gtest_safe_name(std::string_view name);

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_BACKENDS_HPP
