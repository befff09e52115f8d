// AES-GCM through OpenSSL's EVP interface: a second, independent implementation for the
// differential fuzz targets (OpenSSL 3.0 has no GCM-SIV, so GCM-SIV is compared with the spec
// only).
#ifndef VG_FUZZ_OPENSSL_GCM_HPP
#define VG_FUZZ_OPENSSL_GCM_HPP

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace vg::fuzz {

using byte_span = std::span<const std::uint8_t>;

// Ciphertext || tag (tag_len bytes).
std::vector<std::uint8_t> openssl_gcm_seal(byte_span key, byte_span nonce, byte_span aad,
                                           byte_span plaintext, std::size_t tag_len);

// The plaintext, or nullopt when OpenSSL rejects the tag.
std::optional<std::vector<std::uint8_t>> openssl_gcm_open(byte_span key, byte_span nonce,
                                                          byte_span aad, byte_span ciphertext,
                                                          byte_span tag);

}  // namespace vg::fuzz

#endif  // VG_FUZZ_OPENSSL_GCM_HPP
