// Keys that draw their own nonces. A repeatable source (a counter) makes the output predictable,
// so the layout nonce || ciphertext || tag is checked against vg::spec for every algorithm and
// backend; failing sources must give status::random and leave the output alone; the operating
// system's source must not repeat a 12-byte nonce in 10^6 draws.
#include "vg/random_nonce.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "common/backends.hpp"
#include "common/hex.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/vg.h"

namespace vg::test {
namespace {

// A repeatable source: byte i of draw k is (k * 31 + i) mod 256.
struct counting_source {
  unsigned draws = 0;
  static bool fill(void* context, std::uint8_t* out, std::size_t len) noexcept {
    auto* self = static_cast<counting_source*>(context);
    for (std::size_t i = 0; i < len; ++i) out[i] = static_cast<std::uint8_t>(self->draws * 31 + i);
    ++self->draws;
    return true;
  }
};

bool failing_source(void*, std::uint8_t*, std::size_t) noexcept {
  return false;
}

bytes spec_seal(algorithm alg, const bytes& key, const bytes& nonce, const bytes& aad,
                const bytes& pt) {
  switch (alg) {
    case algorithm::aes_128_gcm_siv:
    case algorithm::aes_256_gcm_siv:
      return spec::gcm_siv_seal(key, nonce, aad, pt);
    case algorithm::xaes_256_gcm:
      return spec::xaes_seal(key, nonce, aad, pt);
    default:
      return spec::gcm_seal(key, nonce, aad, pt, 16);
  }
}

constexpr algorithm kAlgorithms[] = {algorithm::aes_128_gcm,     algorithm::aes_192_gcm,
                                     algorithm::aes_256_gcm,     algorithm::aes_128_gcm_siv,
                                     algorithm::aes_256_gcm_siv, algorithm::xaes_256_gcm};

class RandomNonce : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomNonce, LayoutIsNonceCiphertextTag) {
  prng rng(7);
  for (const algorithm alg : kAlgorithms) {
    const bytes key_bytes = rng.bytes(key_length(alg));
    random_nonce_key key;
    ASSERT_EQ(random_nonce_key::create(alg, key_bytes, key, GetParam()), status::ok);
    ASSERT_EQ(key.overhead(), nonce_length(alg) + 16);
    counting_source source;
    for (std::size_t n : {0, 1, 16, 33, 300}) {
      const bytes pt = rng.bytes(n), aad = rng.bytes(n % 7);
      bytes sealed(n + key.overhead());
      ASSERT_EQ(key.seal(aad, pt, sealed, counting_source::fill, &source), status::ok);
      const bytes nonce(sealed.begin(), sealed.begin() + static_cast<long>(key.nonce_size()));
      bytes want = nonce;
      const bytes body = spec_seal(alg, key_bytes, nonce, aad, pt);
      want.insert(want.end(), body.begin(), body.end());
      ASSERT_EQ(to_hex(sealed), to_hex(want)) << static_cast<int>(alg) << " " << n;
      bytes back(n);
      ASSERT_EQ(key.open(aad, sealed, back), status::ok);
      EXPECT_EQ(back, pt);
      sealed[sealed.size() - 1] ^= 1;
      EXPECT_EQ(key.open(aad, sealed, back), status::auth);
      EXPECT_EQ(back, bytes(n, 0));
    }
  }
}

TEST_P(RandomNonce, InPlaceBothWays) {
  prng rng(8);
  random_nonce_key key;
  ASSERT_EQ(random_nonce_key::create(algorithm::aes_256_gcm, rng.bytes(32), key, GetParam()),
            status::ok);
  const bytes pt = rng.bytes(100);
  bytes buf(12 + pt.size() + 16);
  std::copy(pt.begin(), pt.end(), buf.begin() + 12);
  ASSERT_EQ(key.seal({}, bytes_view(buf).subspan(12, pt.size()), buf), status::ok);
  ASSERT_EQ(key.open({}, buf, bytes_span(buf).subspan(12, pt.size())), status::ok);
  EXPECT_TRUE(std::equal(pt.begin(), pt.end(), buf.begin() + 12));
}

TEST_P(RandomNonce, FailingSourceSealsNothing) {
  random_nonce_key key;
  ASSERT_EQ(random_nonce_key::create(algorithm::aes_128_gcm, bytes(16, 1), key, GetParam()),
            status::ok);
  const bytes pt(40, 0x5a);
  bytes out(pt.size() + key.overhead(), 0xcc);
  EXPECT_EQ(key.seal({}, pt, out, failing_source, nullptr), status::random);
  EXPECT_EQ(out, bytes(out.size(), 0xcc));
}

TEST_P(RandomNonce, SizeRules) {
  random_nonce_key key, empty;
  ASSERT_EQ(random_nonce_key::create(algorithm::aes_128_gcm_siv, bytes(16, 2), key, GetParam()),
            status::ok);
  const bytes pt(10);
  bytes out(pt.size() + key.overhead() + 1), back(10);
  EXPECT_EQ(key.seal({}, pt, out), status::argument);  // one byte too many
  EXPECT_EQ(empty.seal({}, pt, out), status::argument);
  EXPECT_EQ(key.seal({}, pt, out, nullptr, nullptr), status::argument);
  bytes overlapping(pt.size() + key.overhead());
  EXPECT_EQ(key.seal({}, bytes_view(overlapping).first(10), overlapping), status::argument);
  const bytes too_short(key.overhead() - 1);
  EXPECT_EQ(key.open({}, too_short, bytes_span{}), status::auth);
  out.resize(pt.size() + key.overhead());
  ASSERT_EQ(key.seal({}, pt, out), status::ok);
  EXPECT_EQ(key.open({}, out, bytes_span(back).first(9)), status::argument);
}

INSTANTIATE_TEST_SUITE_P(Backends, RandomNonce, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return gtest_safe_name(info.param); });

// 10^6 nonces of 12 bytes from the operating system's source, 100 per call so that the test stays
// fast under emulation (each call is a system call); the seal test below draws one per call.
TEST(RandomNonceOs, NoRepeatedNonceInAMillionDraws) {
  constexpr std::size_t kDraws = 1000000, kPerCall = 100;
  std::vector<std::array<std::uint8_t, 12>> nonces(kDraws);
  static_assert(sizeof nonces[0] == 12);
  for (std::size_t i = 0; i < kDraws; i += kPerCall) {
    ASSERT_TRUE(os_random(nullptr, nonces[i].data(), 12 * kPerCall));
  }
  std::sort(nonces.begin(), nonces.end());
  EXPECT_EQ(std::adjacent_find(nonces.begin(), nonces.end()), nonces.end());
}

TEST(RandomNonceOs, SealsWithTheOsSourceRoundTrip) {
  random_nonce_key key;
  ASSERT_EQ(random_nonce_key::create(algorithm::xaes_256_gcm, bytes(32, 3), key), status::ok);
  bytes prev;
  for (int i = 0; i < 1000; ++i) {
    bytes sealed(key.overhead());
    ASSERT_EQ(key.seal({}, {}, sealed), status::ok);
    EXPECT_NE(sealed, prev);
    EXPECT_EQ(key.open({}, sealed, bytes_span{}), status::ok);
    prev = sealed;
  }
}

int c_counting(void* context, uint8_t* out, size_t len) {
  return counting_source::fill(context, out, len) ? 0 : -1;
}
int c_failing(void*, uint8_t*, size_t) {
  return -1;
}

TEST(RandomNonceC, SealOpenAndFailures) {
  const bytes k(16, 4), pt(20, 9), aad(3, 1);
  vg_aead* aead = nullptr;
  ASSERT_EQ(vg_aead_new(&aead, VG_AES_128_GCM, k.data(), k.size()), VG_OK);
  ASSERT_EQ(vg_aead_random_overhead(aead), 28u);
  bytes out(pt.size() + 28), back(pt.size());
  counting_source source;
  ASSERT_EQ(vg_aead_seal_random_from(aead, c_counting, &source, aad.data(), aad.size(), pt.data(),
                                     pt.size(), out.data(), out.size()),
            VG_OK);
  const bytes nonce(out.begin(), out.begin() + 12);
  bytes want = nonce;
  const bytes body = spec::gcm_seal(k, nonce, aad, pt, 16);
  want.insert(want.end(), body.begin(), body.end());
  EXPECT_EQ(out, want);
  EXPECT_EQ(vg_aead_open_random(aead, aad.data(), aad.size(), out.data(), out.size(), back.data(),
                                back.size()),
            VG_OK);
  EXPECT_EQ(back, pt);
  ASSERT_EQ(vg_aead_seal_random(aead, nullptr, 0, pt.data(), pt.size(), out.data(), out.size()),
            VG_OK);
  EXPECT_EQ(vg_aead_open_random(aead, nullptr, 0, out.data(), out.size(), back.data(), back.size()),
            VG_OK);
  const bytes before = out;
  EXPECT_EQ(vg_aead_seal_random_from(aead, c_failing, nullptr, nullptr, 0, pt.data(), pt.size(),
                                     out.data(), out.size()),
            VG_ERR_RANDOM);
  EXPECT_EQ(out, before);
  vg_aead_free(aead);
}

}  // namespace
}  // namespace vg::test
