// One AEAD implementation as the vector suites see it: either a library backend reached through
// the public C++ API (vg::aead_key with a named backend), or the specification (vg::spec), so the
// oracle the cross tests trust is checked by the same published data.
#ifndef VG_TESTS_VECTORS_IMPLEMENTATION_HPP
#define VG_TESTS_VECTORS_IMPLEMENTATION_HPP

#include <memory>
#include <string>
#include <vector>

#include "common/hex.hpp"
#include "vg/aead.hpp"

namespace vg::test {

struct seal_result {
  vg::status st = vg::status::ok;
  bytes ct, tag;
};

struct open_result {
  vg::status st = vg::status::ok;
  bytes pt;  // on status::auth: what the implementation left in its output buffer
};

class implementation {
 public:
  virtual ~implementation() = default;
  /// Expands `key` for `alg`; returns the library's status (the spec adapter mirrors the
  /// library's length rules, see implementation.cpp).
  virtual vg::status set_key(vg::algorithm alg, const bytes& key) = 0;
  virtual seal_result seal(const bytes& iv, const bytes& aad, const bytes& msg,
                           std::size_t tag_len) = 0;
  virtual open_result open(const bytes& iv, const bytes& aad, const bytes& ct,
                           const bytes& tag) = 0;
};

inline constexpr const char* kSpecName = "spec";

/// "spec" or the name of a backend.
std::unique_ptr<implementation> make_implementation(const std::string& name);

/// Every runnable backend, then "spec".
std::vector<std::string> implementations_under_test();

}  // namespace vg::test

#endif  // VG_TESTS_VECTORS_IMPLEMENTATION_HPP
