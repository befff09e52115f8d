// seal with a tag shorter than 16 bytes (GCM allows 4..16): on every runnable backend the tag is
// the prefix of the full tag (SP 800-38D MSB_t), the ciphertext is unchanged, and nothing past the
// tag's span is written. Checked against vg::spec::gcm_seal for 96-bit and other nonces.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"

namespace {

using bytes = std::vector<std::uint8_t>;

class TruncatedTagSeal : public testing::TestWithParam<std::string> {};

TEST_P(TruncatedTagSeal, WritesThePrefixOfTheFullTagAndNothingMore) {
  vg::test::prng rng(0x7a9);
  const bytes key_bytes = rng.bytes(16);
  vg::aead_key key;
  ASSERT_EQ(vg::status::ok,
            vg::aead_key::create(vg::algorithm::aes_128_gcm, key_bytes, key, GetParam()));
  for (std::size_t nonce_len : {12, 1, 60}) {
    for (std::size_t len : {0, 17, 300}) {
      for (std::size_t tag_len : {4, 8, 12, 15}) {
        SCOPED_TRACE("nonce " + std::to_string(nonce_len) + " len " + std::to_string(len) +
                     " tag " + std::to_string(tag_len));
        const bytes nonce = rng.bytes(nonce_len), aad = rng.bytes(13), pt = rng.bytes(len);
        const bytes expected = vg::spec::gcm_seal(key_bytes, nonce, aad, pt, tag_len);
        bytes ct(len), tag(16, 0xa5);
        ASSERT_EQ(vg::status::ok, key.seal(nonce, aad, pt, ct, std::span(tag).first(tag_len)));
        bytes got = ct;
        got.insert(got.end(), tag.begin(), tag.begin() + static_cast<std::ptrdiff_t>(tag_len));
        EXPECT_EQ(expected, got);
        EXPECT_EQ(bytes(16 - tag_len, 0xa5),
                  bytes(tag.begin() + static_cast<std::ptrdiff_t>(tag_len), tag.end()));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Runnable, TruncatedTagSeal,
                         testing::ValuesIn(vg::test::runnable_backends()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return vg::test::gtest_safe_name(info.param);
                         });

}  // namespace
