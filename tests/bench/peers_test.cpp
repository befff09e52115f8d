// The peer adapters (bench/peers) must compute AES-GCM exactly: every peer built in is checked
// against the specification (src/spec) for both key sizes, several lengths, in place and out of
// place, and must reject a tag with one flipped bit. A wrong adapter would make every speed
// comparison meaningless.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "peer.hpp"
#include "spec/spec.hpp"

namespace {

using vg::algorithm;
using bytes = std::vector<std::uint8_t>;

// Not inlined: GCC 12 inlines it into a call with n = key_length(alg) + 1 and then warns
// (-Wstringop-overflow) about a store it cannot prove is inside the vector.
[[gnu::noinline]] bytes pattern(std::size_t n, unsigned seed) {
  bytes v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<std::uint8_t>(seed * 29 + i * 7 + (i >> 5));
  return v;
}

TEST(BenchPeers, AtLeastOnePeerIsBuiltOrNoneIsClaimed) {
  for (const vg::bench::peer* p : vg::bench::all_peers()) {
    EXPECT_EQ(vg::bench::find_peer(p->name()), p);
    EXPECT_FALSE(p->code_path().empty());
  }
  EXPECT_EQ(vg::bench::find_peer("no-such-peer"), nullptr);
}

TEST(BenchPeers, MatchTheSpecification) {
  for (const vg::bench::peer* p : vg::bench::all_peers()) {
    for (algorithm alg : {algorithm::aes_128_gcm, algorithm::aes_256_gcm}) {
      if (!p->supports(alg)) continue;
      const bytes key = pattern(vg::key_length(alg), 1), nonce = pattern(12, 2),
                  aad = pattern(13, 3);
      auto k = p->make_key(alg, key);
      ASSERT_TRUE(k) << p->name();
      for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 64u, 255u, 288u, 1420u, 4096u}) {
        SCOPED_TRACE(std::string(p->name()) + " len " + std::to_string(n));
        const bytes plain = pattern(n, 4);
        const bytes expected = vg::spec::gcm_seal(key, nonce, aad, plain);
        const bytes expected_ct(expected.begin(), expected.begin() + static_cast<long>(n));
        const bytes expected_tag(expected.begin() + static_cast<long>(n), expected.end());

        bytes out(n), tag(16);
        ASSERT_TRUE(k->seal(nonce, aad, plain, out, tag));
        EXPECT_EQ(out, expected_ct);
        EXPECT_EQ(tag, expected_tag);

        bytes in_place = plain;
        ASSERT_TRUE(k->seal(nonce, aad, in_place, in_place, tag));
        EXPECT_EQ(in_place, expected_ct);
        EXPECT_EQ(tag, expected_tag);

        bytes opened(n);
        EXPECT_TRUE(k->open(nonce, aad, expected_ct, opened, expected_tag));
        EXPECT_EQ(opened, plain);
        ASSERT_TRUE(k->open(nonce, aad, in_place, in_place, expected_tag));
        EXPECT_EQ(in_place, plain);

        bytes bad_tag = expected_tag;
        bad_tag[n % 16] ^= 0x01;
        EXPECT_FALSE(k->open(nonce, aad, expected_ct, opened, bad_tag));
      }
    }
  }
}

TEST(BenchPeers, RefuseWhatTheyDoNotSupport) {
  for (const vg::bench::peer* p : vg::bench::all_peers()) {
    for (algorithm alg : {algorithm::aes_128_gcm, algorithm::aes_256_gcm}) {
      if (p->supports(alg)) {
        // A key of the wrong length must not be accepted.
        EXPECT_FALSE(p->make_key(alg, pattern(vg::key_length(alg) + 1, 5))) << p->name();
      } else {
        EXPECT_FALSE(p->make_key(alg, pattern(vg::key_length(alg), 5))) << p->name();
      }
    }
  }
}

}  // namespace
