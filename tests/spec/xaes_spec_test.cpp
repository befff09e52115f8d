// The XAES-256-GCM oracle (src/spec/xaes.cpp) against the specification's own vectors, including
// its intermediate values L, K1 and Kx, and the SHAKE-128 helper the accumulated vectors use
// against the stream start the specification quotes.
#include <gtest/gtest.h>

#include <stdexcept>

#include "common/hex.hpp"
#include "common/records.hpp"
#include "common/shake128.hpp"
#include "common/vector_path.hpp"
#include "spec/spec.hpp"

namespace vg::test {
namespace {

std::vector<record> fixed_vectors() {
  std::vector<record> out;
  for (record& r : read_records(vector_path("c2sp-xaes/xaes_vectors.txt"))) {
    if (r.count("K") != 0) out.push_back(std::move(r));
  }
  return out;
}

TEST(XaesSpec, PublishedDerivationAndCiphertext) {
  const auto vectors = fixed_vectors();
  ASSERT_EQ(vectors.size(), 2u);
  for (const record& v : vectors) {
    const bytes key = from_hex(v.at("K")), nonce = from_hex(v.at("N"));
    const spec::xaes_derivation d = spec::xaes_derive(key, nonce);
    EXPECT_EQ(to_hex(d.l), v.at("L"));
    EXPECT_EQ(to_hex(d.k1), v.at("K1"));
    EXPECT_EQ(to_hex(d.kx), v.at("Kx"));
    EXPECT_EQ(to_hex(std::span(nonce).subspan(12)), v.at("Nx"));
    const bytes pt = from_hex(v.at("Plaintext")), aad = from_hex(v.at("AAD"));
    const bytes sealed = spec::xaes_seal(key, nonce, aad, pt);
    EXPECT_EQ(to_hex(sealed), v.at("Ciphertext"));
    const std::span<const std::uint8_t> all(sealed);
    const auto opened = spec::xaes_open(key, nonce, aad, all.first(pt.size()), all.last(16));
    ASSERT_TRUE(opened.has_value());
    EXPECT_EQ(*opened, pt);
    bytes bad_tag(all.last(16).begin(), all.last(16).end());
    bad_tag[3] ^= 0x10;
    EXPECT_FALSE(spec::xaes_open(key, nonce, aad, all.first(pt.size()), bad_tag).has_value());
  }
}

// The oracle takes only what the specification defines: a 32-byte key and a 24-byte nonce.
TEST(XaesSpec, RefusesOtherKeyAndNonceSizes) {
  const bytes key(32, 0x42), nonce(24, 0x24);
  EXPECT_NO_THROW(spec::xaes_derive(key, nonce));
  EXPECT_THROW(spec::xaes_derive(bytes(16, 0x42), nonce), std::invalid_argument);
  EXPECT_THROW(spec::xaes_derive(key, bytes(12, 0x24)), std::invalid_argument);
  EXPECT_THROW(spec::xaes_seal(key, bytes(25, 0x24), {}, {}), std::invalid_argument);
}

TEST(XaesSpec, ShakeStreamStartsAsPublished) {
  shake128 rng;
  bytes first(16);
  rng.squeeze(first);
  EXPECT_EQ(to_hex(first), "7f9c2ba4e88f827d616045507605853e");
}

}  // namespace
}  // namespace vg::test
