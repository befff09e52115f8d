// Helpers for the proofs by linearity: basis vectors of GF(2)^128 in GCM's bit order, and the rank
// of a set of field elements (Gaussian elimination over GF(2)).
//
// Why rank matters: two bilinear maps that agree on (e_i, h) for every basis vector e_i and every h
// of a set spanning GF(2)^128 agree everywhere. The proofs pick keys whose hash keys (or powers of
// them) span the space, and check that here instead of assuming it.
#ifndef VG_TESTS_PROOF_GF2_HPP
#define VG_TESTS_PROOF_GF2_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "spec/spec.hpp"

namespace vg::proof {

using vg::spec::block;

// e_i: the element x^i, i.e. bit i in GCM's order (bit 0 = most significant bit of byte 0).
inline block basis(int i) {
  block b{};
  b[static_cast<std::size_t>(i / 8)] = static_cast<std::uint8_t>(0x80 >> (i % 8));
  return b;
}

inline block xor_blocks(const block& a, const block& b) {
  block r;
  for (std::size_t k = 0; k < 16; ++k) r[k] = a[k] ^ b[k];
  return r;
}

// Dimension of the GF(2)-span of `v`.
inline int rank(const std::vector<block>& v) {
  std::vector<block> rows = v;
  int r = 0;
  for (int bit = 0; bit < 128 && r < static_cast<int>(rows.size()); ++bit) {
    const auto has = [bit](const block& b) { return (b[bit / 8] & (0x80 >> (bit % 8))) != 0; };
    std::size_t pivot = static_cast<std::size_t>(r);
    while (pivot < rows.size() && !has(rows[pivot])) ++pivot;
    if (pivot == rows.size()) continue;
    std::swap(rows[pivot], rows[static_cast<std::size_t>(r)]);
    for (std::size_t k = 0; k < rows.size(); ++k) {
      if (k != static_cast<std::size_t>(r) && has(rows[k]))
        rows[k] = xor_blocks(rows[k], rows[static_cast<std::size_t>(r)]);
    }
    ++r;
  }
  return r;
}

// h^k with the spec's multiplication (k >= 1).
inline block power(const block& h, int k) {
  block p = h;
  for (int i = 1; i < k; ++i) p = vg::spec::gf128_mul(p, h);
  return p;
}

}  // namespace vg::proof

#endif  // VG_TESTS_PROOF_GF2_HPP
