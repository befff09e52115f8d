// Peers: other AEAD libraries measured in the same process as vgcrypt.
//
// Design: one adapter file per library, each behind this small interface, so the Google Benchmark
// suite and `vg speed` measure exactly the same calls. A peer key is prepared once (key schedule
// and GHASH tables) and then sealed/opened many times with a 12-byte nonce and a short AAD, the
// way a TLS/QUIC record layer uses a library; each adapter uses its library's fastest public
// one-shot or re-init path for that pattern and writes down which code path the library takes on
// this CPU. Peers are benchmark dependencies only; libvgcrypt never links them.
//
// Secrets: the adapters hand keys and data to the peer libraries and never branch on them.
#ifndef VG_BENCH_PEERS_PEER_HPP
#define VG_BENCH_PEERS_PEER_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vg/aead.hpp"

namespace vg::bench {

using bytes_view = std::span<const std::uint8_t>;
using bytes_span = std::span<std::uint8_t>;

/// A key prepared by one peer library for one algorithm. Not thread-safe (peers keep per-key
/// contexts that each call reinitialises).
class peer_key {
 public:
  virtual ~peer_key() = default;
  /// Encrypts `in` into `out` (same size; may be the same buffer) and writes a 16-byte tag.
  /// `nonce` is 12 bytes. Returns false when the library reports an error.
  virtual bool seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
                    bytes_span tag) = 0;
  /// Decrypts and verifies; returns false when the tag does not verify or on error.
  virtual bool open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
                    bytes_view tag) = 0;
  /// Optional (has_rekey): replaces the key with `key` (same algorithm and length), as the
  /// library's cheapest re-key does (round keys and GHASH tables anew).
  virtual bool has_rekey() const { return false; }
  virtual bool rekey(bytes_view key) {
    (void)key;
    return false;
  }
  /// rekey(key), then seal() under the new key.
  bool rekey_seal(bytes_view key, bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
                  bytes_span tag) {
    return rekey(key) && seal(nonce, aad, in, out, tag);
  }
  /// Optional: the jobs (12-byte nonces, 16-byte tags) through the library's own multi-message
  /// API. Returns false when the peer has none (has_burst), on error, or (open) when a tag fails.
  virtual bool has_burst() const { return false; }
  virtual bool seal_burst(std::span<const vg::seal_job> jobs) {
    (void)jobs;
    return false;
  }
  virtual bool open_burst(std::span<vg::open_job> jobs) {
    (void)jobs;
    return false;
  }
};

/// One peer library.
class peer {
 public:
  virtual ~peer() = default;
  /// Short name used as benchmark prefix and in `vg speed`: "openssl", "ipsecmb", ...
  virtual std::string_view name() const = 0;
  /// Library version and the code path it takes on this CPU, e.g.
  /// "OpenSSL 3.0.19, aesni_gcm (AES-NI + AVX stitched, 6 blocks)".
  virtual std::string code_path() const = 0;
  /// Whether this peer can run `alg` here.
  virtual bool supports(algorithm alg) const = 0;
  /// Prepares `key` for `alg`; null when unsupported or on error.
  virtual std::unique_ptr<peer_key> make_key(algorithm alg, bytes_view key) const = 0;
};

/// Every peer compiled into this build (each one optional at build time), in a fixed order.
const std::vector<const peer*>& all_peers();

/// The peer named `name`, or null.
const peer* find_peer(std::string_view name);

// Factories, one per adapter file; only those compiled in are referenced by the registry.
const peer* openssl_peer();
const peer* ipsecmb_peer();
const peer* gcrypt_peer();
const peer* nettle_peer();
const peer* sodium_peer();

}  // namespace vg::bench

#endif  // VG_BENCH_PEERS_PEER_HPP
