/// \file
/// vgcrypt C++ API: AEAD keys that choose their own nonces, for callers who cannot keep a counter.
///
/// seal() draws a fresh nonce from the operating system (getrandom) and writes one buffer:
///
///     nonce (12 bytes; 24 for XAES-256-GCM) || ciphertext (same length as the plaintext) || tag
///     (16)
///
/// open() reads the nonce and the tag back from that layout. A failing random source gives
/// status::random and writes nothing: a nonce is never zero or reused by fallback.
///
/// Message limit: with random 96-bit nonces (AES-GCM, AES-GCM-SIV) seal at most 2^32 messages
/// under one key (NIST SP 800-38D §8.3: the chance of a repeated nonce then stays below 2^-32;
/// for GCM a repeat loses authenticity for every message under the key). For more messages use
/// XAES-256-GCM (algorithm::xaes_256_gcm), whose random 192-bit nonces allow about 2^80.
///
/// Otherwise the contract of aead.hpp: no exceptions, no allocation, immutable and shareable
/// across threads, wiped on destruction.
#ifndef VG_RANDOM_NONCE_HPP
#define VG_RANDOM_NONCE_HPP

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "vg/aead.hpp"

namespace vg {

/// A nonce source: writes `len` unpredictable bytes to `out` and returns true, or returns false.
using random_source = bool (*)(void* context, std::uint8_t* out, std::size_t len) noexcept;

/// The operating system's random source (getrandom(2)); `context` is unused. False when the
/// system call fails.
VG_API bool os_random(void* context, std::uint8_t* out, std::size_t len) noexcept;

/// The bytes a sealed message adds to its plaintext under `alg`: nonce plus 16-byte tag.
constexpr std::size_t random_nonce_overhead(algorithm alg) noexcept {
  return nonce_length(alg) + max_tag_length;
}

/// A key for AES-GCM, AES-GCM-SIV or XAES-256-GCM whose seal() picks the nonce.
class VG_API random_nonce_key {
 public:
  random_nonce_key() noexcept = default;

  /// As aead_key::create(); every algorithm is accepted.
  [[nodiscard]] static status create(algorithm alg, bytes_view key, random_nonce_key& out,
                                     std::string_view backend = {}) noexcept;

  /// Seals `in` into `out` = nonce || ciphertext || tag; out.size() must be in.size() +
  /// overhead(). `in` may lie exactly at out.data() + nonce size (sealing in place) or must not
  /// overlap `out`. `source` replaces the operating system's random source (for tests, or a
  /// caller's own generator). Errors: argument (sizes, overlap, empty key), random (the source
  /// failed; `out` untouched), and those of aead_key::seal().
  [[nodiscard]] status seal(bytes_view aad, bytes_view in, bytes_span out,
                            random_source source = os_random,
                            void* context = nullptr) const noexcept;

  /// Opens `in` = nonce || ciphertext || tag into `out` (in.size() - overhead() bytes; `out` may
  /// be exactly in.data() + nonce size). Errors: auth (tag mismatch, or `in` shorter than
  /// overhead(): nothing is released), argument, and those of aead_key::open().
  [[nodiscard]] status open(bytes_view aad, bytes_view in, bytes_span out) const noexcept;

  /// Nonce bytes at the front of a sealed message (12, or 24 for XAES-256-GCM).
  [[nodiscard]] std::size_t nonce_size() const noexcept { return nonce_length(key_.alg()); }
  /// Bytes a sealed message adds: nonce_size() + 16.
  [[nodiscard]] std::size_t overhead() const noexcept { return random_nonce_overhead(key_.alg()); }
  /// True until create() succeeds, and after a move.
  [[nodiscard]] bool empty() const noexcept { return key_.empty(); }
  /// The backend's name, or "" for an empty key.
  [[nodiscard]] std::string_view backend_name() const noexcept { return key_.backend_name(); }

 private:
  aead_key key_;
};

}  // namespace vg

#endif  // VG_RANDOM_NONCE_HPP
