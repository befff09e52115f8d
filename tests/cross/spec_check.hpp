// The cross-check primitive: seal and open one message on a backend through the public API, with a
// chosen buffer layout, and compare with vg::spec (GCM or GCM-SIV, by the key's algorithm) byte for
// byte. Canary bytes around every output catch writes past `len` or `tag_len`.
#ifndef VG_TESTS_CROSS_SPEC_CHECK_HPP
#define VG_TESTS_CROSS_SPEC_CHECK_HPP

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

#include "common/hex.hpp"
#include "vg/aead.hpp"

namespace vg {
/// Readable parameter values in test names and failure messages ("aes-256-gcm", not raw bytes).
void PrintTo(algorithm alg, std::ostream* os);
}  // namespace vg

namespace vg::test {

/// Where the buffers sit. Offsets are from a 64-byte aligned address.
struct layout {
  bool in_place = false;  // out == in (in_off is used for both)
  std::size_t in_off = 0, out_off = 0, aad_off = 0;
};

/// A 64-byte aligned heap buffer (so offsets give exact misalignments).
class aligned_buffer {
 public:
  explicit aligned_buffer(std::size_t size);
  ~aligned_buffer();
  aligned_buffer(const aligned_buffer&) = delete;
  aligned_buffer& operator=(const aligned_buffer&) = delete;
  std::uint8_t* data() { return data_; }
  std::size_t size() const { return size_; }

 private:
  std::uint8_t* data_;
  std::size_t size_;
};

struct message {
  bytes iv, aad, pt;
  std::size_t tag_len = 16;
};

/// True for the AES-GCM-SIV algorithms (RFC 8452), whose reference is spec::gcm_siv_seal.
bool is_gcm_siv(vg::algorithm alg);

/// Seals `m` on `key` (whose raw bytes are `key_bytes`), compares ciphertext and tag with
/// spec::gcm_seal (spec::gcm_siv_seal for a GCM-SIV key), then opens the result and compares with
/// the plaintext. Returns "" on success, else a description naming the lengths and layout.
std::string check_against_spec(const vg::aead_key& key, const bytes& key_bytes, const message& m,
                               const layout& l = {});

/// The same against `expected` = the spec's ciphertext || tag for `m`, computed once by the caller
/// so one (slow) spec result can serve every backend.
std::string check_against_expected(const vg::aead_key& key, const bytes& expected, const message& m,
                                   const layout& l = {});

/// Opens a forged (ct, tag) and requires status::auth with the output all zero, in place or out
/// of place. Returns "" on success.
std::string check_rejected(const vg::aead_key& key, const bytes& iv, const bytes& aad,
                           const bytes& ct, const bytes& tag, bool in_place);

std::string describe(const message& m, const layout& l);

}  // namespace vg::test

#endif  // VG_TESTS_CROSS_SPEC_CHECK_HPP
