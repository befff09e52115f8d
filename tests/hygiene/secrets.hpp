// The secrets the hygiene tests look for in dead memory, computed from vg::spec and FIPS 197's key
// expansion, never from the code under test.
#ifndef VG_TESTS_HYGIENE_SECRETS_HPP
#define VG_TESTS_HYGIENE_SECRETS_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace vg::test {

struct secret {
  std::string name;
  vg::spec::block value;
};

/// FIPS 197 §5.2 KeyExpansion for a 16-, 24- or 32-byte key: Nr + 1 round keys of 16 bytes.
std::vector<vg::spec::block> expand_key(const std::vector<std::uint8_t>& key);

/// The round keys of `key`, named "<what> rk<i>".
std::vector<secret> round_key_secrets(const std::vector<std::uint8_t>& key,
                                      const std::string& what);

/// AES-GCM under `key`: its round keys, H and H^2..H^8, and E(J0) for each 12-byte nonce.
std::vector<secret> gcm_secrets(const std::vector<std::uint8_t>& key,
                                const std::vector<vg::spec::block>& nonces);

/// AES-GCM-SIV under `key` for one nonce (RFC 8452 §4): the round keys of the derived encryption
/// key, the derived authentication key H and its POLYVAL powers H^2..H^8, and the key-generating
/// key's round keys.
std::vector<secret> siv_secrets(const std::vector<std::uint8_t>& key, const vg::spec::block& nonce);

/// Every place in `region` where a secret, or its byte reversal (the x86 kernels keep GHASH
/// values byte-reversed), occurs: one line each, "<name> at <depth> B below" (depth from the end).
std::string find_secrets(const std::vector<secret>& secrets, const unsigned char* region,
                         std::size_t size);

}  // namespace vg::test

#endif  // VG_TESTS_HYGIENE_SECRETS_HPP
