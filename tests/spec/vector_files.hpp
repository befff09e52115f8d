// Readers for the public vector files in shared/vectors (see its README.md): hex strings, the
// "Name = value" record formats of NIST CAVP .rsp files and OpenSSL evp test files, and
// Wycheproof JSON. Only the spec tests use them; they parse data and never compute expectations.
#ifndef VG_TESTS_SPEC_VECTOR_FILES_HPP
#define VG_TESTS_SPEC_VECTOR_FILES_HPP

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "spec/spec.hpp"

namespace vg::spec_test {

// Lower- or upper-case hex, no separators; an empty string is zero bytes. Throws on bad input.
spec::bytes from_hex(std::string_view hex);
spec::block block_from_hex(std::string_view hex);  // exactly 32 hex digits
std::string to_hex(spec::view data);

// Full path of a file under shared/vectors.
std::string vector_path(std::string_view relative);

// One record of a "Name = value" file. Fields of the enclosing "[Name = value]" section headers
// (CAVP) are copied into every record that follows them. A bare word line (CAVP's "FAIL") is
// stored as a field with an empty value.
struct kv_record {
  std::map<std::string, std::string> fields;
  int first_line = 0;

  bool has(const std::string& name) const { return fields.count(name) != 0; }
  const std::string& at(const std::string& name) const;  // throws naming the field and line
};

// Records are separated by blank lines; '#' starts a comment line; CR before LF is ignored.
std::vector<kv_record> read_kv_records(std::string_view relative_path);

nlohmann::json read_json(std::string_view relative_path);

}  // namespace vg::spec_test

#endif  // VG_TESTS_SPEC_VECTOR_FILES_HPP
