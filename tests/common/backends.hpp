// The backends a test suite is parameterised over: every backend vg::backends() reports runnable
// on this machine (VG_CPU_FEATURES narrows the list, so CI can rerun a suite per feature set),
// each GCM kernel variant of it that is built (dispatch/gcm_variants.hpp), whichever this CPU
// would choose.
#ifndef VG_TESTS_COMMON_BACKENDS_HPP
#define VG_TESTS_COMMON_BACKENDS_HPP

#include <string>
#include <string_view>
#include <vector>

namespace vg::test {

/// Names of the runnable backends, best first (never empty: the portable one always runs); a
/// backend built in several GCM kernel variants once per variant, as "name/variant" (a name
/// aead_key::create takes).
std::vector<std::string> runnable_backends();

/// The backend a name of runnable_backends() is on, as aead_key::backend_name() reports it
/// ("vaes-avx512/karatsuba" -> "vaes-avx512").
std::string_view backend_of(std::string_view name);

/// `name` made fit for a GoogleTest parameter name ("aesni-avx" -> "aesni_avx").
std::string gtest_safe_name(std::string_view name);

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_BACKENDS_HPP
