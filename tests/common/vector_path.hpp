// Where the public test vectors live (tests/data): VG_VECTORS_DIR, which vg_add_test defines for every test
// binary (tests/CMakeLists.txt). Header-only so the path is the test's own definition.
#ifndef VG_TESTS_COMMON_VECTOR_PATH_HPP
#define VG_TESTS_COMMON_VECTOR_PATH_HPP

#include <string>
#include <string_view>

namespace vg::test {

/// Full path of `relative` (e.g. "nist-cavp/gcmDecrypt128.rsp") under tests/data.
inline std::string vector_path(std::string_view relative) {
  return std::string(VG_VECTORS_DIR) + "/" + std::string(relative);
}

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_VECTOR_PATH_HPP
