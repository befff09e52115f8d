// Peer: Nettle's GCM-AES functions (gcm_aes128_*, gcm_aes256_*).
//
// The context holds the expanded key and GHASH table, set once; each call sets the IV (resetting
// the per-message state), hashes the AAD, encrypts and writes the digest. Nettle 3.8 is a "fat"
// build on x86-64: at load time it picks AES-NI for the block cipher and PCLMULQDQ for GHASH
// (NETTLE_FAT_VERBOSE=1 prints the choice); CTR and GHASH run as two passes, no stitching, no VAES.
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <nettle/version.h>

#include <cstring>

#include "peer.hpp"

namespace vg::bench {
namespace {

template <class Ctx, void (*SetKey)(Ctx*, const std::uint8_t*),
          void (*SetIv)(Ctx*, std::size_t, const std::uint8_t*),
          void (*Update)(Ctx*, std::size_t, const std::uint8_t*),
          void (*Encrypt)(Ctx*, std::size_t, std::uint8_t*, const std::uint8_t*),
          void (*Decrypt)(Ctx*, std::size_t, std::uint8_t*, const std::uint8_t*),
          void (*Digest)(Ctx*, std::size_t, std::uint8_t*)>
class nettle_key final : public peer_key {
 public:
  explicit nettle_key(bytes_view key) { SetKey(&ctx_, key.data()); }
  ~nettle_key() override { std::memset(&ctx_, 0, sizeof ctx_); }
  nettle_key(const nettle_key&) = delete;
  nettle_key& operator=(const nettle_key&) = delete;

  bool seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_span tag) override {
    SetIv(&ctx_, nonce.size(), nonce.data());
    Update(&ctx_, aad.size(), aad.data());
    Encrypt(&ctx_, in.size(), out.data(), in.data());
    Digest(&ctx_, tag.size(), tag.data());
    return true;
  }

  bool open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_view tag) override {
    std::uint8_t expected[16];
    SetIv(&ctx_, nonce.size(), nonce.data());
    Update(&ctx_, aad.size(), aad.data());
    Decrypt(&ctx_, in.size(), out.data(), in.data());
    Digest(&ctx_, tag.size(), expected);
    return memeql_sec(expected, tag.data(), tag.size()) != 0;
  }

 private:
  Ctx ctx_;
};

using nettle_aes128 =
    nettle_key<gcm_aes128_ctx, gcm_aes128_set_key, gcm_aes128_set_iv, gcm_aes128_update,
               gcm_aes128_encrypt, gcm_aes128_decrypt, gcm_aes128_digest>;
using nettle_aes256 =
    nettle_key<gcm_aes256_ctx, gcm_aes256_set_key, gcm_aes256_set_iv, gcm_aes256_update,
               gcm_aes256_encrypt, gcm_aes256_decrypt, gcm_aes256_digest>;

class nettle final : public peer {
 public:
  std::string_view name() const override { return "nettle"; }
  std::string code_path() const override {
    return "Nettle " + std::to_string(nettle_version_major()) + "." +
           std::to_string(nettle_version_minor()) +
           ", fat build: AES-NI blocks + PCLMULQDQ GHASH, two passes";
  }
  bool supports(algorithm alg) const override {
    return alg == algorithm::aes_128_gcm || alg == algorithm::aes_256_gcm;
  }
  std::unique_ptr<peer_key> make_key(algorithm alg, bytes_view key) const override {
    if (!supports(alg) || key.size() != key_length(alg)) return nullptr;
    if (alg == algorithm::aes_128_gcm) return std::make_unique<nettle_aes128>(key);
    return std::make_unique<nettle_aes256>(key);
  }
};

}  // namespace

const peer* nettle_peer() {
  static const nettle instance;
  return &instance;
}

}  // namespace vg::bench
