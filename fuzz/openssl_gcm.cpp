// See openssl_gcm.hpp. Any OpenSSL error aborts: the inputs given here are always valid for it.
#include "openssl_gcm.hpp"

#include <openssl/evp.h>

#include <cstdlib>
#include <memory>

namespace vg::fuzz {
namespace {

using ctx_ptr = std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)>;

const EVP_CIPHER* cipher_for(std::size_t key_len) {
  return key_len == 16 ? EVP_aes_128_gcm() : key_len == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
}

void check(int ok) {
  if (ok != 1) std::abort();
}

// OpenSSL's length arguments are ints; the fuzzer's inputs are far smaller.
int as_int(std::size_t n) {
  return static_cast<int>(n);
}

ctx_ptr start(byte_span key, byte_span nonce, int encrypt) {
  ctx_ptr ctx(EVP_CIPHER_CTX_new(), &EVP_CIPHER_CTX_free);
  check(ctx != nullptr);
  check(EVP_CipherInit_ex(ctx.get(), cipher_for(key.size()), nullptr, nullptr, nullptr, encrypt));
  check(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, as_int(nonce.size()), nullptr));
  check(EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, key.data(), nonce.data(), encrypt));
  return ctx;
}

}  // namespace

std::vector<std::uint8_t> openssl_gcm_seal(byte_span key, byte_span nonce, byte_span aad,
                                           byte_span plaintext, std::size_t tag_len) {
  ctx_ptr ctx = start(key, nonce, 1);
  int n = 0;
  if (!aad.empty())
    check(EVP_EncryptUpdate(ctx.get(), nullptr, &n, aad.data(), as_int(aad.size())));
  std::vector<std::uint8_t> out(plaintext.size() + 16);
  int written = 0;
  if (!plaintext.empty()) {
    check(EVP_EncryptUpdate(ctx.get(), out.data(), &n, plaintext.data(), as_int(plaintext.size())));
    written = n;
  }
  check(EVP_EncryptFinal_ex(ctx.get(), out.data() + written, &n));
  written += n;
  out.resize(static_cast<std::size_t>(written) + tag_len);
  check(
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, as_int(tag_len), out.data() + written));
  return out;
}

std::optional<std::vector<std::uint8_t>> openssl_gcm_open(byte_span key, byte_span nonce,
                                                          byte_span aad, byte_span ciphertext,
                                                          byte_span tag) {
  ctx_ptr ctx = start(key, nonce, 0);
  int n = 0;
  if (!aad.empty())
    check(EVP_DecryptUpdate(ctx.get(), nullptr, &n, aad.data(), as_int(aad.size())));
  std::vector<std::uint8_t> out(ciphertext.size() + 16);
  int written = 0;
  if (!ciphertext.empty()) {
    check(
        EVP_DecryptUpdate(ctx.get(), out.data(), &n, ciphertext.data(), as_int(ciphertext.size())));
    written = n;
  }
  check(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, as_int(tag.size()),
                            const_cast<std::uint8_t*>(tag.data())));
  if (EVP_DecryptFinal_ex(ctx.get(), out.data() + written, &n) != 1) return std::nullopt;
  out.resize(static_cast<std::size_t>(written + n));
  return out;
}

}  // namespace vg::fuzz
