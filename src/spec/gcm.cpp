// GCM authenticated encryption and decryption as NIST SP 800-38D §6.5 and §7 define them: GCTR
// with the 32-bit incrementing function inc_32, J0 from a 96-bit IV or from GHASH of any other
// IV, and the tag from GHASH over A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64. Every
// length is whole bytes (the API has no bit strings). Not constant time: an oracle for tests.
#include <algorithm>
#include <stdexcept>

#include "spec/bytes_util.hpp"
#include "spec/spec.hpp"

namespace vg::spec {
namespace {

// SP 800-38D §5.2.1.1: tags of 128, 120, 112, 104 or 96 bits, and of 64 or 32 bits for some
// applications (Appendix C). The library's API allows every whole-byte length from 4 to 16
// bytes, so the spec accepts that superset; the CAVP vectors cover 4, 8, 12, 13, 14, 15, 16.
bool tag_length_supported(std::size_t tag_len) {
  return tag_len >= 4 && tag_len <= 16;
}

// SP 800-38D §5.2.1.1: len(P) <= 2^39 - 256 bits, len(A) <= 2^64 - 1 bits, 1 <= len(IV) <=
// 2^64 - 1 bits. In bytes: P at most 2^36 - 32; A and IV are bounded by memory anyway.
constexpr std::uint64_t max_text_bytes = (std::uint64_t{1} << 36) - 32;

// SP 800-38D §6.2 inc_32(X): the rightmost 32 bits, as a big-endian integer, plus one mod 2^32;
// the leftmost 96 bits are unchanged.
block inc32(block x) {
  for (std::size_t i = 15; i >= 12; --i) {
    if (++x[i] != 0) break;  // no carry out of this byte: done
  }
  return x;
}

// SP 800-38D §6.5, Algorithm 3: GCTR_K(ICB, X).
bytes gctr(view key, const block& icb, view x) {
  bytes y(x.size());
  block cb = icb;
  for (std::size_t offset = 0; offset < x.size(); offset += 16) {
    const block keystream = aes_encrypt(key, cb);
    const std::size_t n = std::min<std::size_t>(16, x.size() - offset);  // partial X_n*
    for (std::size_t j = 0; j < n; ++j)
      y[offset + j] = static_cast<std::uint8_t>(x[offset + j] ^ keystream[j]);
    cb = inc32(cb);
  }
  return y;
}

// SP 800-38D §7.1 steps 1–2: the hash subkey H = CIPH_K(0^128) and the pre-counter block J0.
block hash_subkey(view key) {
  return aes_encrypt(key, block{});
}

block pre_counter_block(const block& h, view iv) {
  if (iv.size() == 12) {  // len(IV) = 96: J0 = IV || 0^31 || 1
    block j0{};
    for (std::size_t i = 0; i < 12; ++i) j0[i] = iv[i];
    j0[15] = 1;
    return j0;
  }
  // Otherwise J0 = GHASH_H(IV || 0^(s+64) || [len(IV)]_64), s = 128·ceil(len(IV)/128) − len(IV).
  bytes ghash_input;
  detail::append_zero_padded(ghash_input, iv);
  detail::append_be64(ghash_input, 0);
  detail::append_be64(ghash_input, std::uint64_t{iv.size()} * 8);
  return ghash(h, ghash_input);
}

// SP 800-38D §7.1 steps 4–6 (also §7.2 steps 5–7): S = GHASH_H(A || 0^v || C || 0^u ||
// [len(A)]_64 || [len(C)]_64) and the full-length tag GCTR_K(J0, S).
block full_tag(view key, const block& h, const block& j0, view aad, view ciphertext) {
  bytes ghash_input;
  detail::append_zero_padded(ghash_input, aad);
  detail::append_zero_padded(ghash_input, ciphertext);
  detail::append_be64(ghash_input, std::uint64_t{aad.size()} * 8);
  detail::append_be64(ghash_input, std::uint64_t{ciphertext.size()} * 8);
  const block s = ghash(h, ghash_input);
  const bytes t = gctr(key, j0, s);
  block tag{};
  for (std::size_t i = 0; i < 16; ++i) tag[i] = t[i];
  return tag;
}

}  // namespace

// SP 800-38D §7.1, Algorithm 4: GCM-AE_K(IV, P, A) = (C, T), returned as C || T.
bytes gcm_seal(view key, view iv, view aad, view plaintext, std::size_t tag_len) {
  if (iv.empty()) throw std::invalid_argument("GCM IV must be at least one byte");
  if (!tag_length_supported(tag_len)) throw std::invalid_argument("GCM tag must be 4..16 bytes");
  if (plaintext.size() > max_text_bytes) throw std::invalid_argument("GCM plaintext too long");

  const block h = hash_subkey(key);                  // step 1
  const block j0 = pre_counter_block(h, iv);         // step 2
  bytes out = gctr(key, inc32(j0), plaintext);       // step 3
  const block tag = full_tag(key, h, j0, aad, out);  // steps 4–6
  out.insert(out.end(), tag.begin(), tag.begin() + static_cast<std::ptrdiff_t>(tag_len));  // MSB_t
  return out;
}

// SP 800-38D §7.2, Algorithm 5: GCM-AD_K(IV, C, A, T) = P or FAIL (nullopt). Step 1's
// "unsupported lengths" (empty IV, tag outside 4..16 bytes, over-long C) return FAIL too.
std::optional<bytes> gcm_open(view key, view iv, view aad, view ciphertext, view tag) {
  if (iv.empty() || !tag_length_supported(tag.size()) || ciphertext.size() > max_text_bytes)
    return std::nullopt;

  const block h = hash_subkey(key);                              // step 2
  const block j0 = pre_counter_block(h, iv);                     // step 3
  bytes plaintext = gctr(key, inc32(j0), ciphertext);            // step 4
  const block expected = full_tag(key, h, j0, aad, ciphertext);  // steps 5–7
  if (!detail::equal_bytes(view(expected).first(tag.size()), tag)) return std::nullopt;  // step 8
  return plaintext;
}

}  // namespace vg::spec
