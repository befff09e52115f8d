// Bitsliced AES (src/backends/portable/aes_ct64.cpp) against the FIPS 197 specification: the S-box
// circuit on all 256 inputs, and whole encryptions of random blocks under random keys of every size
// (each block slot of the four-block call checked separately, and the one- and two-block calls),
// the fused schedule + encryption, and GCM-SIV's key derivation in bit planes.
#include "backends/portable/aes_ct64.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "common/bytes.hpp"
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

// Calls that use only the first one or two blocks pack only those (a separate one-block path):
// the blocks they promise must match the spec, whatever the unused words hold.
TEST_P(PortableAesKeySize, FewBlockCallsMatchSpec) {
  const std::size_t key_len = GetParam();
  test::prng rng(0xf3e1b10c + key_len);
  for (int trial = 0; trial < 100; ++trial) {
    const auto key = rng.bytes(key_len);
    aes_ct64_key expanded;
    aes_ct64_expand(expanded, key.data(), key.size());
    spec::block in[4];
    for (spec::block& b : in) rng.fill(b);
    for (int count = 1; count <= 4; ++count) {
      std::uint64_t words[8];
      pack_blocks(in, words);
      aes_ct64_encrypt(expanded, words, count);
      for (int b = 0; b < count; ++b) {
        ASSERT_EQ(unpack_block(words, b), spec::aes_encrypt(key, in[b]))
            << "trial " << trial << " count " << count << " slot " << b;
      }
    }
    // The fused schedule with a single data block, then the key it leaves behind.
    std::uint64_t words[8];
    pack_blocks(in, words);
    aes_ct64_key fused;
    aes_ct64_expand_encrypt1(fused, key.data(), key.size(), words);
    ASSERT_EQ(unpack_block(words, 0), spec::aes_encrypt(key, in[0])) << "trial " << trial;
    pack_blocks(in, words);
    aes_ct64_encrypt4(fused, words);
    for (int b = 0; b < 4; ++b) {
      ASSERT_EQ(unpack_block(words, b), spec::aes_encrypt(key, in[b]))
          << "re-encrypt, trial " << trial;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(KeySizes, PortableAesKeySize, ::testing::Values(16, 24, 32));

// GCM-SIV key derivation in bit planes (RFC 8452 §4) against the spec's AES: the authentication
// key is bytes 0..7 of AES(K, LE32(0) || N) and of AES(K, LE32(1) || N); the encryption key, left
// as bitsliced round keys, must expand (fused with one and with three blocks) into a key that
// encrypts like the one built from bytes 0..7 of blocks 2, 3 (, 4, 5).
class PortableSivDerivation : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PortableSivDerivation, KeysMatchSpec) {
  const std::size_t key_len = GetParam();
  test::prng rng(0xde41e + key_len);
  for (int trial = 0; trial < 100; ++trial) {
    const auto key = rng.bytes(key_len);
    const auto nonce = rng.bytes(12);
    std::vector<std::uint8_t> auth_want, enc_want;
    for (std::uint8_t i = 0; i < 2 + key_len / 8; ++i) {
      spec::block counter_block = {i};
      std::memcpy(counter_block.data() + 4, nonce.data(), 12);
      const spec::block out = spec::aes_encrypt(key, counter_block);
      (i < 2 ? auth_want : enc_want)
          .insert((i < 2 ? auth_want : enc_want).end(), out.begin(), out.begin() + 8);
    }
    aes_ct64_key kgk;
    aes_ct64_expand(kgk, key.data(), key.size());
    std::uint8_t auth[16];
    aes_ct64_key derived;
    aes_ct64_derive_siv_keys(kgk, key_len, nonce.data(), auth, derived);
    ASSERT_TRUE(std::equal(auth, auth + 16, auth_want.begin())) << "trial " << trial;

    spec::block in[4];
    for (spec::block& b : in) rng.fill(b);
    std::uint64_t words[8];
    pack_blocks(in, words);
    const aes_ct64_key round_keys_only = derived;
    aes_ct64_expand_encrypt1_prepared(derived, key_len, words);
    ASSERT_EQ(unpack_block(words, 0), spec::aes_encrypt(enc_want, in[0])) << "trial " << trial;
    pack_blocks(in, words);
    aes_ct64_encrypt4(derived, words);
    for (int b = 0; b < 4; ++b) {
      ASSERT_EQ(unpack_block(words, b), spec::aes_encrypt(enc_want, in[b])) << "trial " << trial;
    }
    aes_ct64_key again = round_keys_only;
    pack_blocks(in, words);
    aes_ct64_expand_encrypt3_prepared(again, key_len, words);
    for (int b : {0, 2, 3}) {
      ASSERT_EQ(unpack_block(words, b), spec::aes_encrypt(enc_want, in[b])) << "trial " << trial;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(KeySizes, PortableSivDerivation, ::testing::Values(16, 32));

}  // namespace
}  // namespace vg::detail::portable
