// Bitsliced, constant-time AES encryption for the portable backend (the "ct64" technique: eight
// 64-bit words hold four blocks, one bit plane of all 64 state bytes per word).
//
// Blocks cross this interface as little-endian 64-bit word pairs: block i is words[2i] (bytes
// 0..7) and words[2i + 1] (bytes 8..15), so callers can build counter blocks in registers and XOR
// keystream into data with plain 64-bit loads. Round keys are stored already bitsliced and
// replicated into all four block slots, so AddRoundKey is eight XORs.
#ifndef VG_SRC_BACKENDS_PORTABLE_AES_CT64_HPP
#define VG_SRC_BACKENDS_PORTABLE_AES_CT64_HPP

#include <cstddef>
#include <cstdint>

namespace vg::detail::portable {

inline constexpr int aes_max_rounds = 14;

struct aes_ct64_key {
  std::uint64_t round_keys[(aes_max_rounds + 1) * 8];  // bitsliced, one group of 8 per round
  std::uint32_t rounds;                                // 10, 12 or 14 (public)
};

// The bytes of round_keys that a key of `rounds` rounds uses: all that the fused expansions below
// write, and so all that the owner of a one-shot key has to wipe.
inline constexpr std::size_t aes_ct64_round_key_bytes(unsigned rounds) {
  return (rounds + 1) * 8 * sizeof(std::uint64_t);
}

// Expands a 16/24/32-byte key without any table lookup indexed by key bytes.
void aes_ct64_expand(aes_ct64_key& out, const std::uint8_t* key, std::size_t key_len) noexcept;

// Encrypts four blocks in place (see the word layout above).
void aes_ct64_encrypt4(const aes_ct64_key& key, std::uint64_t blocks[8]) noexcept;

// Encrypts the first `count` (1..4, public) blocks in place; the words of the other blocks are
// ignored and left unspecified. One or two blocks skip most of the packing into bit planes
// (GCM-SIV's tag and short CTR tails).
void aes_ct64_encrypt(const aes_ct64_key& key, std::uint64_t blocks[8], int count) noexcept;

// Expands the key and, in the same bitsliced rounds, encrypts blocks 0, 2 and 3 with it: the key
// schedule's S-boxes ride in block slot 1 of the cipher's S-box layers, so a key used for few
// blocks (GCM-SIV's per-nonce key) costs about one cipher call instead of a separate schedule.
// Block 1 is ignored on input and unspecified on output. For 16- and 32-byte keys only the first
// aes_ct64_round_key_bytes(rounds) bytes of out.round_keys are written.
void aes_ct64_expand_encrypt3(aes_ct64_key& out, const std::uint8_t* key, std::size_t key_len,
                              std::uint64_t blocks[8]) noexcept;

// The same for block 0 alone (GCM-SIV's tag); blocks 1..3 are ignored and left unspecified.
void aes_ct64_expand_encrypt1(aes_ct64_key& out, const std::uint8_t* key, std::size_t key_len,
                              std::uint64_t blocks[8]) noexcept;

// Variants of the two above for a key whose first round key(s) (one for a 16-byte key, two for a
// 32-byte one) are already in key.round_keys in bitsliced form, as aes_ct64_derive_siv_keys
// leaves them; key_len is 16 or 32.
void aes_ct64_expand_encrypt1_prepared(aes_ct64_key& key, std::size_t key_len,
                                       std::uint64_t blocks[8]) noexcept;
void aes_ct64_expand_encrypt3_prepared(aes_ct64_key& key, std::size_t key_len,
                                       std::uint64_t blocks[8]) noexcept;

// GCM-SIV per-nonce key derivation (RFC 8452 §4) with a 16- or 32-byte key-generating key:
// encrypts the 4 or 6 blocks LE32(i) || nonce in one bitsliced pass (six on two vector lanes),
// writes the authentication key (bytes 0..7 of blocks 0 and 1) and puts the encryption key
// (bytes 0..7 of blocks 2, 3 (, 4, 5)) straight from the cipher's bit planes into the first
// round key(s) of `encryption`, ready for the *_prepared expansions: the encryption key never
// exists as bytes.
void aes_ct64_derive_siv_keys(const aes_ct64_key& key_generating_key, std::size_t key_len,
                              const std::uint8_t nonce[12], std::uint8_t authentication_key[16],
                              aes_ct64_key& encryption) noexcept;

// The AES S-box through the same bitsliced circuit (for tests that check all 256 inputs).
std::uint8_t aes_ct64_sbox(std::uint8_t x) noexcept;

// One round's ShiftRows then MixColumns on four blocks in place (same word layout), through the
// same bitslicing and the same code the cipher's rounds run; for the basis proof in tests/proof.
void aes_ct64_linear_layer(std::uint64_t blocks[8]) noexcept;

}  // namespace vg::detail::portable

#endif  // VG_SRC_BACKENDS_PORTABLE_AES_CT64_HPP
