// Reader for the small "Name = hex" vector files in tests/data (c2sp-xaes/, rfc9001/): '#' starts a
// comment line, a blank line ends a record.
#ifndef VG_TESTS_COMMON_RECORDS_HPP
#define VG_TESTS_COMMON_RECORDS_HPP

#include <map>
#include <string>
#include <vector>

namespace vg::test {

using record = std::map<std::string, std::string>;

/// The records of the file at `path`; throws std::runtime_error if it cannot be read.
std::vector<record> read_records(const std::string& path);

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_RECORDS_HPP
