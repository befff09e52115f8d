// Bitsliced AES (src/backends/portable/aes_ct64.cpp) against the FIPS 197 specification: the S-box
// circuit on all 256 inputs, and whole encryptions of random blocks under random keys of every size
// (each block slot of the four-block call checked separately).
#include "backends/portable/aes_ct64.hpp"

#include <gtest/gtest.h>

#include <cstring>

#include "backends/portable/byte_order.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"

namespace vg::detail::portable {
namespace {

TEST(PortableAes, SboxMatchesSpecOnAllInputs) {
  for (int x = 0; x < 256; ++x) {
    const auto b = static_cast<std::uint8_t>(x);
    EXPECT_EQ(aes_ct64_sbox(b), spec::aes_sbox(b)) << "input " << x;
  }
}

class PortableAesKeySize : public ::testing::TestWithParam<std::size_t> {};

// Four blocks as aes_ct64_encrypt4 takes them (two little-endian words each), and back.
void pack_blocks(const spec::block (&in)[4], std::uint64_t (&words)[8]) {
  for (int b = 0; b < 4; ++b) {
    words[2 * b] = load_le64(in[b].data());
    words[2 * b + 1] = load_le64(in[b].data() + 8);
  }
}
spec::block unpack_block(const std::uint64_t (&words)[8], int b) {
  spec::block out;
  store_le64(out.data(), words[2 * b]);
  store_le64(out.data() + 8, words[2 * b + 1]);
  return out;
}

TEST_P(PortableAesKeySize, RandomBlocksMatchSpec) {
  const std::size_t key_len = GetParam();
  test::prng rng(0xae5c7640 + key_len);
  for (int trial = 0; trial < 200; ++trial) {
    const auto key = rng.bytes(key_len);
    aes_ct64_key expanded;
    aes_ct64_expand(expanded, key.data(), key.size());
    EXPECT_EQ(expanded.rounds, key_len / 4 + 6);

    spec::block in[4];
    std::uint64_t words[8];
    for (spec::block& b : in) rng.fill(b);
    pack_blocks(in, words);
    aes_ct64_encrypt4(expanded, words);
    for (int b = 0; b < 4; ++b) {
      ASSERT_EQ(unpack_block(words, b), spec::aes_encrypt(key, in[b]))
          << "trial " << trial << " slot " << b;
    }
  }
}

// The fused schedule + encryption: blocks 0, 2, 3 must match the spec, and the key it leaves
// behind must encrypt like a separately expanded one (checked against the spec, all four slots).
TEST_P(PortableAesKeySize, ExpandEncrypt3MatchesSpecAndLeavesAWorkingKey) {
  const std::size_t key_len = GetParam();
  test::prng rng(0x5eed3e3 + key_len);
  for (int trial = 0; trial < 200; ++trial) {
    const auto key = rng.bytes(key_len);
    spec::block in[4];
    std::uint64_t words[8];
    for (spec::block& b : in) rng.fill(b);
    pack_blocks(in, words);
    aes_ct64_key expanded;
    aes_ct64_expand_encrypt3(expanded, key.data(), key.size(), words);
    EXPECT_EQ(expanded.rounds, key_len / 4 + 6);
    for (int b : {0, 2, 3}) {
      ASSERT_EQ(unpack_block(words, b), spec::aes_encrypt(key, in[b]))
          << "trial " << trial << " slot " << b;
    }
    pack_blocks(in, words);
    aes_ct64_encrypt4(expanded, words);
    for (int b = 0; b < 4; ++b) {
      ASSERT_EQ(unpack_block(words, b), spec::aes_encrypt(key, in[b]))
          << "re-encrypt, trial " << trial;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(KeySizes, PortableAesKeySize, ::testing::Values(16, 24, 32));

}  // namespace
}  // namespace vg::detail::portable
