// The spec's POLYVAL (RFC 8452 §3) — implemented directly in its own field — against the RFC's
// published values (§7 field example, Appendix A worked example and mulX values) and against the
// RFC's Appendix A relation to GHASH, an independent route through the (separately proved) GHASH.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "common/hex.hpp"
#include "spec/spec.hpp"
#include "spec/test_blocks.hpp"

namespace vg::spec_test {
namespace {

using test::block_from_hex;
using test::from_hex;
using test::to_hex;

spec::block byte_reverse(spec::block b) {
  std::reverse(b.begin(), b.end());
  return b;
}

// RFC 8452 Appendix A, mulX_GHASH: multiplication by x in GHASH's field, where x is
// 01000000 || 0^120 in SP 800-38D's bit order.
spec::block mulx_ghash(const spec::block& v) {
  spec::block x{};
  x[0] = 0x40;
  return spec::gf128_mul(v, x);
}

// RFC 8452 §7: a = 66e9..., b = ff00...; dot(a, b) = ebe563401e7e91ea3ad6426b8140c394.
TEST(SpecPolyval, Rfc8452Section7Dot) {
  const spec::block a = block_from_hex("66e94bd4ef8a2c3b884cfa59ca342b2e");
  const spec::block b = block_from_hex("ff000000000000000000000000000000");
  EXPECT_EQ(to_hex(spec::polyval_dot(a, b)), "ebe563401e7e91ea3ad6426b8140c394");
  EXPECT_EQ(to_hex(spec::polyval_dot(b, a)), "ebe563401e7e91ea3ad6426b8140c394");
}

// RFC 8452 Appendix A: POLYVAL(H, X_1, X_2) = f7a3b47b846119fae5b7866cf5e5b77e, and the
// GHASH key it derives, mulX_GHASH(ByteReverse(H)) = dcbaa5dd137c188ebb21492c23c9b112.
TEST(SpecPolyval, Rfc8452AppendixA) {
  const spec::block h = block_from_hex("25629347589242761d31f826ba4b757b");
  const spec::bytes x = from_hex(
      "4f4f95668c83dfb6401762bb2d01a262"
      "d1a24ddd2721d006bbe45f20d3c9f362");
  EXPECT_EQ(to_hex(spec::polyval(h, x)), "f7a3b47b846119fae5b7866cf5e5b77e");
  EXPECT_EQ(to_hex(mulx_ghash(byte_reverse(h))), "dcbaa5dd137c188ebb21492c23c9b112");
  EXPECT_EQ(spec::polyval(h, {}), spec::block{});
  EXPECT_THROW(spec::polyval(h, spec::bytes(17)), std::invalid_argument);
}

// RFC 8452 Appendix A: POLYVAL(H, X_1, ..., X_n) = ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)),
// ByteReverse(X_1), ..., ByteReverse(X_n))). The spec computes POLYVAL in its own field, so this
// compares two independent implementations on pseudo-random inputs of 1..5 blocks.
TEST(SpecPolyval, AgreesWithGhashRelation) {
  std::mt19937_64 rng(8452);
  for (int trial = 0; trial < 50; ++trial) {
    const spec::block h = random_block(rng);
    spec::bytes x, x_reversed;
    const int blocks = 1 + trial % 5;
    for (int i = 0; i < blocks; ++i) {
      const spec::block xi = random_block(rng), xi_rev = byte_reverse(xi);
      x.insert(x.end(), xi.begin(), xi.end());
      x_reversed.insert(x_reversed.end(), xi_rev.begin(), xi_rev.end());
    }
    const spec::block via_ghash =
        byte_reverse(spec::ghash(mulx_ghash(byte_reverse(h)), x_reversed));
    EXPECT_EQ(spec::polyval(h, x), via_ghash) << "trial " << trial;
  }
}

// dot is a · b · x^-128, so: commutative, distributive, and its neutral element is x^128 mod P
// = x^127 + x^126 + x^121 + 1, the bytes 01 00 .. 00 c2. Also dot(dot(a, b), c) = dot(a, dot(b,
// c)).
TEST(SpecPolyval, DotLaws) {
  std::mt19937_64 rng(0xd07);
  spec::block neutral{};
  neutral[0] = 0x01;
  neutral[15] = 0xc2;
  for (int i = 0; i < 32; ++i) {
    const spec::block a = random_block(rng), b = random_block(rng), c = random_block(rng);
    EXPECT_EQ(spec::polyval_dot(a, b), spec::polyval_dot(b, a));
    EXPECT_EQ(spec::polyval_dot(a, neutral), a);
    EXPECT_EQ(spec::polyval_dot(a, xor_of(b, c)),
              xor_of(spec::polyval_dot(a, b), spec::polyval_dot(a, c)));
    EXPECT_EQ(spec::polyval_dot(spec::polyval_dot(a, b), c),
              spec::polyval_dot(a, spec::polyval_dot(b, c)));
    // One block of POLYVAL is one dot with H.
    EXPECT_EQ(spec::polyval(b, spec::bytes(a.begin(), a.end())), spec::polyval_dot(a, b));
  }
}

}  // namespace
}  // namespace vg::spec_test
