// Reader for OpenSSL's evp_test format (tests/data/openssl/evpciph_aes_common.txt, README §3):
// stanzas of `Name = value` lines separated by blank lines, `#` comment lines. A name may repeat
// within a stanza (several AAD lines are AAD given in pieces), so every occurrence is kept in file
// order. Test data only: nothing here is secret.
#ifndef VG_TESTS_COMMON_EVP_FILE_HPP
#define VG_TESTS_COMMON_EVP_FILE_HPP

#include <string>
#include <utility>
#include <vector>

#include "common/hex.hpp"

namespace vg::test {

struct evp_stanza {
  int line = 0;  // line of the stanza's first field, for failure messages
  std::vector<std::pair<std::string, std::string>> fields;  // in file order, repeats kept

  bool has(const std::string& name) const;
  /// The last value given for `name`; throws std::out_of_range naming the field and line.
  const std::string& at(const std::string& name) const;
  /// The cipher name lower-cased (OpenSSL matches names case-insensitively), "" when absent.
  std::string cipher() const;
  /// `name` decoded from hex; an absent field is empty (evp_test omits empty texts and AAD).
  bytes hex(const std::string& name) const;
  /// Every occurrence of `name`, decoded, in order (AAD pieces).
  std::vector<bytes> hex_pieces(const std::string& name) const;
};

/// Parses a whole file; throws std::runtime_error on I/O errors or a line that is not a field.
std::vector<evp_stanza> load_evp_file(const std::string& path);

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_EVP_FILE_HPP
