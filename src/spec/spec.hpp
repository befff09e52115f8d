// The specification: AES (FIPS 197), GCM (NIST SP 800-38D), CTR (SP 800-38A), POLYVAL and
// AES-GCM-SIV (RFC 8452), written to be read next to the standards, never for speed and never
// for constant time. Only tests, fuzzers and tools link it: it is the oracle every backend must
// agree with byte for byte.
#ifndef VG_SRC_SPEC_SPEC_HPP
#define VG_SRC_SPEC_SPEC_HPP

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace vg::spec {

using bytes = std::vector<std::uint8_t>;
using view = std::span<const std::uint8_t>;
using block = std::array<std::uint8_t, 16>;

// FIPS 197 — key of 16, 24 or 32 bytes.
block aes_encrypt(view key, const block& in);
// FIPS 197 §5.1.1: the S-box, computed from its definition (inverse in GF(2^8), then the affine
// map).
std::uint8_t aes_sbox(std::uint8_t x);
// FIPS 197 §5.1.2 then §5.1.3: ShiftRows() followed by MixColumns() on one state (the round's
// linear layer; bytes in the §3.4 order, in[r + 4c] = state[r][c]).
block aes_shift_rows_mix_columns(const block& in);

// SP 800-38D §6.3: X • Y in GCM's bit order (bit 0 = most significant bit of byte 0).
block gf128_mul(const block& x, const block& y);
// SP 800-38D §6.4: GHASH_H over whole blocks (data.size() must be a multiple of 16).
block ghash(const block& h, view data);

// SP 800-38D §7.1: GCM-AE. iv.size() >= 1, tag_len in 4..16. Returns ciphertext || tag.
bytes gcm_seal(view key, view iv, view aad, view plaintext, std::size_t tag_len = 16);
// SP 800-38D §7.2: GCM-AD. Returns the plaintext, or nullopt when the tag does not verify.
std::optional<bytes> gcm_open(view key, view iv, view aad, view ciphertext, view tag);

// SP 800-38A §6.5: CTR with a 128-bit big-endian counter block that carries across all 128 bits.
bytes ctr(view key, const block& counter, view data);

// RFC 8452 §3: dot(a, b) = a * b * x^-128 in POLYVAL's field, and POLYVAL over whole blocks.
block polyval_dot(const block& a, const block& b);
block polyval(const block& h, view data);

// RFC 8452 §4/§5: AES-GCM-SIV with a 16- or 32-byte key and a 12-byte nonce.
// Returns ciphertext || 16-byte tag.
bytes gcm_siv_seal(view key, view nonce, view aad, view plaintext);
std::optional<bytes> gcm_siv_open(view key, view nonce, view aad, view ciphertext, view tag);

// C2SP XAES-256-GCM: the per-message AES-256 key Kx derived from a 32-byte key and the first 12
// bytes of the 24-byte nonce (NIST SP 800-108r1 counter KDF over CMAC-AES-256, as the
// specification's "Detailed key derivation algorithm" writes it out), and the AEAD itself:
// AES-256-GCM under Kx with the last 12 nonce bytes. Seal returns ciphertext || 16-byte tag.
struct xaes_derivation {
  block l;                          // L = AES-256_K(0^128)
  block k1;                         // the CMAC subkey K1
  std::array<std::uint8_t, 32> kx;  // the derived AES-256-GCM key
};
xaes_derivation xaes_derive(view key, view nonce);
bytes xaes_seal(view key, view nonce, view aad, view plaintext);
std::optional<bytes> xaes_open(view key, view nonce, view aad, view ciphertext, view tag);

}  // namespace vg::spec

#endif  // VG_SRC_SPEC_SPEC_HPP
