// Peer: libsodium's crypto_aead_aes256gcm (AES-256-GCM only).
//
// The key is expanded once (crypto_aead_aes256gcm_beforenm: round keys + H powers); each call is
// one *_detached_afternm. libsodium 1.0.18 implements it only with AES-NI + PCLMULQDQ (8 blocks a
// batch, aggregated reduction) and offers it only where crypto_aead_aes256gcm_is_available()
// says the CPU has them; 16-byte tags, 12-byte nonces.
#include <sodium.h>

#include "peer.hpp"

namespace vg::bench {
namespace {

// libsodium declares its output pointers nonnull even for 0-byte messages, where an empty span's
// data() is null: hand it a valid (unused) address instead.
std::uint8_t* nonnull(std::uint8_t* p) {
  static std::uint8_t unused;
  return p != nullptr ? p : &unused;
}
const std::uint8_t* nonnull_in(const std::uint8_t* p) {
  static const std::uint8_t unused = 0;
  return p != nullptr ? p : &unused;
}

bool sodium_ready() {
  static const bool ready = sodium_init() >= 0 && crypto_aead_aes256gcm_is_available() != 0;
  return ready;
}

class sodium_key final : public peer_key {
 public:
  explicit sodium_key(bytes_view key) { crypto_aead_aes256gcm_beforenm(&state_, key.data()); }
  ~sodium_key() override { sodium_memzero(&state_, sizeof state_); }
  sodium_key(const sodium_key&) = delete;
  sodium_key& operator=(const sodium_key&) = delete;

  bool seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_span tag) override {
    unsigned long long tag_len = 0;
    return crypto_aead_aes256gcm_encrypt_detached_afternm(
               nonnull(out.data()), tag.data(), &tag_len, nonnull_in(in.data()), in.size(),
               aad.data(), aad.size(), nullptr, nonce.data(), &state_) == 0;
  }

  bool open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_view tag) override {
    return crypto_aead_aes256gcm_decrypt_detached_afternm(
               nonnull(out.data()), nullptr, nonnull_in(in.data()), in.size(), tag.data(),
               aad.data(), aad.size(), nonce.data(), &state_) == 0;
  }

 private:
  crypto_aead_aes256gcm_state state_;
};

class sodium final : public peer {
 public:
  std::string_view name() const override { return "sodium"; }
  std::string code_path() const override {
    return std::string("libsodium ") + sodium_version_string() +
           (sodium_ready() ? ", AES-NI + PCLMULQDQ (8 blocks), AES-256-GCM only"
                           : ", AES-256-GCM unavailable on this CPU");
  }
  bool supports(algorithm alg) const override {
    return alg == algorithm::aes_256_gcm && sodium_ready();
  }
  std::unique_ptr<peer_key> make_key(algorithm alg, bytes_view key) const override {
    if (!supports(alg) || key.size() != key_length(alg)) return nullptr;
    return std::make_unique<sodium_key>(key);
  }
};

}  // namespace

const peer* sodium_peer() {
  static const sodium instance;
  return &instance;
}

}  // namespace vg::bench
