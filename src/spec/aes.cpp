// AES exactly as FIPS 197 (2001, and its 2023 update) describes it: a 4×4 byte state, the four
// round transformations, and the key expansion, each a function named after its section. The
// S-box is not a table copied from the standard but computed from its definition in §5.1.1
// (multiplicative inverse in GF(2^8), then the affine map), so the vector tests check the
// definition itself. Nothing here is constant time: the spec is an oracle for tests only.
#include <stdexcept>

#include "spec/spec.hpp"

namespace vg::spec {
namespace {

// FIPS 197 §4.2: multiplication in GF(2^8) modulo m(x) = x^8 + x^4 + x^3 + x + 1, as repeated
// xtime() (§4.2.1) and addition, one bit of `b` at a time.
std::uint8_t xtime(std::uint8_t a) {
  const bool carries_out = (a & 0x80) != 0;
  auto doubled = static_cast<std::uint8_t>(a << 1);
  if (carries_out) doubled ^= 0x1b;  // x^8 = x^4 + x^3 + x + 1 mod m(x)
  return doubled;
}

std::uint8_t gf256_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t product = 0;
  for (int bit = 0; bit < 8; ++bit) {
    if ((b >> bit) & 1) product ^= a;  // add a·x^bit
    a = xtime(a);
  }
  return product;
}

// FIPS 197 §5.1.1: the multiplicative inverse, with {00} mapped to itself. Found by search: it
// is the one element whose product with `a` is {01}, which is the definition.
std::uint8_t gf256_inverse(std::uint8_t a) {
  if (a == 0) return 0;
  for (unsigned candidate = 1; candidate < 256; ++candidate) {
    if (gf256_mul(a, static_cast<std::uint8_t>(candidate)) == 1)
      return static_cast<std::uint8_t>(candidate);
  }
  throw std::logic_error("GF(2^8) element without inverse");  // unreachable: GF(2^8) is a field
}

// FIPS 197 §5.1.1 equation (5.1): b'_i = b_i ⊕ b_(i+4 mod 8) ⊕ b_(i+5 mod 8) ⊕ b_(i+6 mod 8)
// ⊕ b_(i+7 mod 8) ⊕ c_i with c = {63}.
std::uint8_t affine_map(std::uint8_t b) {
  auto bit = [b](int i) { return (b >> (i % 8)) & 1; };
  std::uint8_t out = 0;
  for (int i = 0; i < 8; ++i) {
    const int value =
        bit(i) ^ bit(i + 4) ^ bit(i + 5) ^ bit(i + 6) ^ bit(i + 7) ^ ((0x63 >> i) & 1);
    out |= static_cast<std::uint8_t>(value << i);
  }
  return out;
}

// The S-box is computed once from the definition; the search in gf256_inverse makes computing
// it per byte too slow for tests that run the spec over thousands of blocks.
const std::array<std::uint8_t, 256>& sbox_table() {
  static const std::array<std::uint8_t, 256> table = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned x = 0; x < 256; ++x)
      t[x] = affine_map(gf256_inverse(static_cast<std::uint8_t>(x)));
    return t;
  }();
  return table;
}

// FIPS 197 §3.4: state[r][c] = in[r + 4c].
using state = std::array<std::array<std::uint8_t, 4>, 4>;
using word = std::array<std::uint8_t, 4>;

// FIPS 197 §3.4: the input bytes fill the state column by column, and the output is read back
// the same way.
state to_state(const block& in) {
  state s{};
  for (std::size_t i = 0; i < 16; ++i) s[i % 4][i / 4] = in[i];
  return s;
}

block from_state(const state& s) {
  block out{};
  for (std::size_t i = 0; i < 16; ++i) out[i] = s[i % 4][i / 4];
  return out;
}

// FIPS 197 §5.1.1 SubBytes().
void sub_bytes(state& s) {
  for (auto& row : s)
    for (auto& b : row) b = aes_sbox(b);
}

// FIPS 197 §5.1.2 ShiftRows(): row r is rotated left by r positions.
void shift_rows(state& s) {
  for (std::size_t r = 1; r < 4; ++r) {
    const auto row = s[r];
    for (std::size_t c = 0; c < 4; ++c) s[r][c] = row[(c + r) % 4];
  }
}

// FIPS 197 §5.1.3 MixColumns(): each column times a(x) = {03}x^3 + {01}x^2 + {01}x + {02}
// modulo x^4 + 1, written out as the matrix product of equation (5.6).
void mix_columns(state& s) {
  for (std::size_t c = 0; c < 4; ++c) {
    const std::uint8_t s0 = s[0][c], s1 = s[1][c], s2 = s[2][c], s3 = s[3][c];
    s[0][c] = gf256_mul(0x02, s0) ^ gf256_mul(0x03, s1) ^ s2 ^ s3;
    s[1][c] = s0 ^ gf256_mul(0x02, s1) ^ gf256_mul(0x03, s2) ^ s3;
    s[2][c] = s0 ^ s1 ^ gf256_mul(0x02, s2) ^ gf256_mul(0x03, s3);
    s[3][c] = gf256_mul(0x03, s0) ^ s1 ^ s2 ^ gf256_mul(0x02, s3);
  }
}

// FIPS 197 §5.1.4 AddRoundKey(): column c is XORed with word w[round·Nb + c].
void add_round_key(state& s, const std::vector<word>& w, std::size_t round) {
  for (std::size_t c = 0; c < 4; ++c)
    for (std::size_t r = 0; r < 4; ++r) s[r][c] ^= w[round * 4 + c][r];
}

// FIPS 197 §5.2 KeyExpansion(): Nb·(Nr+1) words from the Nk-word key.
std::vector<word> key_expansion(view key, std::size_t nk, std::size_t nr) {
  std::vector<word> w(4 * (nr + 1));
  for (std::size_t i = 0; i < nk; ++i)
    w[i] = {key[4 * i], key[4 * i + 1], key[4 * i + 2], key[4 * i + 3]};
  std::uint8_t rcon = 0x01;  // Rcon[i/Nk] = [x^(i/Nk - 1), {00}, {00}, {00}]
  for (std::size_t i = nk; i < w.size(); ++i) {
    word temp = w[i - 1];
    if (i % nk == 0) {
      temp = {temp[1], temp[2], temp[3], temp[0]};  // RotWord
      for (auto& b : temp) b = aes_sbox(b);         // SubWord
      temp[0] ^= rcon;
      rcon = xtime(rcon);
    } else if (nk > 6 && i % nk == 4) {
      for (auto& b : temp) b = aes_sbox(b);  // SubWord, AES-256 only
    }
    for (std::size_t j = 0; j < 4; ++j) w[i][j] = static_cast<std::uint8_t>(w[i - nk][j] ^ temp[j]);
  }
  return w;
}

}  // namespace

// FIPS 197 §5.1.1.
std::uint8_t aes_sbox(std::uint8_t x) {
  return sbox_table()[x];
}

// FIPS 197 §5.1 Cipher(), with Nk = 4, 6, 8 and Nr = Nk + 6 (§5, Figure 4).
block aes_encrypt(view key, const block& in) {
  if (key.size() != 16 && key.size() != 24 && key.size() != 32)
    throw std::invalid_argument("AES key must be 16, 24 or 32 bytes");
  const std::size_t nk = key.size() / 4;
  const std::size_t nr = nk + 6;
  const std::vector<word> w = key_expansion(key, nk, nr);

  state s = to_state(in);
  add_round_key(s, w, 0);
  for (std::size_t round = 1; round < nr; ++round) {
    sub_bytes(s);
    shift_rows(s);
    mix_columns(s);
    add_round_key(s, w, round);
  }
  sub_bytes(s);
  shift_rows(s);
  add_round_key(s, w, nr);
  return from_state(s);
}

// FIPS 197 §5.1.2 and §5.1.3, in the order Cipher() applies them.
block aes_shift_rows_mix_columns(const block& in) {
  state s = to_state(in);
  shift_rows(s);
  mix_columns(s);
  return from_state(s);
}

}  // namespace vg::spec
