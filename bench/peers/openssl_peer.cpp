// Peer: OpenSSL 3 through EVP.
//
// The key is set once on an EVP_CIPHER_CTX; each call re-initialises only the IV
// (EVP_EncryptInit_ex with null cipher and key keeps the key schedule and GHASH table), then one
// AAD update, one data update, final, and the tag ctrl — what `openssl speed -aead` and TLS do.
// On x86-64, OpenSSL 3.0 takes its "aesni_gcm" stitched AES-NI + AVX loop (6 blocks a batch,
// gated on AVX + MOVBE) for the part of a message from 288 bytes (seal) or 96 bytes (open) on,
// and separate AES-NI CTR + PCLMUL GHASH for the rest; 3.0 has no VAES/VPCLMULQDQ code for GCM
// (that arrived in 3.1/3.2 for AVX-512).
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include "peer.hpp"

namespace vg::bench {
namespace {

const EVP_CIPHER* cipher_for(algorithm alg) {
  switch (alg) {
    case algorithm::aes_128_gcm:
      return EVP_aes_128_gcm();
    case algorithm::aes_256_gcm:
      return EVP_aes_256_gcm();
    default:
      return nullptr;
  }
}

class openssl_key final : public peer_key {
 public:
  openssl_key(const EVP_CIPHER* cipher, bytes_view key, bool* ok)
      : enc_(EVP_CIPHER_CTX_new()), dec_(EVP_CIPHER_CTX_new()) {
    *ok = enc_ && dec_ && EVP_EncryptInit_ex(enc_, cipher, nullptr, key.data(), nullptr) == 1 &&
          EVP_DecryptInit_ex(dec_, cipher, nullptr, key.data(), nullptr) == 1;
  }
  ~openssl_key() override {
    EVP_CIPHER_CTX_free(enc_);
    EVP_CIPHER_CTX_free(dec_);
  }
  openssl_key(const openssl_key&) = delete;
  openssl_key& operator=(const openssl_key&) = delete;

  bool seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_span tag) override {
    int n = 0;
    if (EVP_EncryptInit_ex(enc_, nullptr, nullptr, nullptr, nonce.data()) != 1) return false;
    if (!aad.empty() &&
        EVP_EncryptUpdate(enc_, nullptr, &n, aad.data(), static_cast<int>(aad.size())) != 1)
      return false;
    if (!in.empty() &&
        EVP_EncryptUpdate(enc_, out.data(), &n, in.data(), static_cast<int>(in.size())) != 1)
      return false;
    if (EVP_EncryptFinal_ex(enc_, out.data() + in.size(), &n) != 1) return false;
    return EVP_CIPHER_CTX_ctrl(enc_, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag.size()),
                               tag.data()) == 1;
  }

  // EVP_EncryptInit_ex with the key (cipher kept): the key schedule and GHASH table anew, as
  // `openssl speed -evp` does per message.
  bool has_rekey() const override { return true; }
  bool rekey(bytes_view key) override {
    return EVP_EncryptInit_ex(enc_, nullptr, nullptr, key.data(), nullptr) == 1;
  }

  bool open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_view tag) override {
    int n = 0;
    if (EVP_DecryptInit_ex(dec_, nullptr, nullptr, nullptr, nonce.data()) != 1) return false;
    if (!aad.empty() &&
        EVP_DecryptUpdate(dec_, nullptr, &n, aad.data(), static_cast<int>(aad.size())) != 1)
      return false;
    if (!in.empty() &&
        EVP_DecryptUpdate(dec_, out.data(), &n, in.data(), static_cast<int>(in.size())) != 1)
      return false;
    // The tag ctrl takes a non-const pointer but only reads it.
    if (EVP_CIPHER_CTX_ctrl(dec_, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()),
                            const_cast<std::uint8_t*>(tag.data())) != 1)
      return false;
    return EVP_DecryptFinal_ex(dec_, out.data() + in.size(), &n) == 1;
  }

 private:
  EVP_CIPHER_CTX* enc_;
  EVP_CIPHER_CTX* dec_;
};

class openssl final : public peer {
 public:
  std::string_view name() const override { return "openssl"; }
  std::string code_path() const override {
    return std::string(OpenSSL_version(OPENSSL_VERSION)) +
           ", EVP; x86-64: aesni_gcm stitched AES-NI+AVX (6 blocks) from 288 B seal / "
           "96 B open, AES-NI CTR + PCLMUL GHASH below; no VAES in 3.0";
  }
  bool supports(algorithm alg) const override { return cipher_for(alg) != nullptr; }
  std::unique_ptr<peer_key> make_key(algorithm alg, bytes_view key) const override {
    const EVP_CIPHER* cipher = cipher_for(alg);
    if (cipher == nullptr || key.size() != key_length(alg)) return nullptr;
    bool ok = false;
    auto k = std::make_unique<openssl_key>(cipher, key, &ok);
    return ok ? std::move(k) : nullptr;
  }
};

}  // namespace

const peer* openssl_peer() {
  static const openssl instance;
  return &instance;
}

}  // namespace vg::bench
