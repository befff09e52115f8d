// Proof by exhaustion of the portable backend's S-box circuit (src/backends/portable/aes_ct64.cpp):
// all 256 inputs against vg::spec::aes_sbox, which computes the S-box from its definition
// (inverse in GF(2^8), then the affine map).
//
// aes_ct64_sbox runs the same sub_bytes circuit the cipher uses, on byte slot 0. The circuit is
// made of whole-word XOR/AND/NOT across the eight bit planes only (no shift or rotate mixes bit
// positions), so every one of the 64 byte slots computes the same Boolean function: checking one
// slot on all inputs checks them all. The key schedule's SubWord uses slots 0..3 of the same
// circuit.
#include <gtest/gtest.h>

#include "backends/portable/aes_ct64.hpp"
#include "spec/spec.hpp"

namespace {

TEST(PortableAesProof, SboxAgreesWithSpecOnAll256Inputs) {
  int mismatches = 0;
  for (int x = 0; x < 256; ++x) {
    const auto in = static_cast<std::uint8_t>(x);
    const std::uint8_t got = vg::detail::portable::aes_ct64_sbox(in);
    if (got != vg::spec::aes_sbox(in)) {
      ++mismatches;
      ADD_FAILURE() << "S(" << x << ") = " << int{got} << ", spec " << int{vg::spec::aes_sbox(in)};
    }
  }
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
