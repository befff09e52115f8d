// C2SP XAES-256-GCM (c2sp.org/XAES-256-GCM), following the specification's section "Detailed key
// derivation algorithm" step by step, then plain AES-256-GCM (gcm.cpp) under the derived key.
// Not constant time: an oracle for tests.
#include <stdexcept>

#include "spec/bytes_util.hpp"
#include "spec/spec.hpp"

namespace vg::spec {
namespace {

constexpr std::size_t kKeyBytes = 32;
constexpr std::size_t kNonceBytes = 24;
constexpr std::size_t kDerivationNonceBytes = 12;  // N[:12] goes into the KDF, N[12:] into GCM

// Step 2: K1 = L << 1, then XOR 0x87 into the last byte if the bit shifted out was set
// (NIST SP 800-38B §6.1, the CMAC subkey for a 128-bit block).
block cmac_k1(const block& l) {
  block k1{};
  for (std::size_t i = 0; i < 16; ++i) {
    const std::uint8_t next_msb = i + 1 < 16 ? static_cast<std::uint8_t>(l[i + 1] >> 7) : 0;
    k1[i] = static_cast<std::uint8_t>((l[i] << 1) | next_msb);
  }
  if ((l[0] & 0x80) != 0) k1[15] ^= 0x87;
  return k1;
}

// Steps 3 and 4: M_i = [i]_16 || "X" || 0x00 || N[:12] (counter, label, separator, context).
block kdf_message(std::uint8_t counter, view nonce) {
  block m{};
  m[0] = 0x00;
  m[1] = counter;
  m[2] = 0x58;  // 'X'
  m[3] = 0x00;
  for (std::size_t i = 0; i < kDerivationNonceBytes; ++i) m[4 + i] = nonce[i];
  return m;
}

void check_sizes(view key, view nonce) {
  if (key.size() != kKeyBytes) throw std::invalid_argument("XAES-256-GCM: key must be 32 bytes");
  if (nonce.size() != kNonceBytes)
    throw std::invalid_argument("XAES-256-GCM: nonce must be 24 bytes");
}

}  // namespace

xaes_derivation xaes_derive(view key, view nonce) {
  check_sizes(key, nonce);
  xaes_derivation d{};
  d.l = aes_encrypt(key, block{});                                   // step 1
  d.k1 = cmac_k1(d.l);                                               // step 2
  const block m1 = kdf_message(1, nonce);                            // step 3
  const block m2 = kdf_message(2, nonce);                            // step 4
  const block kx1 = aes_encrypt(key, detail::xor_blocks(m1, d.k1));  // step 5
  const block kx2 = aes_encrypt(key, detail::xor_blocks(m2, d.k1));
  for (std::size_t i = 0; i < 16; ++i) {
    d.kx[i] = kx1[i];
    d.kx[16 + i] = kx2[i];
  }
  return d;
}

bytes xaes_seal(view key, view nonce, view aad, view plaintext) {
  const xaes_derivation d = xaes_derive(key, nonce);
  return gcm_seal(d.kx, nonce.subspan(kDerivationNonceBytes), aad, plaintext, 16);  // step 6
}

std::optional<bytes> xaes_open(view key, view nonce, view aad, view ciphertext, view tag) {
  if (tag.size() != 16) return std::nullopt;
  const xaes_derivation d = xaes_derive(key, nonce);
  return gcm_open(d.kx, nonce.subspan(kDerivationNonceBytes), aad, ciphertext, tag);
}

}  // namespace vg::spec
