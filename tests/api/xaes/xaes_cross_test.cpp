// XAES-256-GCM on every runnable backend against vg::spec: message lengths 0..1100 and AAD lengths
// 0..70 with fresh nonces, in-place calls, forgeries (flipped tag, ciphertext, AAD, either nonce
// half), the argument rules (24-byte nonces, 16-byte tags), and the incremental API in every
// chunking giving the one-shot bytes, copies of a stream included.
#include <gtest/gtest.h>

#include "common/backends.hpp"
#include "common/hex.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace vg::test {
namespace {

class XaesCross : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    key_bytes_ = rng_.bytes(32);
    ASSERT_EQ(xaes256_gcm::create(key_bytes_, key_, GetParam()), status::ok);
  }

  // Seals with the library (out of place and in place) and compares with the spec; opens back.
  void check(const bytes& nonce, const bytes& aad, const bytes& pt) {
    const bytes want = spec::xaes_seal(key_bytes_, nonce, aad, pt);
    bytes ct(pt.size()), tag(16);
    ASSERT_EQ(key_.seal(nonce, aad, pt, ct, tag), status::ok);
    bytes got = ct;
    got.insert(got.end(), tag.begin(), tag.end());
    ASSERT_EQ(to_hex(got), to_hex(want)) << "length " << pt.size() << ", aad " << aad.size();
    bytes buf = pt;
    ASSERT_EQ(key_.seal(nonce, aad, buf, buf, tag), status::ok);
    ASSERT_EQ(buf, ct);
    ASSERT_EQ(key_.open(nonce, aad, buf, buf, tag), status::ok);
    ASSERT_EQ(buf, pt);
  }

  prng rng_{0x78616573};
  bytes key_bytes_;
  xaes256_gcm key_;
};

TEST_P(XaesCross, EveryMessageLength0To1100) {
  for (std::size_t n = 0; n <= 1100; ++n) {
    check(rng_.bytes(24), rng_.bytes(n % 23), rng_.bytes(n));
    if (HasFatalFailure()) return;
  }
}

TEST_P(XaesCross, AadLengthsAndLongMessages) {
  for (std::size_t a = 0; a <= 70; ++a) check(rng_.bytes(24), rng_.bytes(a), rng_.bytes(33));
  for (std::size_t n : {4096, 16384, 65536 + 7})
    check(rng_.bytes(24), rng_.bytes(5), rng_.bytes(n));
}

TEST_P(XaesCross, ForgeriesFailAndReleaseNothing) {
  const bytes nonce = rng_.bytes(24), aad = rng_.bytes(9), pt = rng_.bytes(77);
  bytes ct(pt.size()), tag(16);
  ASSERT_EQ(key_.seal(nonce, aad, pt, ct, tag), status::ok);
  const bytes zero(pt.size(), 0);
  auto expect_auth = [&](const bytes& n, const bytes& a, const bytes& c, const bytes& t) {
    bytes out(c.size(), 0xee);
    EXPECT_EQ(key_.open(n, a, c, out, t), status::auth);
    EXPECT_EQ(out, zero);
  };
  for (std::size_t i : {0, 11, 12, 23}) {  // both halves of the nonce matter
    bytes n = nonce;
    n[i] ^= 1;
    expect_auth(n, aad, ct, tag);
  }
  bytes t = tag;
  t[15] ^= 0x80;
  expect_auth(nonce, aad, ct, t);
  bytes c = ct;
  c[40] ^= 4;
  expect_auth(nonce, aad, c, tag);
  bytes a = aad;
  a[0] ^= 2;
  expect_auth(nonce, a, ct, tag);
}

TEST_P(XaesCross, OnlyTwentyFourByteNoncesAndSixteenByteTags) {
  const bytes pt = rng_.bytes(20);
  bytes out(pt.size()), tag(16), short_tag(12);
  for (std::size_t n : {0, 12, 16, 23, 25, 32}) {
    EXPECT_EQ(key_.seal(rng_.bytes(n), {}, pt, out, tag), status::nonce_length) << n;
    EXPECT_EQ(key_.open(rng_.bytes(n), {}, pt, out, tag), status::nonce_length) << n;
  }
  EXPECT_EQ(key_.seal(rng_.bytes(24), {}, pt, out, short_tag), status::tag_length);
  EXPECT_EQ(key_.open(rng_.bytes(24), {}, pt, out, short_tag), status::tag_length);
  xaes256_gcm bad;
  EXPECT_EQ(xaes256_gcm::create(rng_.bytes(16), bad, GetParam()), status::key_length);
  EXPECT_EQ(nonce_length(algorithm::xaes_256_gcm), 24u);
  EXPECT_EQ(key_length(algorithm::xaes_256_gcm), 32u);
}

TEST_P(XaesCross, GatherSealMatchesOneShot) {
  const bytes nonce = rng_.bytes(24), a = rng_.bytes(10), b = rng_.bytes(30);
  bytes whole = a;
  whole.insert(whole.end(), b.begin(), b.end());
  bytes want(whole.size()), want_tag(16), got(whole.size()), got_tag(16);
  ASSERT_EQ(key_.seal(nonce, {}, whole, want, want_tag), status::ok);
  const bytes_view pieces[] = {a, b};
  ASSERT_EQ(key_.seal_gather(nonce, {}, pieces, got, got_tag), status::ok);
  EXPECT_EQ(got, want);
  EXPECT_EQ(got_tag, want_tag);
}

TEST_P(XaesCross, StreamInAnyChunkingMatchesOneShot) {
  const bytes nonce = rng_.bytes(24), aad = rng_.bytes(21), pt = rng_.bytes(300);
  bytes want(pt.size()), want_tag(16);
  ASSERT_EQ(key_.seal(nonce, aad, pt, want, want_tag), status::ok);
  for (std::size_t chunk : {1, 7, 16, 64, 300}) {
    gcm_stream s;
    ASSERT_EQ(s.begin_seal(key_, nonce), status::ok);
    ASSERT_EQ(s.aad(aad), status::ok);
    bytes got(pt.size()), tag(16);
    for (std::size_t at = 0; at < pt.size(); at += chunk) {
      const std::size_t n = std::min(chunk, pt.size() - at);
      ASSERT_EQ(s.update(bytes_view(pt).subspan(at, n), bytes_span(got).subspan(at, n)),
                status::ok);
    }
    ASSERT_EQ(s.finish_seal(tag), status::ok);
    EXPECT_EQ(got, want) << chunk;
    EXPECT_EQ(tag, want_tag) << chunk;

    gcm_stream o;
    ASSERT_EQ(o.begin_open(key_, nonce), status::ok);
    ASSERT_EQ(o.aad(aad), status::ok);
    bytes back(pt.size());
    ASSERT_EQ(o.update(bytes_view(want).first(100), bytes_span(back).first(100)), status::ok);
    gcm_stream copy = o;  // continues on its own derived key
    o = gcm_stream{};
    ASSERT_EQ(copy.update(bytes_view(want).subspan(100), bytes_span(back).subspan(100)),
              status::ok);
    EXPECT_EQ(copy.finish_open(want_tag), status::ok);
    EXPECT_EQ(back, pt);
  }
}

TEST_P(XaesCross, StreamRulesFollowTheOneShot) {
  gcm_stream s;
  EXPECT_EQ(s.begin_seal(key_, rng_.bytes(12)), status::nonce_length);
  ASSERT_EQ(s.begin_seal(key_, rng_.bytes(24)), status::ok);
  bytes short_tag(12);
  EXPECT_EQ(s.finish_seal(short_tag), status::tag_length);
}

INSTANTIATE_TEST_SUITE_P(Backends, XaesCross, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return gtest_safe_name(info.param); });

}  // namespace
}  // namespace vg::test
