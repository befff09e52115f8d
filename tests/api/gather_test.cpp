// seal_gather: sealing the concatenation of pieces must equal sealing the contiguous message (and
// the spec), for many splits including empty pieces; size mismatches and pieces overlapping the
// output are rejected.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"

namespace vg::test {
namespace {

class Gather : public ::testing::TestWithParam<std::string> {};

TEST_P(Gather, EqualsContiguousSeal) {
  prng rng(5);
  const auto key_bytes = rng.bytes(32);
  vg::aead_key key;
  ASSERT_EQ(vg::aead_key::create(vg::algorithm::aes_256_gcm, key_bytes, key, GetParam()),
            vg::status::ok);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = trial < 100 ? static_cast<std::size_t>(trial) : rng.next() % 3000;
    const auto msg = rng.bytes(n), nonce = rng.bytes(12), aad = rng.bytes(rng.next() % 40);
    // Cut the message at random points (repeated cuts give empty pieces).
    std::vector<std::size_t> cuts{0, n};
    const std::size_t count = rng.next() % 6;
    for (std::size_t i = 0; i < count; ++i) cuts.push_back(n == 0 ? 0 : rng.next() % (n + 1));
    std::sort(cuts.begin(), cuts.end());
    std::vector<vg::bytes_view> pieces;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i)
      pieces.emplace_back(msg.data() + cuts[i], cuts[i + 1] - cuts[i]);

    std::vector<std::uint8_t> gathered(n), contiguous(n);
    std::array<std::uint8_t, 16> tag_g{}, tag_c{};
    ASSERT_EQ(key.seal_gather(nonce, aad, pieces, gathered, tag_g), vg::status::ok);
    ASSERT_EQ(key.seal(nonce, aad, msg, contiguous, tag_c), vg::status::ok);
    EXPECT_EQ(gathered, contiguous) << "n " << n << " pieces " << pieces.size();
    EXPECT_EQ(tag_g, tag_c) << "n " << n << " pieces " << pieces.size();
    const auto expected = spec::gcm_seal(key_bytes, nonce, aad, msg, 16);
    EXPECT_TRUE(std::equal(tag_g.begin(), tag_g.end(), expected.end() - 16));
  }
  // No pieces at all: an empty message.
  std::array<std::uint8_t, 16> tag_g{}, tag_c{};
  const std::array<std::uint8_t, 12> nonce{};
  ASSERT_EQ(key.seal_gather(nonce, {}, {}, {}, tag_g), vg::status::ok);
  ASSERT_EQ(key.seal(nonce, {}, {}, {}, tag_c), vg::status::ok);
  EXPECT_EQ(tag_g, tag_c);
}

TEST_P(Gather, RejectsMisuse) {
  vg::aead_key key;
  const std::array<std::uint8_t, 16> key_bytes{};
  ASSERT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, key_bytes, key, GetParam()),
            vg::status::ok);
  std::array<std::uint8_t, 128> buf{};
  std::array<std::uint8_t, 16> tag{};
  const std::array<std::uint8_t, 12> nonce{};
  const vg::bytes_span all(buf);
  const std::array<vg::bytes_view, 2> pieces{all.subspan(0, 10), all.subspan(10, 20)};
  // out must be exactly the sum of the pieces.
  EXPECT_EQ(key.seal_gather(nonce, {}, pieces, all.subspan(64, 29), tag), vg::status::argument);
  EXPECT_EQ(key.seal_gather(nonce, {}, pieces, all.subspan(64, 31), tag), vg::status::argument);
  EXPECT_EQ(key.seal_gather(nonce, {}, pieces, all.subspan(64, 30), tag), vg::status::ok);
  // No piece may overlap out (not even exactly: gather has no in-place form).
  EXPECT_EQ(key.seal_gather(nonce, {}, pieces, all.subspan(25, 30), tag), vg::status::argument);
  EXPECT_EQ(key.seal_gather(nonce, {}, pieces, all.subspan(0, 30), tag), vg::status::argument);
  // The usual argument checks apply.
  EXPECT_EQ(key.seal_gather({}, {}, pieces, all.subspan(64, 30), tag), vg::status::nonce_length);
  EXPECT_EQ(key.seal_gather(nonce, {}, pieces, all.subspan(64, 30), vg::bytes_span(tag).first(3)),
            vg::status::tag_length);
  EXPECT_EQ(key.seal_gather(nonce, all.subspan(70, 4), pieces, all.subspan(64, 30), tag),
            vg::status::argument);
  const std::array<vg::bytes_view, 1> null_piece{
      vg::bytes_view(static_cast<const std::uint8_t*>(nullptr), 0)};
  EXPECT_EQ(key.seal_gather(nonce, {}, null_piece, {}, tag), vg::status::ok);
}

INSTANTIATE_TEST_SUITE_P(Api, Gather, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return gtest_safe_name(info.param); });

}  // namespace
}  // namespace vg::test
