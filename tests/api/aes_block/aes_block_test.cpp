// Single-block AES and QUIC header protection on every runnable backend: RFC 9001 Appendix A's
// header-protection keys, samples and masks (tests/data/rfc9001), vg::spec's AES for every key
// size over many blocks, in place, argument rules, and the C API.
#include "vg/aes_block.hpp"

#include <gtest/gtest.h>

#include "common/backends.hpp"
#include "common/hex.hpp"
#include "common/prng.hpp"
#include "common/records.hpp"
#include "common/vector_path.hpp"
#include "spec/spec.hpp"
#include "vg/vg.h"

namespace vg::test {
namespace {

class AesBlock : public ::testing::TestWithParam<std::string> {};

TEST_P(AesBlock, Rfc9001HeaderProtectionMasks) {
  const auto vectors = read_records(vector_path("rfc9001/header_protection.txt"));
  ASSERT_EQ(vectors.size(), 2u);
  for (const record& v : vectors) {
    aes_block_key key;
    ASSERT_EQ(aes_block_key::create(from_hex(v.at("HP")), key, GetParam()), status::ok);
    const block sample = block_from_hex(v.at("Sample"));
    std::array<std::uint8_t, 5> mask{};
    ASSERT_EQ(key.quic_header_mask(sample, mask), status::ok);
    EXPECT_EQ(to_hex(mask), v.at("Mask")) << v.at("Source");
  }
}

TEST_P(AesBlock, ManyBlocksMatchTheSpecForEveryKeySize) {
  prng rng(9);
  for (std::size_t key_len : {16, 24, 32}) {
    const bytes k = rng.bytes(key_len);
    aes_block_key key;
    ASSERT_EQ(aes_block_key::create(k, key, GetParam()), status::ok);
    for (std::size_t blocks : {0, 1, 2, 7, 8, 9, 33}) {
      const bytes in = rng.bytes(16 * blocks);
      bytes out(in.size()), want;
      for (std::size_t i = 0; i < blocks; ++i) {
        block b{};
        std::copy_n(in.begin() + static_cast<long>(16 * i), 16, b.begin());
        const block e = spec::aes_encrypt(k, b);
        want.insert(want.end(), e.begin(), e.end());
      }
      ASSERT_EQ(key.encrypt(in, out), status::ok);
      EXPECT_EQ(to_hex(out), to_hex(want)) << key_len << " " << blocks;
      bytes buf = in;
      ASSERT_EQ(key.encrypt(buf, buf), status::ok);
      EXPECT_EQ(buf, want);
    }
    // AES-256 masks against the spec (RFC 9001 has AES-128 vectors only).
    const block sample = block_from_hex("00112233445566778899aabbccddeeff");
    std::array<std::uint8_t, 5> mask{};
    ASSERT_EQ(key.quic_header_mask(sample, mask), status::ok);
    const block e = spec::aes_encrypt(k, sample);
    EXPECT_TRUE(std::equal(mask.begin(), mask.end(), e.begin()));
  }
}

TEST_P(AesBlock, ArgumentRules) {
  aes_block_key key, empty;
  EXPECT_EQ(aes_block_key::create(bytes(15), key, GetParam()), status::key_length);
  ASSERT_EQ(aes_block_key::create(bytes(16), key, GetParam()), status::ok);
  bytes in(32), out(32), odd(17);
  EXPECT_EQ(key.encrypt(odd, odd), status::argument);
  EXPECT_EQ(key.encrypt(in, bytes_span(out).first(16)), status::argument);
  EXPECT_EQ(key.encrypt(bytes_view(in).first(16), bytes_span(in).subspan(8, 16)), status::argument);
  EXPECT_EQ(empty.encrypt(in, out), status::argument);
  block sample{};
  std::array<std::uint8_t, 5> mask{};
  EXPECT_EQ(empty.quic_header_mask(sample, mask), status::argument);
}

INSTANTIATE_TEST_SUITE_P(Backends, AesBlock, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return gtest_safe_name(info.param); });

TEST(AesBlockC, MaskAndBlocks) {
  const bytes hp = from_hex("9f50449e04a0e810283a1e9933adedd2");
  const bytes sample = from_hex("d1b1c98dd7689fb8ec11d242b123dc9b");
  vg_aes_block* key = nullptr;
  ASSERT_EQ(vg_aes_block_new(&key, hp.data(), hp.size()), VG_OK);
  std::uint8_t mask[5];
  ASSERT_EQ(vg_quic_header_mask(key, sample.data(), mask), VG_OK);
  EXPECT_EQ(to_hex(mask), "437b9aec36");
  bytes out(16);
  ASSERT_EQ(vg_aes_block_encrypt(key, sample.data(), out.data(), 1), VG_OK);
  EXPECT_EQ(to_hex(bytes(out.begin(), out.begin() + 5)), "437b9aec36");
  EXPECT_EQ(vg_quic_header_mask(nullptr, sample.data(), mask), VG_ERR_ARGUMENT);
  vg_aes_block_free(key);
  vg_aes_block* bad = nullptr;
  EXPECT_EQ(vg_aes_block_new(&bad, hp.data(), 5), VG_ERR_KEY_LENGTH);
  EXPECT_EQ(bad, nullptr);
}

}  // namespace
}  // namespace vg::test
