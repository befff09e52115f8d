/// \file
/// vgcrypt C++ API: the AES block cipher on independent 16-byte blocks (ECB), and QUIC header
/// protection (RFC 9001 §5.4.3) built on it.
///
/// Raw blocks are a building block, not a mode: equal blocks encrypt to equal blocks. Use them
/// where a protocol asks for single AES encryptions (QUIC header protection masks, key
/// derivations); use an AEAD (aead.hpp) for data. Constant time on every backend: no branch or
/// address depends on the key or the blocks. Same contract as aead.hpp otherwise.
#ifndef VG_AES_BLOCK_HPP
#define VG_AES_BLOCK_HPP

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "vg/aead.hpp"

namespace vg {

/// An AES-128/192/256 key for single-block encryption.
class VG_API aes_block_key {
 public:
  aes_block_key() noexcept = default;

  /// Expands a 16-, 24- or 32-byte key on the named backend (empty = the best runnable one).
  /// Errors: key_length, argument, unsupported (unknown or not runnable backend).
  [[nodiscard]] static status create(bytes_view key, aes_block_key& out,
                                     std::string_view backend = {}) noexcept;

  /// out[i] = AES_K(in[i]) for every 16-byte block; in.size() must be a multiple of 16 and equal
  /// to out.size(); `out` may be exactly `in`. Errors: argument.
  [[nodiscard]] status encrypt(bytes_view in, bytes_span out) const noexcept;

  /// QUIC header protection with AES (RFC 9001 §5.4.3): mask = AES-ECB(hp_key, sample)[0..5).
  /// The key is the header-protection key ("quic hp"). Errors: argument (empty key).
  [[nodiscard]] status quic_header_mask(std::span<const std::uint8_t, 16> sample,
                                        std::span<std::uint8_t, 5> mask) const noexcept;

  /// True until create() succeeds, and after a move.
  [[nodiscard]] bool empty() const noexcept { return key_.empty(); }
  /// The backend's name, or "" for an empty key.
  [[nodiscard]] std::string_view backend_name() const noexcept { return key_.backend_name(); }

 private:
  aead_key key_;  // an AES-GCM key of the same length: its CTR kernel encrypts the blocks
};

}  // namespace vg

#endif  // VG_AES_BLOCK_HPP
