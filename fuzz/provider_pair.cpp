// See provider_pair.hpp.
#include "provider_pair.hpp"

#include <openssl/err.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace vg::fuzz {
namespace {

OSSL_LIB_CTX* lib_with(const char* provider) {
  OSSL_LIB_CTX* lib = OSSL_LIB_CTX_new();
  if (lib == nullptr || OSSL_PROVIDER_load(lib, provider) == nullptr) {
    std::fprintf(stderr, "cannot load the OpenSSL provider %s\n", provider);
    ERR_print_errors_fp(stderr);
    std::abort();
  }
  return lib;
}

EVP_CIPHER* fetch(OSSL_LIB_CTX* lib, std::size_t key_bytes, const char* props) {
  const std::string name = "AES-" + std::to_string(key_bytes * 8) + "-GCM";
  EVP_CIPHER* c = EVP_CIPHER_fetch(lib, name.c_str(), props);
  if (c == nullptr) {
    std::fprintf(stderr, "cannot fetch %s (%s)\n", name.c_str(), props ? props : "default");
    std::abort();
  }
  return c;
}

int index_of(std::size_t key_bytes) {
  return key_bytes == 16 ? 0 : key_bytes == 24 ? 1 : 2;
}

}  // namespace

EVP_CIPHER* vgcrypt_gcm(std::size_t key_bytes) {
  static OSSL_LIB_CTX* lib = lib_with(VG_PROVIDER_MODULE);
  static EVP_CIPHER* c[3] = {fetch(lib, 16, "provider=vgcrypt"), fetch(lib, 24, "provider=vgcrypt"),
                             fetch(lib, 32, "provider=vgcrypt")};
  return c[index_of(key_bytes)];
}

EVP_CIPHER* default_gcm(std::size_t key_bytes) {
  static OSSL_LIB_CTX* lib = lib_with("default");
  static EVP_CIPHER* c[3] = {fetch(lib, 16, nullptr), fetch(lib, 24, nullptr),
                             fetch(lib, 32, nullptr)};
  return c[index_of(key_bytes)];
}

provider_pair::provider_pair(std::size_t key_bytes, int encrypt)
    : vg(EVP_CIPHER_CTX_new()), ref(EVP_CIPHER_CTX_new()) {
  if (vg == nullptr || ref == nullptr ||
      EVP_CipherInit_ex(vg, vgcrypt_gcm(key_bytes), nullptr, nullptr, nullptr, encrypt) != 1 ||
      EVP_CipherInit_ex(ref, default_gcm(key_bytes), nullptr, nullptr, nullptr, encrypt) != 1) {
    std::fprintf(stderr, "cannot set up the EVP contexts\n");
    std::abort();
  }
}

provider_pair::~provider_pair() {
  EVP_CIPHER_CTX_free(vg);
  EVP_CIPHER_CTX_free(ref);
}

bool provider_pair::copy() {
  EVP_CIPHER_CTX* v = EVP_CIPHER_CTX_new();
  EVP_CIPHER_CTX* r = EVP_CIPHER_CTX_new();
  if (v == nullptr || r == nullptr || EVP_CIPHER_CTX_copy(v, vg) != 1 ||
      EVP_CIPHER_CTX_copy(r, ref) != 1) {
    EVP_CIPHER_CTX_free(v);
    EVP_CIPHER_CTX_free(r);
    return false;
  }
  EVP_CIPHER_CTX_free(vg);
  EVP_CIPHER_CTX_free(ref);
  vg = v;
  ref = r;
  return true;
}

}  // namespace vg::fuzz
