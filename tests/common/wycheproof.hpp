// Reader for Wycheproof AEAD vector files (schema aead_test_schema_v1.json and the legacy
// aead_test_schema.json, which share the test-case fields). See tests/data/README.md §1.
#ifndef VG_TESTS_COMMON_WYCHEPROOF_HPP
#define VG_TESTS_COMMON_WYCHEPROOF_HPP

#include <string>
#include <vector>

#include "common/hex.hpp"

namespace vg::test {

/// Wycheproof's verdict: `acceptable` allows either accepting or rejecting the case.
enum class wycheproof_result { valid, invalid, acceptable };

struct wycheproof_aead_case {
  int tc_id = 0;
  std::string comment;
  std::vector<std::string> flags;
  bytes key, iv, aad, msg, ct, tag;
  wycheproof_result result = wycheproof_result::valid;

  bool has_flag(const std::string& flag) const;
};

struct wycheproof_aead_file {
  std::string algorithm;  // "AES-GCM" or "AES-GCM-SIV"
  int number_of_tests = 0;
  std::vector<wycheproof_aead_case> cases;
};

/// Parses `path`; throws std::runtime_error on I/O or format errors (a test then fails loudly
/// rather than passing on zero cases).
wycheproof_aead_file load_wycheproof_aead(const std::string& path);

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_WYCHEPROOF_HPP
