// XAES-256-GCM against the C2SP specification's vectors on every runnable backend: the two fixed
// vectors through the C++ and C APIs, and the accumulated randomized vector (a fresh key per
// message, inputs drawn from SHAKE-128, every ciphertext || tag hashed with SHAKE-128) with
// 10 000 iterations on each backend and 1 000 000 on the default one.
#include <gtest/gtest.h>

#include "common/backends.hpp"
#include "common/hex.hpp"
#include "common/records.hpp"
#include "common/shake128.hpp"
#include "common/vector_path.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

namespace vg::test {
namespace {

std::vector<record> records_with(const char* field) {
  std::vector<record> out;
  for (record& r : read_records(vector_path("c2sp-xaes/xaes_vectors.txt"))) {
    if (r.count(field) != 0) out.push_back(std::move(r));
  }
  return out;
}

class XaesVectors : public ::testing::TestWithParam<std::string> {};

TEST_P(XaesVectors, FixedVectorsCpp) {
  const auto vectors = records_with("K");
  ASSERT_EQ(vectors.size(), 2u);
  for (const record& v : vectors) {
    xaes256_gcm key;
    ASSERT_EQ(xaes256_gcm::create(from_hex(v.at("K")), key, GetParam()), status::ok);
    const bytes nonce = from_hex(v.at("N")), aad = from_hex(v.at("AAD"));
    const bytes pt = from_hex(v.at("Plaintext")), expected = from_hex(v.at("Ciphertext"));
    bytes ct(pt.size()), tag(16), back(pt.size());
    ASSERT_EQ(key.seal(nonce, aad, pt, ct, tag), status::ok);
    ct.insert(ct.end(), tag.begin(), tag.end());
    EXPECT_EQ(to_hex(ct), v.at("Ciphertext"));
    const std::span<const std::uint8_t> e(expected);
    EXPECT_EQ(key.open(nonce, aad, e.first(pt.size()), back, e.last(16)), status::ok);
    EXPECT_EQ(back, pt);
  }
}

TEST_P(XaesVectors, FixedVectorsC) {
  if (GetParam() != runnable_backends().front()) GTEST_SKIP() << "the C API uses the default";
  for (const record& v : records_with("K")) {
    const bytes k = from_hex(v.at("K")), nonce = from_hex(v.at("N")), aad = from_hex(v.at("AAD"));
    const bytes pt = from_hex(v.at("Plaintext")), expected = from_hex(v.at("Ciphertext"));
    vg_aead* aead = nullptr;
    ASSERT_EQ(vg_aead_new(&aead, VG_XAES_256_GCM, k.data(), k.size()), VG_OK);
    bytes ct(pt.size()), tag(16), back(pt.size());
    EXPECT_EQ(vg_aead_seal(aead, nonce.data(), nonce.size(), aad.data(), aad.size(), pt.data(),
                           pt.size(), ct.data(), tag.data(), 16),
              VG_OK);
    ct.insert(ct.end(), tag.begin(), tag.end());
    EXPECT_EQ(ct, expected);
    EXPECT_EQ(
        vg_aead_open(aead, nonce.data(), nonce.size(), aad.data(), aad.size(), expected.data(),
                     pt.size(), back.data(), expected.data() + pt.size(), 16),
        VG_OK);
    EXPECT_EQ(back, pt);
    vg_aead_free(aead);
  }
}

// The specification's accumulated test: returns the 32-byte SHAKE-128 digest in hex.
std::string accumulate(std::size_t iterations, const std::string& backend) {
  shake128 rng, digest;
  bytes key(32), nonce(24), pt, aad, ct, tag(16), back;
  std::uint8_t len = 0;
  xaes256_gcm k;
  for (std::size_t i = 0; i < iterations; ++i) {
    rng.squeeze(key);
    rng.squeeze(nonce);
    rng.squeeze({&len, 1});
    pt.resize(len);
    rng.squeeze(pt);
    rng.squeeze({&len, 1});
    aad.resize(len);
    rng.squeeze(aad);
    ct.resize(pt.size());
    back.resize(pt.size());
    if (xaes256_gcm::create(key, k, backend) != status::ok ||
        k.seal(nonce, aad, pt, ct, tag) != status::ok ||
        k.open(nonce, aad, ct, back, tag) != status::ok || back != pt) {
      ADD_FAILURE() << "iteration " << i << " failed to round-trip";
      return {};
    }
    digest.absorb(ct);
    digest.absorb(tag);
  }
  bytes out(32);
  digest.squeeze(out);
  return to_hex(out);
}

TEST_P(XaesVectors, Accumulated10000) {
  const auto runs = records_with("Iterations");
  ASSERT_EQ(runs.size(), 2u);
  ASSERT_EQ(runs[0].at("Iterations"), "10000");
  EXPECT_EQ(accumulate(10000, GetParam()), runs[0].at("Digest"));
}

// About 2.5 s of CPU in a native release build (tests/api/xaes/CMakeLists.txt); the default backend.
TEST_P(XaesVectors, Accumulated1000000) {
#ifndef VG_XAES_MILLION_ITERATIONS
  GTEST_SKIP() << "native release builds only";
#endif
  if (GetParam() != runnable_backends().front()) GTEST_SKIP() << "default backend only";
  const auto runs = records_with("Iterations");
  ASSERT_EQ(runs.size(), 2u);
  ASSERT_EQ(runs[1].at("Iterations"), "1000000");
  EXPECT_EQ(accumulate(1000000, GetParam()), runs[1].at("Digest"));
}

INSTANTIATE_TEST_SUITE_P(Backends, XaesVectors, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return gtest_safe_name(info.param); });

}  // namespace
}  // namespace vg::test
