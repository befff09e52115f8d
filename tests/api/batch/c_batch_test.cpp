// The C API's batches: vg_aead_seal_batch/vg_aead_open_batch give the spec's bytes for a random
// batch on the default backend, reject only the forged job, and refuse null arguments.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "api/batch/batch_jobs.hpp"
#include "vg/vg.h"

namespace vg::test {
namespace {

TEST(CBatch, SealAndOpenAgainstSpec) {
  prng rng(0xc0ba);
  const bytes key = rng.bytes(16);
  vg_aead* aead = nullptr;
  ASSERT_EQ(vg_aead_new(&aead, VG_AES_128_GCM, key.data(), key.size()), VG_OK);
  std::vector<batch_job> jobs = random_batch(rng, vg::algorithm::aes_128_gcm, key, {});
  std::vector<vg_seal_job> seal;
  for (batch_job& j : jobs) {
    seal.push_back({j.nonce.data(), j.nonce.size(), j.aad.data(), j.aad.size(), j.in_data(),
                    j.pt.size(), j.out_data(), j.tag_data(), j.tag_len});
  }
  ASSERT_EQ(vg_aead_seal_batch(aead, seal.data(), seal.size()), VG_OK);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    batch_job& j = jobs[i];
    const std::size_t n = j.pt.size();
    EXPECT_TRUE(n == 0 || std::memcmp(j.out_data(), j.expected.data(), n) == 0)
        << describe(jobs, i);
    EXPECT_EQ(std::memcmp(j.tag_data(), j.expected.data() + n, j.tag_len), 0) << describe(jobs, i);
  }

  // Open the ciphertexts (out of place into fresh buffers) with job 0's tag forged.
  std::vector<bytes> pts;
  std::vector<vg_open_job> open;
  for (batch_job& j : jobs) pts.emplace_back(j.pt.size() + 1, 0x5a);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    batch_job& j = jobs[i];
    open.push_back({j.nonce.data(), j.nonce.size(), j.aad.data(), j.aad.size(), j.out_data(),
                    j.pt.size(), pts[i].data(), j.tag_data(), j.tag_len, VG_ERR_ARGUMENT});
  }
  jobs[0].tag_data()[0] ^= 1;
  EXPECT_EQ(vg_aead_open_batch(aead, open.data(), open.size()), VG_ERR_AUTH);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const std::size_t n = jobs[i].pt.size();
    if (i == 0) {
      EXPECT_EQ(open[i].status, VG_ERR_AUTH);
      EXPECT_TRUE(std::all_of(pts[i].begin(), pts[i].begin() + static_cast<std::ptrdiff_t>(n),
                              [](std::uint8_t x) { return x == 0; }));
    } else {
      EXPECT_EQ(open[i].status, VG_OK) << describe(jobs, i);
      EXPECT_TRUE(n == 0 || std::memcmp(pts[i].data(), jobs[i].pt.data(), n) == 0);
    }
    EXPECT_EQ(pts[i][n], 0x5a);
  }

  EXPECT_EQ(vg_aead_seal_batch(nullptr, seal.data(), seal.size()), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_aead_seal_batch(aead, nullptr, 1), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_aead_open_batch(aead, nullptr, 1), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_aead_open_batch(aead, nullptr, 0), VG_OK);
  vg_aead_free(aead);
}

}  // namespace
}  // namespace vg::test
