// Reader for NIST CAVP GCMVS response files (gcmEncryptExtIV*.rsp, gcmDecrypt*.rsp): CRLF lines,
// `[Name = bits]` section headers, `Name = hex` fields, and bare `FAIL` records. See
// tests/data/README.md §2.
#ifndef VG_TESTS_COMMON_CAVP_HPP
#define VG_TESTS_COMMON_CAVP_HPP

#include <string>
#include <vector>

#include "common/hex.hpp"

namespace vg::test {

struct cavp_gcm_case {
  // Section parameters, in bits, as the file states them.
  unsigned key_bits = 0, iv_bits = 0, pt_bits = 0, aad_bits = 0, tag_bits = 0;
  int count = 0;
  bytes key, iv, pt, aad, ct, tag;
  bool fail = false;  // decrypt files: the record says FAIL (the tag must not verify)
  int line = 0;       // line of the `Count =` field, for failure messages
};

/// Parses a whole .rsp file; throws std::runtime_error on I/O or format errors. The declared
/// section sizes are checked against the decoded fields.
std::vector<cavp_gcm_case> load_cavp_gcm(const std::string& path);

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_CAVP_HPP
