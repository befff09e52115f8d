// AES-CTR (SP 800-38A) on every runnable backend: the published F.5 vectors, and agreement with the
// specification across carries out of the low 32 and 64 bits of the counter block.
#include "vg/ctr.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "common/hex.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"

namespace {

using vg::test::bytes;
using vg::test::from_hex;
using vg::test::random_bytes;
using vg::test::runnable_backends;

class Ctr : public ::testing::TestWithParam<std::string> {};

// SP 800-38A Appendix F.5.1, F.5.3, F.5.5: the same counter block and plaintext, three key sizes.
TEST_P(Ctr, Sp800_38aVectors) {
  const bytes counter = from_hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  const bytes plaintext = from_hex(
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  const struct {
    const char* key;
    const char* ciphertext;
  } cases[] = {
      {"2b7e151628aed2a6abf7158809cf4f3c",
       "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
       "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
      {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
       "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
       "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
      {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
       "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
       "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
  };
  for (const auto& c : cases) {
    vg::ctr_key key;
    ASSERT_EQ(vg::ctr_key::create(from_hex(c.key), key, GetParam()), vg::status::ok);
    bytes out(plaintext.size());
    ASSERT_EQ(key.crypt(std::span<const std::uint8_t, 16>(counter.data(), 16), plaintext, out),
              vg::status::ok);
    EXPECT_EQ(out, from_hex(c.ciphertext)) << c.key;
    // Decryption is the same operation; in place.
    ASSERT_EQ(key.crypt(std::span<const std::uint8_t, 16>(counter.data(), 16), out, out),
              vg::status::ok);
    EXPECT_EQ(out, plaintext);
  }
}

// Counter blocks just below a carry out of bit 32, bit 64 and bit 128 (full wrap), with lengths
// that end inside a block, compared with the specification's 128-bit counter.
TEST_P(Ctr, CarriesAcrossWordsMatchSpec) {
  std::mt19937 rng(7);
  const std::array<std::string, 4> counters = {
      "000102030405060708090a0bfffffffd",  // carry out of the low 32 bits
      "0001020304050607fffffffffffffffe",  // carry out of the low 64 bits
      "fffffffffffffffffffffffffffffffc",  // wraps the whole 128-bit block
      "00000000000000000000000000000000"};
  for (std::size_t key_len : {16u, 24u, 32u}) {
    const bytes key_bytes = random_bytes(rng, key_len);
    vg::ctr_key key;
    ASSERT_EQ(vg::ctr_key::create(key_bytes, key, GetParam()), vg::status::ok);
    for (const auto& c : counters) {
      const bytes counter = from_hex(c);
      vg::spec::block spec_counter;
      std::memcpy(spec_counter.data(), counter.data(), 16);
      for (std::size_t len : {0u, 1u, 15u, 16u, 17u, 47u, 48u, 64u, 100u, 257u}) {
        const bytes in = random_bytes(rng, len);
        bytes out(len);
        ASSERT_EQ(key.crypt(std::span<const std::uint8_t, 16>(counter.data(), 16), in, out),
                  vg::status::ok);
        EXPECT_EQ(out, vg::spec::ctr(key_bytes, spec_counter, in)) << c << " len " << len;
      }
    }
  }
}

TEST(CtrApi, RejectsBadArguments) {
  vg::ctr_key key;
  const std::array<std::uint8_t, 16> counter{};
  std::array<std::uint8_t, 32> buf{};
  EXPECT_EQ(key.crypt(counter, buf, buf), vg::status::argument);  // empty key
  EXPECT_EQ(vg::ctr_key::create(std::span(buf).first(20), key), vg::status::key_length);
  ASSERT_EQ(vg::ctr_key::create(std::span(buf).first(16), key), vg::status::ok);
  EXPECT_EQ(key.crypt(counter, std::span(buf).first(16), std::span(buf).subspan(8, 16)),
            vg::status::argument);  // partial overlap
  EXPECT_EQ(key.crypt(counter, std::span(buf).first(16), std::span(buf).subspan(16, 8)),
            vg::status::argument);  // sizes differ
  vg::ctr_key moved = std::move(key);
  EXPECT_TRUE(
      key.empty());  // NOLINT(bugprone-use-after-move): moved-from keys are empty by contract
  EXPECT_EQ(key.crypt(counter, buf, buf), vg::status::argument);
  EXPECT_EQ(moved.crypt(counter, buf, buf), vg::status::ok);
}

INSTANTIATE_TEST_SUITE_P(Backends, Ctr, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return vg::test::gtest_safe_name(info.param); });

}  // namespace
