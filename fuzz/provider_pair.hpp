// Two EVP cipher contexts for the same AES-GCM key size driven by the same calls: one on the
// vgcrypt provider module (built in this tree, VG_PROVIDER_MODULE), one on OpenSSL's default
// provider. Each runs in its own library context, so neither can fetch the other's cipher.
#ifndef VG_FUZZ_PROVIDER_PAIR_HPP
#define VG_FUZZ_PROVIDER_PAIR_HPP

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vg::fuzz {

// What one EVP call gave: its return value, whether that means success (EVP functions differ:
// 1, > 0 or >= 0), and the bytes it wrote (output, tag, IV, record, lengths).
struct outcome {
  int ret = 0;
  bool ok = false;
  std::vector<std::uint8_t> out;
  bool operator==(const outcome&) const = default;
};

// The cipher of `key_bytes` (16, 24, 32) from vgcrypt or from the default provider; fetched once,
// kept for the life of the process. Aborts when the module cannot be loaded.
EVP_CIPHER* vgcrypt_gcm(std::size_t key_bytes);
EVP_CIPHER* default_gcm(std::size_t key_bytes);

struct provider_pair {
  EVP_CIPHER_CTX* vg = nullptr;
  EVP_CIPHER_CTX* ref = nullptr;

  provider_pair(std::size_t key_bytes, int encrypt);
  ~provider_pair();
  provider_pair(const provider_pair&) = delete;
  provider_pair& operator=(const provider_pair&) = delete;

  // EVP_CIPHER_CTX_copy of both contexts mid-message; the copies replace the originals.
  bool copy();
};

}  // namespace vg::fuzz

#endif  // VG_FUZZ_PROVIDER_PAIR_HPP
