// Proof on a basis of the portable backend's round linear layer (ShiftRows then MixColumns on the
// bitsliced planes, src/backends/portable/aes_ct64.cpp) against
// vg::spec::aes_shift_rows_mix_columns.
//
// aes_ct64_linear_layer bitslices four blocks, runs shift_rows_mix_columns — the function every
// full round of the cipher calls — and un-bitslices. All three steps are made of XOR, AND with
// constant masks, OR of words under disjoint masks and shifts/rotations by constants, so the whole
// map is GF(2)-linear on its 512 input bits (read off the code; docs/VERIFICATION.md). A linear map
// is determined by its images of a basis: agreement on e_i in every slot b, with the other three
// slots zero, proves agreement on all 2^512 inputs. Each basis image is checked in all four output
// slots, so a layer that leaks one block into another fails. The additivity check on random pairs
// is evidence for the premise (it would catch e.g. a NOT or a constant), not part of the proof.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <random>

#include "backends/portable/aes_ct64.hpp"
#include "proof/gf2.hpp"
#include "spec/spec.hpp"

namespace {

using vg::spec::block;

// Four blocks in aes_ct64's word layout: block b is words 2b (bytes 0..7) and 2b + 1 (bytes 8..15),
// little-endian.
using four_blocks = std::array<block, 4>;

four_blocks run_portable_layer(const four_blocks& in) {
  std::uint64_t words[8];
  for (std::size_t b = 0; b < 4; ++b) {
    for (std::size_t half = 0; half < 2; ++half) {
      std::uint64_t w = 0;
      for (std::size_t i = 0; i < 8; ++i) w |= std::uint64_t{in[b][8 * half + i]} << (8 * i);
      words[2 * b + half] = w;
    }
  }
  vg::detail::portable::aes_ct64_linear_layer(words);
  four_blocks out{};
  for (std::size_t b = 0; b < 4; ++b) {
    for (std::size_t i = 0; i < 16; ++i)
      out[b][i] = static_cast<std::uint8_t>(words[2 * b + i / 8] >> (8 * (i % 8)));
  }
  return out;
}

TEST(PortableAesProof, LinearLayerAgreesWithSpecOnEveryBasisVectorInEverySlot) {
  int mismatches = 0;
  for (std::size_t slot = 0; slot < 4; ++slot) {
    for (int i = 0; i < 128; ++i) {
      four_blocks in{};
      in[slot] = vg::proof::basis(i);
      const four_blocks got = run_portable_layer(in);
      four_blocks expected{};
      expected[slot] = vg::spec::aes_shift_rows_mix_columns(in[slot]);
      if (got != expected) {
        ++mismatches;
        if (mismatches <= 10) ADD_FAILURE() << "slot " << slot << ", basis vector e_" << i;
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(PortableAesProof, LinearLayerIsAdditiveOnRandomPairs) {
  std::mt19937_64 rng(20260701);
  const auto random_blocks = [&rng] {
    four_blocks r;
    for (auto& b : r)
      for (auto& byte : b) byte = static_cast<std::uint8_t>(rng());
    return r;
  };
  const auto xor_all = [](const four_blocks& a, const four_blocks& b) {
    four_blocks r;
    for (std::size_t s = 0; s < 4; ++s) r[s] = vg::proof::xor_blocks(a[s], b[s]);
    return r;
  };
  EXPECT_EQ(run_portable_layer(four_blocks{}), four_blocks{});
  for (int trial = 0; trial < 64; ++trial) {
    const four_blocks x = random_blocks(), y = random_blocks();
    EXPECT_EQ(run_portable_layer(xor_all(x, y)),
              xor_all(run_portable_layer(x), run_portable_layer(y)))
        << "trial " << trial;
  }
}

}  // namespace
