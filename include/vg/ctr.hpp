/// \file
/// vgcrypt C++ API: AES in counter mode (NIST SP 800-38A §6.5), unauthenticated.
///
/// The counter block is 16 bytes, big-endian, and is incremented across all 128 bits (a carry out
/// of the low 32 or 64 bits propagates). CTR gives confidentiality only: use an AEAD (aead.hpp)
/// unless you authenticate the data some other way. Never reuse a counter block under one key.
///
/// Same contract as aead.hpp: no exceptions, no allocation, immutable keys shareable across
/// threads, wiped on destruction, `out` may equal `in` but must not otherwise overlap it.
#ifndef VG_CTR_HPP
#define VG_CTR_HPP

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "vg/aead.hpp"

namespace vg {

/// An AES key (16, 24 or 32 bytes) for counter mode.
class VG_API ctr_key {
 public:
  // Move-only; the contained key wipes itself on destruction and when moved from.
  ctr_key() noexcept = default;

  /// Expands `key` (16/24/32 bytes) on the named backend (empty = the best runnable one).
  /// Errors: argument (null key with a length), key_length, unsupported (unknown or not runnable
  /// backend). On error `out` is empty.
  [[nodiscard]] static status create(bytes_view key, ctr_key& out,
                                     std::string_view backend = {}) noexcept;

  /// out = in XOR keystream, the keystream being E(counter), E(counter + 1), ...; a final partial
  /// block uses a prefix of its keystream block. Errors: argument (empty key, sizes differ, bad
  /// overlap, null with a length).
  [[nodiscard]] status crypt(std::span<const std::uint8_t, 16> counter, bytes_view in,
                             bytes_span out) const noexcept;

  /// True until create() succeeds, and after a move.
  [[nodiscard]] bool empty() const noexcept { return key_.empty(); }
  /// The backend's name ("portable", "aesni-avx", ...), or "" for an empty key.
  [[nodiscard]] std::string_view backend_name() const noexcept { return key_.backend_name(); }

 private:
  aead_key key_;  // an AES-GCM key of the same length: its kernels provide the CTR blocks
};

}  // namespace vg

#endif  // VG_CTR_HPP
