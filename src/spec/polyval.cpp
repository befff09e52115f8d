// POLYVAL as RFC 8452 §3 defines it, implemented DIRECTLY in its own field rather than through
// the GHASH relation of the RFC's Appendix A. Why: the spec is the oracle, and tests check it
// against the Appendix A relation (ByteReverse / mulX_GHASH / GHASH). Defining POLYVAL through
// GHASH would make that check a tautology; two independent routes that agree prove both.
//
// The field is GF(2)[x] / (x^128 + x^127 + x^126 + x^121 + 1). A 16-byte string is a polynomial
// with the least significant bit of byte 0 the coefficient of x^0 and the most significant bit
// of byte 15 the coefficient of x^127 (little-endian, the opposite of GHASH's order).
// dot(a, b) = a · b · x^-128 is computed literally: the field product by shift-and-add, then 128
// multiplications by x^-1. Not constant time: an oracle for tests only.
#include <stdexcept>

#include "spec/bytes_util.hpp"
#include "spec/spec.hpp"

namespace vg::spec {
namespace {

bool coefficient(const block& a, std::size_t i) {
  return ((a[i / 8] >> (i % 8)) & 1) != 0;
}

// a · x mod P: every coefficient moves up one degree; the x^128 term that falls out is replaced
// by x^127 + x^126 + x^121 + 1 (since x^128 = x^127 + x^126 + x^121 + 1 mod P).
block times_x(const block& a) {
  const bool overflow = coefficient(a, 127);
  block out{};
  std::uint8_t carry = 0;  // coefficient moving from the previous (lower) byte into this one
  for (std::size_t i = 0; i < 16; ++i) {
    out[i] = static_cast<std::uint8_t>((a[i] << 1) | carry);
    carry = static_cast<std::uint8_t>(a[i] >> 7);
  }
  if (overflow) {
    out[0] ^= 0x01;   // x^0
    out[15] ^= 0xc2;  // x^127 (bit 7), x^126 (bit 6), x^121 (bit 1) of byte 15
  }
  return out;
}

// a · x^-1 mod P. P = x·(x^127 + x^126 + x^125 + x^120) + 1, so x^-1 = x^127 + x^126 + x^125 +
// x^120. Concretely: if a has a constant term, add P to cancel it (this does not change a mod
// P); the sum is then divisible by x, and dividing moves every coefficient down one degree.
block times_x_inverse(const block& a) {
  const bool add_p = coefficient(a, 0);
  block low = a;  // coefficients x^0..x^127 of a (+ P)
  if (add_p) {
    low[0] ^= 0x01;   // P's x^0
    low[15] ^= 0xc2;  // P's x^127 (bit 7), x^126 (bit 6), x^121 (bit 1) of byte 15
  }
  block out{};
  for (std::size_t i = 0; i < 16; ++i) {
    const auto from_above = static_cast<std::uint8_t>(i + 1 < 16 ? low[i + 1] << 7 : 0);
    out[i] = static_cast<std::uint8_t>((low[i] >> 1) | from_above);
  }
  if (add_p) out[15] |= 0x80;  // P's x^128, divided by x, is x^127
  return out;
}

// The plain field product a · b mod P (RFC 8452 §3's "*"): Σ_i b_i · (a · x^i).
block field_mul(const block& a, const block& b) {
  block product{};
  block a_times_x_i = a;
  for (std::size_t i = 0; i < 128; ++i) {
    if (coefficient(b, i)) product = detail::xor_blocks(product, a_times_x_i);
    a_times_x_i = times_x(a_times_x_i);
  }
  return product;
}

}  // namespace

// RFC 8452 §3: dot(a, b) = a · b · x^-128.
block polyval_dot(const block& a, const block& b) {
  block result = field_mul(a, b);
  for (int i = 0; i < 128; ++i) result = times_x_inverse(result);
  return result;
}

// RFC 8452 §3: S_0 = 0, S_j = dot(S_{j-1} + X_j, H); POLYVAL(H, X_1, ..., X_s) = S_s.
block polyval(const block& h, view data) {
  if (data.size() % 16 != 0) throw std::invalid_argument("POLYVAL input must be whole blocks");
  block s{};
  for (std::size_t offset = 0; offset < data.size(); offset += 16) {
    block x_j{};
    for (std::size_t k = 0; k < 16; ++k) x_j[k] = data[offset + k];
    s = polyval_dot(detail::xor_blocks(s, x_j), h);
  }
  return s;
}

}  // namespace vg::spec
