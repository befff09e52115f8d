// AES-GCM-SIV as RFC 8452 §4 (encryption) and §5 (decryption) define it: per-nonce derivation
// of a message-authentication key and a message-encryption key, POLYVAL over the padded AAD,
// padded plaintext and a length block, the tag as AES of the masked POLYVAL result, and CTR
// encryption whose counter is the tag with its top bit set and whose first 32 bits count as a
// little-endian integer modulo 2^32. Not constant time: an oracle for tests only.
#include <algorithm>
#include <stdexcept>

#include "spec/bytes_util.hpp"
#include "spec/spec.hpp"

namespace vg::spec {
namespace {

// RFC 8452 §6: P and A may be at most 2^36 bytes; the nonce is exactly 12 bytes.
constexpr std::uint64_t max_text_bytes = std::uint64_t{1} << 36;

struct per_nonce_keys {
  block authentication_key;
  bytes encryption_key;  // 16 or 32 bytes, the same length as the key-generating key
};

// RFC 8452 §4: AES(key-generating-key, LE32(i) || nonce) for i = 0, 1, ...; the first 8 bytes
// of each result are concatenated. Two blocks give the authentication key; two more (AES-128)
// or four more (AES-256) give the encryption key.
per_nonce_keys derive_keys(view key_generating_key, view nonce) {
  auto first_half_of_block = [&](std::uint32_t i) {
    block input{};
    for (std::size_t b = 0; b < 4; ++b) input[b] = static_cast<std::uint8_t>(i >> (8 * b));
    std::copy(nonce.begin(), nonce.end(), input.begin() + 4);
    const block out = aes_encrypt(key_generating_key, input);
    return bytes(out.begin(), out.begin() + 8);
  };
  per_nonce_keys keys{};
  bytes auth = first_half_of_block(0);
  const bytes auth_high = first_half_of_block(1);
  auth.insert(auth.end(), auth_high.begin(), auth_high.end());
  std::copy(auth.begin(), auth.end(), keys.authentication_key.begin());

  const std::uint32_t encryption_blocks = key_generating_key.size() == 16 ? 2 : 4;
  for (std::uint32_t i = 2; i < 2 + encryption_blocks; ++i) {
    const bytes half = first_half_of_block(i);
    keys.encryption_key.insert(keys.encryption_key.end(), half.begin(), half.end());
  }
  return keys;
}

// RFC 8452 §4: the tag. S_s = POLYVAL(auth key, padded AAD || padded P || length block), where
// the length block is LE64(bit length of AAD) || LE64(bit length of P); the first 12 bytes are
// XORed with the nonce, the top bit of the last byte cleared, and the result encrypted.
block compute_tag(const per_nonce_keys& keys, view nonce, view aad, view plaintext) {
  bytes polyval_input;
  detail::append_zero_padded(polyval_input, aad);
  detail::append_zero_padded(polyval_input, plaintext);
  detail::append_le64(polyval_input, std::uint64_t{aad.size()} * 8);
  detail::append_le64(polyval_input, std::uint64_t{plaintext.size()} * 8);
  block s = polyval(keys.authentication_key, polyval_input);
  for (std::size_t i = 0; i < 12; ++i) s[i] ^= nonce[i];
  s[15] &= 0x7f;
  return aes_encrypt(keys.encryption_key, s);
}

// RFC 8452 §4: the counter block starts as the tag with the most significant bit of its last
// byte set; each block of keystream is AES of it, and its first 32 bits are then incremented as
// a little-endian integer modulo 2^32 (the other 96 bits never change).
bytes aes_ctr_le32(view encryption_key, const block& tag, view input) {
  block counter = tag;
  counter[15] |= 0x80;
  bytes out(input.size());
  for (std::size_t offset = 0; offset < input.size(); offset += 16) {
    const block keystream = aes_encrypt(encryption_key, counter);
    const std::size_t n = std::min<std::size_t>(16, input.size() - offset);
    for (std::size_t j = 0; j < n; ++j)
      out[offset + j] = static_cast<std::uint8_t>(input[offset + j] ^ keystream[j]);
    for (std::size_t b = 0; b < 4; ++b) {
      if (++counter[b] != 0) break;  // carry stops; a carry out of byte 3 is dropped (mod 2^32)
    }
  }
  return out;
}

void check_key(view key) {
  if (key.size() != 16 && key.size() != 32)
    throw std::invalid_argument("AES-GCM-SIV key must be 16 or 32 bytes");
}

}  // namespace

// RFC 8452 §4: encryption. Returns ciphertext || tag.
bytes gcm_siv_seal(view key, view nonce, view aad, view plaintext) {
  check_key(key);
  if (nonce.size() != 12) throw std::invalid_argument("AES-GCM-SIV nonce must be 12 bytes");
  if (plaintext.size() > max_text_bytes || aad.size() > max_text_bytes)
    throw std::invalid_argument("AES-GCM-SIV input too long");

  const per_nonce_keys keys = derive_keys(key, nonce);
  const block tag = compute_tag(keys, nonce, aad, plaintext);
  bytes out = aes_ctr_le32(keys.encryption_key, tag, plaintext);
  out.insert(out.end(), tag.begin(), tag.end());
  return out;
}

// RFC 8452 §5: decryption. Inputs of the wrong length (nonce, tag, over-long texts) fail like a
// wrong tag; a key of the wrong length is a programming error and throws.
std::optional<bytes> gcm_siv_open(view key, view nonce, view aad, view ciphertext, view tag) {
  check_key(key);
  if (nonce.size() != 12 || tag.size() != 16 || ciphertext.size() > max_text_bytes ||
      aad.size() > max_text_bytes)
    return std::nullopt;

  const per_nonce_keys keys = derive_keys(key, nonce);
  block received_tag{};
  std::copy(tag.begin(), tag.end(), received_tag.begin());
  bytes plaintext = aes_ctr_le32(keys.encryption_key, received_tag, ciphertext);
  const block expected = compute_tag(keys, nonce, aad, plaintext);
  if (!detail::equal_bytes(expected, tag)) return std::nullopt;
  return plaintext;
}

}  // namespace vg::spec
