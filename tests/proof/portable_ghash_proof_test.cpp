// Proof by exhaustion and bilinearity of the portable backend's GF(2^128) multiplication
// (src/backends/portable/ghash_ctmul64.*), against vg::spec.
//
// Argument (docs/VERIFICATION.md has it in full): every function checked here computes
//   (x, m) -> R(sum over classes of (x_i * m_j) AND mask)
// where x_i, m_j are x and the multiplier masked to bit classes, R is the reduction (XOR, shifts)
// and the multiplier is a linear image of h (div_x, masks). The integer products equal carry-less
// products on the kept bits because a column holds at most 13 one-bit terms, so carries stay in the
// four-bit holes: the map is GF(2)-bilinear in (x, h). A bilinear map is fixed by its values on the
// 128 x 128 pairs of basis vectors, so checking all of them proves it equal to the spec everywhere.
//
// Single-bit inputs never produce a carry, so the basis check alone says nothing about the hole
// width; the carry bound is a property of the code (13 terms < 32) and the saturated operands below
// (every column at its maximum count) are checked as evidence for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "backends/portable/ghash_ctmul64.hpp"
#include "common/bytes.hpp"
#include "proof/gf2.hpp"

namespace {

using vg::detail::portable::gf128;
using vg::detail::portable::hash_key;
using vg::proof::basis;
using vg::spec::block;
namespace portable = vg::detail::portable;

gf128 to_gf(const block& b) {
  return {vg::detail::load_be64(b.data()), vg::detail::load_be64(b.data() + 8)};
}

block from_gf(gf128 v) {
  block b;
  vg::detail::store_be64(b.data(), v.hi);
  vg::detail::store_be64(b.data() + 8, v.lo);
  return b;
}

// The multiplier the backend prepares for h (power[3] of hash_key_init multiplies by h^1).
portable::gf128_multiplier multiplier_for(const block& h) {
  hash_key k;
  portable::hash_key_init(k, to_gf(h));
  return k.power[portable::hash_powers - 1];
}

TEST(PortableGhashProof, MultiplyAgreesWithSpecOnAllBasisPairs) {
  int mismatches = 0;
  for (int i = 0; i < 128; ++i) {
    for (int j = 0; j < 128; ++j) {
      const block got = from_gf(portable::gf128_mul(to_gf(basis(i)), to_gf(basis(j))));
      if (got != vg::spec::gf128_mul(basis(i), basis(j)) && ++mismatches <= 5)
        ADD_FAILURE() << "e_" << i << " * e_" << j;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// ghash_blocks on n blocks (n = 1..4) uses multiply_sum<n> with key slots 4-n..3; ghash_element
// uses slot 3. Each slot of each instantiation is a separate bilinear map (data block b, multiplier
// of slot b): give slot b the multiplier of e_j and every other slot a different one, put e_i in
// block b (zero elsewhere) and expect e_i * e_j — so a kernel that used the wrong slot fails too.
TEST(PortableGhashProof, EverySlotOfTheAggregatedHashAgreesOnAllBasisPairs) {
  std::vector<portable::gf128_multiplier> m(128);
  for (int j = 0; j < 128; ++j) m[static_cast<std::size_t>(j)] = multiplier_for(basis(j));
  int mismatches = 0;
  for (int n = 1; n <= portable::hash_powers; ++n) {
    const int first_slot = portable::hash_powers - n;  // block b uses power[first_slot + b]
    for (int b = 0; b < n; ++b) {
      for (int j = 0; j < 128; ++j) {
        hash_key key;
        for (int s = 0; s < portable::hash_powers; ++s)
          key.power[s] = m[static_cast<std::size_t>((j + 41 * (s + 1)) % 128)];
        key.power[first_slot + b] = m[static_cast<std::size_t>(j)];
        for (int i = 0; i < 128; ++i) {
          std::uint8_t data[16 * portable::hash_powers] = {};
          std::memcpy(data + 16 * b, basis(i).data(), 16);
          gf128 y{0, 0};
          portable::ghash_blocks(key, y, data, static_cast<std::size_t>(n));
          if (from_gf(y) != vg::spec::gf128_mul(basis(i), basis(j)) && ++mismatches <= 5)
            ADD_FAILURE() << n << " blocks, block " << b << ": e_" << i << " * e_" << j;
          if (b == 0) {  // the running hash enters through block 0's slot
            gf128 y0 = to_gf(basis(i));
            std::uint8_t zero[16 * portable::hash_powers] = {};
            portable::ghash_blocks(key, y0, zero, static_cast<std::size_t>(n));
            if (from_gf(y0) != vg::spec::gf128_mul(basis(i), basis(j)) && ++mismatches <= 5)
              ADD_FAILURE() << n << " blocks, running hash e_" << i << " * e_" << j;
          }
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(PortableGhashProof, ElementHashAgreesOnAllBasisPairs) {
  int mismatches = 0;
  for (int j = 0; j < 128; ++j) {
    hash_key key;
    portable::hash_key_init(key, to_gf(basis(j)));
    for (int i = 0; i < 128; ++i) {
      gf128 y{0, 0};
      portable::ghash_element(key, y, to_gf(basis(i)));
      if (from_gf(y) != vg::spec::gf128_mul(basis(i), basis(j)) && ++mismatches <= 5)
        ADD_FAILURE() << "e_" << i << " * e_" << j;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// POLYVAL: the key is mapped to the GHASH domain by a linear map (byte reversal, times x) and
// blocks are loaded byte-reversed (a permutation), so polyval_blocks is bilinear in (X, H) as well.
TEST(PortablePolyvalProof, OneBlockAgreesWithSpecOnAllBasisPairs) {
  int mismatches = 0;
  for (int j = 0; j < 128; ++j) {
    hash_key key;
    portable::hash_key_init(key, portable::polyval_key_to_ghash(basis(j).data()));
    for (int i = 0; i < 128; ++i) {
      gf128 y{0, 0};
      portable::polyval_blocks(key, y, basis(i).data(), 1);
      // polyval_blocks keeps y in the GHASH domain; one block from zero: y = X' * H', the
      // byte-reversed POLYVAL result (RFC 8452 Appendix A).
      block got = from_gf(y);
      std::reverse(got.begin(), got.end());
      if (got != vg::spec::polyval(basis(j), basis(i)) && ++mismatches <= 5)
        ADD_FAILURE() << "X = e_" << i << ", H = e_" << j;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// Evidence for the carry bound: operands that saturate every bit class put the maximum number of
// one-bit terms in every column of every partial product.
TEST(PortableGhashProof, SaturatedOperandsDoNotCarryAcrossHoles) {
  const block ones = [] {
    block b;
    b.fill(0xff);
    return b;
  }();
  std::vector<block> operands = {ones};
  for (std::uint8_t pattern : {0x55, 0xaa, 0x7f, 0xfe, 0x84, 0x21}) {
    block b;
    b.fill(pattern);
    operands.push_back(b);
  }
  for (const block& a : operands) {
    for (const block& h : operands) {
      EXPECT_EQ(from_gf(portable::gf128_mul(to_gf(a), to_gf(h))), vg::spec::gf128_mul(a, h));
      hash_key key;
      portable::hash_key_init(key, to_gf(h));
      // Four blocks a, a, a, a hashed from y = a: block 0 becomes a ^ a = 0.
      std::uint8_t data[64];
      for (int b = 0; b < 4; ++b) std::memcpy(data + 16 * b, a.data(), 16);
      gf128 y = to_gf(a);
      portable::ghash_blocks(key, y, data, 4);
      std::vector<std::uint8_t> seq(16, 0);
      seq.insert(seq.end(), data + 16, data + 64);
      EXPECT_EQ(from_gf(y), vg::spec::ghash(h, seq));
    }
  }
}

}  // namespace
