// The C functions of incremental GCM: chunked seal and open agree with vg_aead_seal/vg_aead_open,
// vg_gcm_stream_copy forks a stream, a bad tag gives VG_ERR_AUTH, NULL handles are refused.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "common/hex.hpp"
#include "common/prng.hpp"
#include "vg/vg.h"

namespace {

using vg::test::bytes;
using vg::test::random_bytes;

TEST(CStream, ChunkedSealOpenAndCopy) {
  std::mt19937_64 rng(5);
  const bytes key = random_bytes(rng, 24), nonce = random_bytes(rng, 12);
  const bytes aad = random_bytes(rng, 33), text = random_bytes(rng, 1000);
  vg_aead* aead = nullptr;
  ASSERT_EQ(vg_aead_new(&aead, VG_AES_192_GCM, key.data(), key.size()), VG_OK);
  bytes expect(text.size()), expect_tag(16);
  ASSERT_EQ(vg_aead_seal(aead, nonce.data(), 12, aad.data(), aad.size(), text.data(), text.size(),
                         expect.data(), expect_tag.data(), 16),
            VG_OK);

  vg_gcm_stream *s = nullptr, *fork = nullptr;
  ASSERT_EQ(vg_gcm_stream_new(&s), VG_OK);
  ASSERT_EQ(vg_gcm_stream_new(&fork), VG_OK);
  ASSERT_EQ(vg_gcm_stream_begin_seal(s, aead, nonce.data(), 12), VG_OK);
  ASSERT_EQ(vg_gcm_stream_aad(s, aad.data(), 10), VG_OK);
  ASSERT_EQ(vg_gcm_stream_aad(s, aad.data() + 10, 23), VG_OK);
  bytes out(text.size());
  ASSERT_EQ(vg_gcm_stream_update(s, text.data(), 333, out.data()), VG_OK);
  ASSERT_EQ(vg_gcm_stream_copy(fork, s), VG_OK);
  ASSERT_EQ(vg_gcm_stream_update(s, text.data() + 333, 667, out.data() + 333), VG_OK);
  bytes tag(16);
  ASSERT_EQ(vg_gcm_stream_finish_seal(s, tag.data(), 16), VG_OK);
  EXPECT_EQ(out, expect);
  EXPECT_EQ(tag, expect_tag);
  // The fork finishes the same message in one more call and must agree.
  bytes out2(text.size() - 333), tag2(16);
  ASSERT_EQ(vg_gcm_stream_update(fork, text.data() + 333, out2.size(), out2.data()), VG_OK);
  ASSERT_EQ(vg_gcm_stream_finish_seal(fork, tag2.data(), 16), VG_OK);
  EXPECT_TRUE(std::equal(out2.begin(), out2.end(), expect.begin() + 333));
  EXPECT_EQ(tag2, expect_tag);

  // Open in place, one piece per call.
  bytes buf = expect;
  ASSERT_EQ(vg_gcm_stream_begin_open(s, aead, nonce.data(), 12), VG_OK);
  ASSERT_EQ(vg_gcm_stream_aad(s, aad.data(), aad.size()), VG_OK);
  ASSERT_EQ(vg_gcm_stream_update(s, buf.data(), 1, buf.data()), VG_OK);
  ASSERT_EQ(vg_gcm_stream_update(s, buf.data() + 1, buf.size() - 1, buf.data() + 1), VG_OK);
  EXPECT_EQ(vg_gcm_stream_finish_open(s, expect_tag.data(), 16), VG_OK);
  EXPECT_EQ(buf, text);

  bytes bad = expect_tag;
  bad[15] ^= 1;
  ASSERT_EQ(vg_gcm_stream_begin_open(s, aead, nonce.data(), 12), VG_OK);
  ASSERT_EQ(vg_gcm_stream_aad(s, aad.data(), aad.size()), VG_OK);
  ASSERT_EQ(vg_gcm_stream_update(s, expect.data(), expect.size(), buf.data()), VG_OK);
  EXPECT_EQ(vg_gcm_stream_finish_open(s, bad.data(), 16), VG_ERR_AUTH);

  EXPECT_EQ(vg_gcm_stream_new(nullptr), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_begin_seal(nullptr, aead, nonce.data(), 12), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_begin_seal(s, nullptr, nonce.data(), 12), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_begin_open(nullptr, aead, nonce.data(), 12), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_begin_open(s, nullptr, nonce.data(), 12), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_begin_open(s, aead, nullptr, 12), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_update(nullptr, nullptr, 0, nullptr), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_copy(nullptr, s), VG_ERR_ARGUMENT);
  vg_gcm_stream_free(s);
  vg_gcm_stream_free(fork);
  vg_gcm_stream_free(nullptr);
  vg_aead_free(aead);
}

}  // namespace
