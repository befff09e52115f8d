// Incremental GCM on every runnable backend: for many chunkings (one byte at a time, random, AAD in
// pieces, in place, unaligned) the stream must give the bytes and tag of the specification (a few
// messages) and of one-shot seal/open (many, since the one-shot path is itself checked against the
// specification by tests/vectors and tests/cross); copies taken mid-stream must finish correctly;
// tags are truncated and tampered with; calls out of order are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "common/hex.hpp"
#include "common/prng.hpp"
#include "common/tag_lengths.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace {

using vg::test::bytes;
using vg::test::random_bytes;
using vg::test::runnable_backends;

// Cuts n into pieces: sizes drawn from a mix of tiny, block-straddling and large lengths.
std::vector<std::size_t> random_cuts(std::mt19937_64& rng, std::size_t n) {
  static const std::size_t kSizes[] = {0, 1, 2, 3, 15, 16, 17, 31, 33, 64, 100, 255, 256, 1000};
  std::vector<std::size_t> cuts;
  while (n > 0) {
    const std::size_t want = kSizes[rng() % std::size(kSizes)];
    const std::size_t take = std::min(n, want);
    cuts.push_back(take);
    n -= take;
  }
  if (rng() % 4 == 0) cuts.push_back(0);  // an empty call at the end must be harmless
  return cuts;
}

std::vector<std::size_t> ones(std::size_t n) {
  return std::vector<std::size_t>(n, 1);
}

struct message {
  bytes nonce, aad, text;
};

// Runs one stream. `offset` shifts the buffers off alignment; `in_place` works in one buffer.
bytes stream_crypt(const vg::aead_key& key, bool seal, const message& m,
                   const std::vector<std::size_t>& aad_cuts,
                   const std::vector<std::size_t>& text_cuts, bool in_place, std::size_t offset,
                   vg::gcm_stream& s) {
  EXPECT_EQ(seal ? s.begin_seal(key, m.nonce) : s.begin_open(key, m.nonce), vg::status::ok);
  std::size_t at = 0;
  for (std::size_t c : aad_cuts) {
    EXPECT_EQ(s.aad({m.aad.data() + at, c}), vg::status::ok);
    at += c;
  }
  bytes src(m.text.size() + offset + 1), dst(m.text.size() + offset + 1);
  std::copy(m.text.begin(), m.text.end(), src.begin() + static_cast<std::ptrdiff_t>(offset));
  std::uint8_t* in = src.data() + offset;
  std::uint8_t* out = in_place ? in : dst.data() + offset + 1;  // out unaligned differently
  at = 0;
  for (std::size_t c : text_cuts) {
    EXPECT_EQ(s.update({in + at, c}, {out + at, c}), vg::status::ok);
    at += c;
  }
  return bytes(out, out + m.text.size());
}

class Stream : public ::testing::TestWithParam<std::string> {
 protected:
  vg::aead_key make_key(vg::algorithm alg, const bytes& raw) {
    vg::aead_key key;
    EXPECT_EQ(vg::aead_key::create(alg, raw, key, GetParam()), vg::status::ok);
    return key;
  }
};

const vg::algorithm kAlgs[] = {vg::algorithm::aes_128_gcm, vg::algorithm::aes_192_gcm,
                               vg::algorithm::aes_256_gcm};

// Byte-at-a-time AAD and text, against the specification directly.
TEST_P(Stream, OneByteAtATimeMatchesSpecification) {
  std::mt19937_64 rng(1);
  for (vg::algorithm alg : kAlgs) {
    const bytes raw = random_bytes(rng, vg::key_length(alg));
    const vg::aead_key key = make_key(alg, raw);
    for (std::size_t len : {0, 1, 15, 16, 17, 47, 64, 95}) {
      for (std::size_t nonce_len : {12, 1, 16, 60}) {
        const message m{random_bytes(rng, nonce_len), random_bytes(rng, len / 2 + 3),
                        random_bytes(rng, len)};
        const bytes expect = vg::spec::gcm_seal(raw, m.nonce, m.aad, m.text);
        vg::gcm_stream s;
        bytes ct = stream_crypt(key, true, m, ones(m.aad.size()), ones(len), false, 1, s);
        bytes tag(16);
        ASSERT_EQ(s.finish_seal(tag), vg::status::ok);
        ct.insert(ct.end(), tag.begin(), tag.end());
        EXPECT_EQ(ct, expect) << "len " << len << " nonce " << nonce_len;

        const message c{m.nonce, m.aad, bytes(expect.begin(), expect.end() - 16)};
        const bytes pt = stream_crypt(key, false, c, ones(m.aad.size()), ones(len), true, 3, s);
        EXPECT_EQ(s.finish_open(tag), vg::status::ok);
        EXPECT_EQ(pt, m.text);
      }
    }
  }
}

// Random chunkings of random messages, in place or not, against one-shot seal and open.
TEST_P(Stream, RandomChunkingMatchesOneShot) {
  std::mt19937_64 rng(2);
  for (vg::algorithm alg : kAlgs) {
    const vg::aead_key key = make_key(alg, random_bytes(rng, vg::key_length(alg)));
    for (int round = 0; round < 150; ++round) {
      const std::size_t len = rng() % 3 == 0 ? rng() % 40 : rng() % 5000;
      const message m{random_bytes(rng, rng() % 8 == 0 ? 1 + rng() % 40 : 12),
                      random_bytes(rng, rng() % 2 ? rng() % 70 : 0), random_bytes(rng, len)};
      bytes ct(len), tag(16);
      ASSERT_EQ(key.seal(m.nonce, m.aad, m.text, ct, tag), vg::status::ok);

      vg::gcm_stream s;
      const bool in_place = rng() % 2;
      const std::size_t offset = rng() % 16;
      EXPECT_EQ(stream_crypt(key, true, m, random_cuts(rng, m.aad.size()), random_cuts(rng, len),
                             in_place, offset, s),
                ct);
      const std::size_t tag_len =
          vg::test::kGcmTagLengths[rng() % std::size(vg::test::kGcmTagLengths)];
      bytes got(tag_len);
      ASSERT_EQ(s.finish_seal(got), vg::status::ok);
      EXPECT_TRUE(std::equal(got.begin(), got.end(), tag.begin()));

      const message c{m.nonce, m.aad, ct};
      EXPECT_EQ(stream_crypt(key, false, c, random_cuts(rng, m.aad.size()), random_cuts(rng, len),
                             !in_place, offset, s),
                m.text);
      EXPECT_EQ(s.finish_open(got), vg::status::ok);
    }
  }
}

// A copy taken at any point continues on its own: both copies finish with different tails and
// each gets the one-shot result for its own message.
TEST_P(Stream, CopiesContinueIndependently) {
  std::mt19937_64 rng(3);
  const bytes raw = random_bytes(rng, 16);
  const vg::aead_key key = make_key(vg::algorithm::aes_128_gcm, raw);
  for (int round = 0; round < 60; ++round) {
    const bytes nonce = random_bytes(rng, 12), aad = random_bytes(rng, rng() % 40);
    const std::size_t head = rng() % 100, tail_a = rng() % 100, tail_b = rng() % 100;
    const bytes text_head = random_bytes(rng, head);
    const bytes a = random_bytes(rng, tail_a), b = random_bytes(rng, tail_b);
    const bool copy_in_aad = rng() % 4 == 0;
    const std::size_t aad_split = aad.size() / 2;

    vg::gcm_stream first;
    ASSERT_EQ(first.begin_seal(key, nonce), vg::status::ok);
    ASSERT_EQ(first.aad({aad.data(), aad_split}), vg::status::ok);
    bytes out_head(head);
    vg::gcm_stream second;
    if (copy_in_aad) {
      second = first;
      ASSERT_EQ(second.aad({aad.data() + aad_split, aad.size() - aad_split}), vg::status::ok);
      ASSERT_EQ(second.update(text_head, out_head), vg::status::ok);
    }
    ASSERT_EQ(first.aad({aad.data() + aad_split, aad.size() - aad_split}), vg::status::ok);
    ASSERT_EQ(first.update(text_head, out_head), vg::status::ok);
    if (!copy_in_aad) second = vg::gcm_stream(first);

    for (auto [stream, tail] : {std::pair{&first, &a}, std::pair{&second, &b}}) {
      bytes out_tail(tail->size()), tag(16);
      ASSERT_EQ(stream->update(*tail, out_tail), vg::status::ok);
      ASSERT_EQ(stream->finish_seal(tag), vg::status::ok);
      bytes whole = text_head;
      whole.insert(whole.end(), tail->begin(), tail->end());
      bytes expect(whole.size()), expect_tag(16);
      ASSERT_EQ(key.seal(nonce, aad, whole, expect, expect_tag), vg::status::ok);
      bytes got = out_head;
      got.insert(got.end(), out_tail.begin(), out_tail.end());
      EXPECT_EQ(got, expect);
      EXPECT_EQ(tag, expect_tag);
    }
  }
}

// Every flipped tag bit, every truncation, a flipped ciphertext bit and a changed AAD: auth.
TEST_P(Stream, TamperedMessagesFailToOpen) {
  std::mt19937_64 rng(4);
  const vg::aead_key key = make_key(vg::algorithm::aes_256_gcm, random_bytes(rng, 32));
  const message m{random_bytes(rng, 12), random_bytes(rng, 20), random_bytes(rng, 77)};
  bytes ct(m.text.size()), tag(16);
  ASSERT_EQ(key.seal(m.nonce, m.aad, m.text, ct, tag), vg::status::ok);
  const auto open_with = [&](const bytes& aad, const bytes& c, const bytes& t) {
    vg::gcm_stream s;
    EXPECT_EQ(s.begin_open(key, m.nonce), vg::status::ok);
    EXPECT_EQ(s.aad(aad), vg::status::ok);
    bytes out(c.size());
    EXPECT_EQ(s.update({c.data(), 30}, {out.data(), 30}), vg::status::ok);
    EXPECT_EQ(s.update({c.data() + 30, c.size() - 30}, {out.data() + 30, c.size() - 30}),
              vg::status::ok);
    return s.finish_open(t);
  };
  EXPECT_EQ(open_with(m.aad, ct, tag), vg::status::ok);
  for (std::size_t bit = 0; bit < 128; ++bit) {
    bytes t = tag;
    t[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    EXPECT_EQ(open_with(m.aad, ct, t), vg::status::auth) << "bit " << bit;
  }
  for (std::size_t n : vg::test::kGcmTagLengths) {
    bytes t(tag.begin(), tag.begin() + static_cast<std::ptrdiff_t>(n));
    EXPECT_EQ(open_with(m.aad, ct, t), vg::status::ok) << n;  // a truncated genuine tag verifies
    t.back() ^= 1;
    EXPECT_EQ(open_with(m.aad, ct, t), vg::status::auth) << n;
  }
  bytes c = ct;
  c[50] ^= 0x80;
  EXPECT_EQ(open_with(m.aad, c, tag), vg::status::auth);
  bytes aad = m.aad;
  aad[0] ^= 1;
  EXPECT_EQ(open_with(aad, ct, tag), vg::status::auth);
  EXPECT_EQ(open_with(m.aad, ct, bytes(tag.begin(), tag.begin() + 3)), vg::status::tag_length);
}

INSTANTIATE_TEST_SUITE_P(Backends, Stream, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return vg::test::gtest_safe_name(info.param); });

// Calls out of order and bad arguments are refused and leave the stream usable.
TEST(StreamRules, OrderAndArguments) {
  vg::aead_key key, siv, empty;
  const bytes raw(16, 7), nonce(12, 1);
  ASSERT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, raw, key), vg::status::ok);
  vg::gcm_stream s;
  bytes buf(32), tag(16);
  EXPECT_EQ(s.update(buf, buf), vg::status::argument);  // not begun
  EXPECT_EQ(s.aad(buf), vg::status::argument);
  EXPECT_EQ(s.finish_seal(tag), vg::status::argument);
  EXPECT_EQ(s.begin_seal(empty, nonce), vg::status::argument);
  // GCM-SIV keys exist only where a backend implements it; a stream refuses them.
  if (vg::aead_key::create(vg::algorithm::aes_128_gcm_siv, raw, siv) == vg::status::ok) {
    EXPECT_EQ(s.begin_seal(siv, nonce), vg::status::unsupported);
  }
  EXPECT_EQ(s.begin_seal(key, {}), vg::status::nonce_length);
  ASSERT_EQ(s.begin_seal(key, nonce), vg::status::ok);
  EXPECT_EQ(s.update({buf.data(), 16}, {buf.data() + 8, 16}), vg::status::argument);  // overlap
  EXPECT_EQ(s.update({buf.data(), 16}, {buf.data(), 15}), vg::status::argument);      // sizes
  EXPECT_EQ(s.update({buf.data(), 5}, {buf.data(), 5}), vg::status::ok);
  EXPECT_EQ(s.aad(buf), vg::status::argument);          // AAD after text
  EXPECT_EQ(s.finish_open(tag), vg::status::argument);  // a sealing stream
  bytes long_tag(17);
  EXPECT_EQ(s.finish_seal(long_tag), vg::status::tag_length);
  EXPECT_EQ(s.update(buf, buf), vg::status::argument);  // finished
}

}  // namespace
