// The carry-isolated GF(2^128) multiplier (src/backends/portable/ghash_ctmul64.cpp) against the
// specification. The multiplier is made of AND with constant masks, XOR, constant shifts and
// integer multiplies whose carries are provably confined to masked-off positions, so it is
// bilinear over GF(2) exactly when that confinement argument holds; checking all 128 x 128 pairs
// of basis vectors then checks it for all inputs. Random pairs and whole GHASH/POLYVAL runs
// (every aggregation width 1..4 and the four-block loop) are checked too.
#include "backends/portable/ghash_ctmul64.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "common/bytes.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"

namespace vg::detail::portable {
namespace {

gf128 to_element(const spec::block& b) {
  return {load_be64(b.data()), load_be64(b.data() + 8)};
}

spec::block to_block(gf128 e) {
  spec::block b;
  store_be64(b.data(), e.hi);
  store_be64(b.data() + 8, e.lo);
  return b;
}

spec::block basis(int i) {  // e_i: the coefficient of x^i, GCM bit i = bit 7 - i % 8 of byte i / 8
  spec::block b{};
  b[i / 8] = static_cast<std::uint8_t>(0x80 >> (i % 8));
  return b;
}

TEST(PortableGhash, MultiplyMatchesSpecOnAllBasisPairs) {
  for (int i = 0; i < 128; ++i) {
    for (int j = 0; j < 128; ++j) {
      const spec::block want = spec::gf128_mul(basis(i), basis(j));
      ASSERT_EQ(to_block(gf128_mul(to_element(basis(i)), to_element(basis(j)))), want)
          << "e_" << i << " * e_" << j;
    }
  }
}

TEST(PortableGhash, MultiplyMatchesSpecOnRandomPairs) {
  test::prng rng(0x6a5a);
  for (int trial = 0; trial < 2000; ++trial) {
    spec::block a, b;
    rng.fill(a);
    rng.fill(b);
    if (trial % 7 == 0) a.fill(0xff);  // all-ones operands maximise the carries per position
    if (trial % 11 == 0) b.fill(0xff);
    ASSERT_EQ(to_block(gf128_mul(to_element(a), to_element(b))), spec::gf128_mul(a, b))
        << "trial " << trial;
  }
}

TEST(PortableGhash, GhashMatchesSpecForEveryBlockCount) {
  test::prng rng(0x9a54);
  for (std::size_t blocks = 0; blocks <= 20; ++blocks) {
    spec::block h;
    rng.fill(h);
    const auto data = rng.bytes(16 * blocks);
    hash_key key;
    hash_key_init(key, to_element(h));
    gf128 y = {0, 0};
    ghash_blocks(key, y, data.data(), blocks);
    ASSERT_EQ(to_block(y), spec::ghash(h, data)) << blocks << " blocks";
  }
}

TEST(PortableGhash, PolyvalMatchesSpecForEveryBlockCount) {
  test::prng rng(0x901f);
  for (std::size_t blocks = 0; blocks <= 20; ++blocks) {
    spec::block h;
    rng.fill(h);
    const auto data = rng.bytes(16 * blocks);
    hash_key key;
    hash_key_init(key, polyval_key_to_ghash(h.data()));
    gf128 y = {0, 0};
    polyval_blocks(key, y, data.data(), blocks);
    spec::block got;  // POLYVAL's byte order is the reverse of the GHASH-form element
    store_le64(got.data(), y.lo);
    store_le64(got.data() + 8, y.hi);
    ASSERT_EQ(got, spec::polyval(h, data)) << blocks << " blocks";
  }
}

}  // namespace
}  // namespace vg::detail::portable
