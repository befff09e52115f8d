// Block helpers for the spec's field-law tests (GHASH, POLYVAL): pseudo-random blocks from a
// fixed-seed engine and XOR. Kept outside the spec so the laws are checked with independent code.
#ifndef VG_TESTS_SPEC_TEST_BLOCKS_HPP
#define VG_TESTS_SPEC_TEST_BLOCKS_HPP

#include <algorithm>
#include <random>

#include "common/prng.hpp"
#include "spec/spec.hpp"

namespace vg::spec_test {

inline spec::block random_block(std::mt19937_64& rng) {
  const auto drawn = test::random_bytes(rng, 16);
  spec::block b{};
  std::copy(drawn.begin(), drawn.end(), b.begin());
  return b;
}

inline spec::block xor_of(const spec::block& a, const spec::block& b) {
  spec::block z{};
  for (std::size_t i = 0; i < 16; ++i) z[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
  return z;
}

}  // namespace vg::spec_test

#endif  // VG_TESTS_SPEC_TEST_BLOCKS_HPP
