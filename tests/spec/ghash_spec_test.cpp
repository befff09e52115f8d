// The spec's GF(2^128) multiplication and GHASH (SP 800-38D §6.3–§6.4): field laws on
// pseudo-random elements, products that follow from the definition of the field, and published
// GHASH values (McGrew–Viega GCM paper test case 2; RFC 8452 Appendix A).
#include <gtest/gtest.h>

#include <random>

#include "common/hex.hpp"
#include "spec/spec.hpp"
#include "spec/test_blocks.hpp"

namespace vg::spec_test {
namespace {

using test::block_from_hex;
using test::from_hex;
using test::to_hex;

// x^k in SP 800-38D's bit order: coefficient of x^k is bit k, counted from the MSB of byte 0.
spec::block x_power(unsigned k) {
  spec::block b{};
  b[k / 8] = static_cast<std::uint8_t>(0x80 >> (k % 8));
  return b;
}

TEST(SpecGf128, FieldLaws) {
  std::mt19937_64 rng(0x5eed);
  const spec::block one = x_power(0);  // "1" is 10000000 || 0^120
  for (int i = 0; i < 64; ++i) {
    const spec::block a = random_block(rng), b = random_block(rng), c = random_block(rng);
    EXPECT_EQ(spec::gf128_mul(a, b), spec::gf128_mul(b, a)) << "commutative";
    EXPECT_EQ(spec::gf128_mul(a, one), a) << "identity";
    EXPECT_EQ(spec::gf128_mul(a, spec::block{}), spec::block{}) << "zero";
    EXPECT_EQ(spec::gf128_mul(a, xor_of(b, c)),
              xor_of(spec::gf128_mul(a, b), spec::gf128_mul(a, c)))
        << "distributive";
    EXPECT_EQ(spec::gf128_mul(spec::gf128_mul(a, b), c), spec::gf128_mul(a, spec::gf128_mul(b, c)))
        << "associative";
  }
}

// Products fixed by the field's definition (polynomial 1 + x + x^2 + x^7 + x^128): x^i · x^j =
// x^(i+j) while i + j < 128, and x · x^127 = x^128 = 1 + x + x^2 + x^7, i.e. R = 11100001 || 0^120.
TEST(SpecGf128, PowersOfX) {
  for (unsigned i = 0; i < 128; i += 9)
    for (unsigned j = 0; i + j < 128; j += 7)
      EXPECT_EQ(spec::gf128_mul(x_power(i), x_power(j)), x_power(i + j)) << i << "+" << j;
  spec::block r{};
  r[0] = 0xe1;
  EXPECT_EQ(spec::gf128_mul(x_power(1), x_power(127)), r);
  // x^2 · x^127 = x · R = x + x^2 + x^3 + x^8.
  spec::block x_r{};
  x_r[0] = 0x70;
  x_r[1] = 0x80;
  EXPECT_EQ(spec::gf128_mul(x_power(2), x_power(127)), x_r);
}

// McGrew & Viega, "The Galois/Counter Mode of Operation", test case 2: H = 66e94bd4..., and
// GHASH(H, {}, C) over C || [0]_64 || [128]_64 = f38cbb1ad69223dcc3457ae5b6b0f885.
TEST(SpecGhash, GcmPaperTestCase2) {
  const spec::block h = block_from_hex("66e94bd4ef8a2c3b884cfa59ca342b2e");
  const spec::bytes input = from_hex(
      "0388dace60b6a392f328c2b971b2fe78"
      "00000000000000000000000000000080");
  EXPECT_EQ(to_hex(spec::ghash(h, input)), "f38cbb1ad69223dcc3457ae5b6b0f885");
  // The intermediate X_1 of the same test case.
  EXPECT_EQ(to_hex(spec::ghash(h, spec::bytes(input.begin(), input.begin() + 16))),
            "5e2ec746917062882c85b0685353deb7");
}

// RFC 8452 Appendix A: GHASH(H, X_1, X_2) for the same inputs as its POLYVAL example.
TEST(SpecGhash, Rfc8452AppendixA) {
  const spec::block h = block_from_hex("25629347589242761d31f826ba4b757b");
  const spec::bytes x = from_hex(
      "4f4f95668c83dfb6401762bb2d01a262"
      "d1a24ddd2721d006bbe45f20d3c9f362");
  EXPECT_EQ(to_hex(spec::ghash(h, x)), "bd9b3997046731fb96251b91f9c99d7a");
  EXPECT_EQ(spec::ghash(h, {}), spec::block{});
  EXPECT_THROW(spec::ghash(h, spec::bytes(15)), std::invalid_argument);
}

}  // namespace
}  // namespace vg::spec_test
