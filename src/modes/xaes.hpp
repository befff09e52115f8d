// XAES-256-GCM (c2sp.org/XAES-256-GCM) above the GCM kernels.
//
// Key setup runs the backend's AES-256-GCM setup for the input key K (its round keys do the
// derivation; its H powers go unused) and caches the CMAC subkey K1 = dbl(AES_K(0)) in the mode
// layer's part of the key state. Each message then costs two AES blocks for the derived key
// Kx = AES_K(M1 ^ K1) || AES_K(M2 ^ K1), an AES-256-GCM setup for Kx into a stack state, and
// AES-256-GCM with the nonce's last 12 bytes; the stack state is wiped before returning.
//
// Backends with gcm_ops::xaes_derive (x86) run the two blocks, Kx's expansion and the powers of
// H the message reads in one call, Kx in registers only. Elsewhere the two blocks go through the
// backend's ctr32 kernel with public_counter = false (the blocks are secret: they are masked with
// K1), which the kernels run in constant time (block.hpp), then through setup.
#ifndef VG_SRC_MODES_XAES_HPP
#define VG_SRC_MODES_XAES_HPP

#include <cstdint>

#include "backends/backend.hpp"
#include "modes/modes.hpp"

namespace vg::detail::xaes {

inline constexpr std::size_t kNonceBytes = 24;
inline constexpr std::size_t kKdfNonceBytes = 12;  // N[:12] feeds the KDF, N[12:] is GCM's
// A nonce of exactly 24 bytes, a 16-byte tag, GCM's length limits.
inline constexpr mode_limits kLimits{.min_nonce = kNonceBytes,
                                     .max_nonce = kNonceBytes,
                                     .min_tag = max_tag_length,
                                     .max_tag = max_tag_length,
                                     .max_in = gcm::kMaxPlaintext,
                                     .max_aad = gcm::kMaxAad};

// What a seal or open adds to the backend's stack depth: the message key's state on its frame.
inline constexpr std::size_t kStackBytes = key_state_bytes + 512;

// Expands the 32-byte `key` into `state` (a key object's state) and caches K1 there.
void setup(const backend& b, void* state, const std::uint8_t* key) noexcept;

// Writes the AES-256-GCM state of the message key Kx for `nonce` (24 bytes; only the first 12 are
// read) into `derived`, a 64-byte aligned buffer of key_state_bytes, for one call whose GHASH
// covers `blocks` blocks (AAD, message, length block) and which seals or opens
// (gcm_ops::xaes_derive).
void derive(const backend& b, const void* state, const std::uint8_t* nonce, void* derived,
            std::size_t blocks, bool seal) noexcept;

status seal(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
            const bytes_view& in, const bytes_span& out, const bytes_span& tag) noexcept;
status open(const backend& b, const void* state, const bytes_view& nonce, const bytes_view& aad,
            const bytes_view& in, const bytes_span& out, const bytes_view& tag) noexcept;

}  // namespace vg::detail::xaes

#endif  // VG_SRC_MODES_XAES_HPP
