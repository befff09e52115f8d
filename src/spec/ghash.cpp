// GHASH's field and hash as NIST SP 800-38D §6.3–§6.4 define them. Blocks are bit strings whose
// bit 0 is the most significant bit of byte 0 (§6.3's "leftmost" bit); multiplication is
// Algorithm 1, bit by bit, with no tables and no reflection tricks, so it can be read line by
// line against the standard. Not constant time: the spec is an oracle for tests only.
#include <stdexcept>

#include "spec/bytes_util.hpp"
#include "spec/spec.hpp"

namespace vg::spec {
namespace {

// Bit i of a block in SP 800-38D's order: i = 0 is the leftmost (most significant) bit of byte 0,
// i = 127 the rightmost (least significant) bit of byte 15.
bool bit_at(const block& x, std::size_t i) {
  return ((x[i / 8] >> (7 - i % 8)) & 1) != 0;
}

// V >> 1 of SP 800-38D §6.2: every bit moves one position to the right (towards bit 127).
block shift_right_one(const block& v) {
  block out{};
  std::uint8_t carry = 0;  // the bit shifted out of the previous (more leftward) byte
  for (std::size_t i = 0; i < 16; ++i) {
    out[i] = static_cast<std::uint8_t>((v[i] >> 1) | (carry << 7));
    carry = v[i] & 1;
  }
  return out;
}

}  // namespace

// SP 800-38D §6.3, Algorithm 1 (X • Y), with R = 11100001 || 0^120.
block gf128_mul(const block& x, const block& y) {
  const block r = {0xe1};
  block z{};    // Z_0 = 0^128
  block v = y;  // V_0 = Y
  for (std::size_t i = 0; i < 128; ++i) {
    if (bit_at(x, i)) z = detail::xor_blocks(z, v);  // Z_{i+1} = Z_i ⊕ V_i when x_i = 1
    const bool lsb = bit_at(v, 127);                 // LSB_1(V_i)
    v = shift_right_one(v);
    if (lsb) v = detail::xor_blocks(v, r);  // V_{i+1} = (V_i >> 1) ⊕ R when LSB_1(V_i) = 1
  }
  return z;
}

// SP 800-38D §6.4, Algorithm 2: Y_0 = 0^128, Y_i = (Y_{i-1} ⊕ X_i) • H.
block ghash(const block& h, view data) {
  if (data.size() % 16 != 0) throw std::invalid_argument("GHASH input must be whole blocks");
  block y{};
  for (std::size_t offset = 0; offset < data.size(); offset += 16) {
    block x_i{};
    for (std::size_t j = 0; j < 16; ++j) x_i[j] = data[offset + j];
    y = gf128_mul(detail::xor_blocks(y, x_i), h);
  }
  return y;
}

}  // namespace vg::spec
