// Shared by the provider tests: library contexts with only vgcrypt (for the ciphers) or only
// OpenSSL's default provider, and small EVP helpers that fail the test on any EVP error.
#ifndef VG_TESTS_PROVIDER_EVP_UTIL_HPP
#define VG_TESTS_PROVIDER_EVP_UTIL_HPP

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstdint>
#include <string>

#include "common/hex.hpp"

namespace vgtest {

using bytes = vg::test::bytes;

// A library context with one provider loaded: the vgcrypt module (VG_PROVIDER_MODULE, a path) or
// OpenSSL's "default". Lives for the whole test program.
inline OSSL_LIB_CTX* lib_with(const char* provider) {
  OSSL_LIB_CTX* ctx = OSSL_LIB_CTX_new();
  if (ctx == nullptr || OSSL_PROVIDER_load(ctx, provider) == nullptr) return nullptr;
  return ctx;
}

inline OSSL_LIB_CTX* vgcrypt_lib() {
  static OSSL_LIB_CTX* ctx = lib_with(VG_PROVIDER_MODULE);
  return ctx;
}

inline OSSL_LIB_CTX* default_lib() {
  static OSSL_LIB_CTX* ctx = lib_with("default");
  return ctx;
}

// AES-<bits>-GCM from vgcrypt (property provider=vgcrypt) or from the default provider.
inline EVP_CIPHER* fetch_gcm(OSSL_LIB_CTX* lib, std::size_t key_bytes, const char* props) {
  const std::string name = "AES-" + std::to_string(key_bytes * 8) + "-GCM";
  return EVP_CIPHER_fetch(lib, name.c_str(), props);
}

// AES-128-GCM fetched from the vgcrypt provider and from OpenSSL's default one, freed together.
struct both_gcm128 {
  EVP_CIPHER* vg = fetch_gcm(vgcrypt_lib(), 16, "provider=vgcrypt");
  EVP_CIPHER* ref = fetch_gcm(default_lib(), 16, nullptr);
  both_gcm128() = default;
  both_gcm128(const both_gcm128&) = delete;
  both_gcm128& operator=(const both_gcm128&) = delete;
  ~both_gcm128() {
    EVP_CIPHER_free(vg);
    EVP_CIPHER_free(ref);
  }
};

}  // namespace vgtest

#endif  // VG_TESTS_PROVIDER_EVP_UTIL_HPP
