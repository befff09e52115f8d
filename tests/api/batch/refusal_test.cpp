// A batch refuses what the single call refuses, with the same status, and then writes nothing:
// a grid of nonce and tag lengths and bad buffers in the middle job of a batch, on every algorithm
// (the default backend: the checks are above the kernels).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "api/batch/batch_jobs.hpp"

namespace vg::test {
namespace {

constexpr std::array kAlgorithms = {vg::algorithm::aes_128_gcm, vg::algorithm::aes_256_gcm,
                                    vg::algorithm::aes_128_gcm_siv};

bool untouched(const bytes& b) {
  return std::all_of(b.begin(), b.end(), [](std::uint8_t x) { return x == kCanaryByte; });
}

// Three valid jobs (12-byte nonces, 16-byte tags) with aad_len bytes of AAD and len of message.
std::vector<batch_job> valid_jobs(prng& rng, std::size_t aad_len, std::size_t len) {
  std::vector<batch_job> jobs(3);
  for (batch_job& j : jobs) {
    j.nonce = rng.bytes(12);
    j.aad = rng.bytes(aad_len);
    j.pt = rng.bytes(len);
    j.load(j.pt.data());
  }
  return jobs;
}

// Runs a 3-job batch whose middle job has the given nonce and tag lengths, and compares with the
// single call on that job.
void check_lengths(const vg::aead_key& key, std::size_t nonce_len, std::size_t tag_len) {
  prng rng(nonce_len * 100 + tag_len);
  std::vector<batch_job> jobs = valid_jobs(rng, 5, 40);
  jobs[1].nonce = rng.bytes(nonce_len);
  jobs[1].tag_len = tag_len;
  jobs[1].load(jobs[1].pt.data());
  SCOPED_TRACE("nonce " + std::to_string(nonce_len) + ", tag " + std::to_string(tag_len));

  bytes ct(40), tag(tag_len);
  const vg::status single = key.seal(jobs[1].nonce, jobs[1].aad, jobs[1].pt, ct, tag);
  const vg::status single_open = key.open(jobs[1].nonce, jobs[1].aad, ct, ct, tag);
  auto seal = seal_jobs_of(jobs);
  EXPECT_EQ(key.seal_batch(seal), single);
  if (single != vg::status::ok) {
    for (batch_job& j : jobs) EXPECT_TRUE(untouched(j.out) && untouched(j.tag));
  }
  for (batch_job& j : jobs) j.load(j.pt.data());
  auto open = open_jobs_of(jobs);
  const vg::status batch_open = key.open_batch(open);
  if (single_open == vg::status::auth || single_open == vg::status::ok) {
    // Accepted lengths: the jobs are opened (their tags are canaries: all fail).
    EXPECT_EQ(batch_open, vg::status::auth);
  } else {
    EXPECT_EQ(batch_open, single_open);
    for (const vg::open_job& o : open) EXPECT_EQ(o.result, single_open);
    for (batch_job& j : jobs) EXPECT_TRUE(untouched(j.out));
  }
}

TEST(BatchRefusal, NonceAndTagLengthsAsSingleCalls) {
  for (vg::algorithm alg : kAlgorithms) {
    vg::aead_key key;
    ASSERT_EQ(vg::aead_key::create(alg, bytes(vg::key_length(alg), 7), key), vg::status::ok);
    for (std::size_t nonce_len : {0, 1, 11, 12, 13, 16, 64}) {
      for (std::size_t tag_len = 0; tag_len <= 17; ++tag_len)
        check_lengths(key, nonce_len, tag_len);
    }
  }
}

TEST(BatchRefusal, BadBuffersRefuseTheWholeBatch) {
  for (vg::algorithm alg : kAlgorithms) {
    vg::aead_key key;
    ASSERT_EQ(vg::aead_key::create(alg, bytes(vg::key_length(alg), 7), key), vg::status::ok);
    prng rng(9);
    std::vector<batch_job> jobs = valid_jobs(rng, 32, 64);
    auto seal = seal_jobs_of(jobs);
    // Output overlapping the job's AAD, output shorter than input, partial overlap of in and out.
    seal[1].out = {jobs[1].aad.data(), 16};
    seal[1].in = seal[1].in.first(16);
    EXPECT_EQ(key.seal_batch(seal), vg::status::argument);
    seal = seal_jobs_of(jobs);
    seal[2].out = seal[2].out.first(63);
    EXPECT_EQ(key.seal_batch(seal), vg::status::argument);
    seal = seal_jobs_of(jobs);
    seal[0].out = {jobs[0].in_data() + 1, 64};
    EXPECT_EQ(key.seal_batch(seal), vg::status::argument);
    for (batch_job& j : jobs) EXPECT_TRUE(untouched(j.out) && untouched(j.tag));

    auto open = open_jobs_of(jobs);
    open[2].out = {jobs[2].aad.data(), 32};
    open[2].in = open[2].in.first(32);
    EXPECT_EQ(key.open_batch(open), vg::status::argument);
    for (const vg::open_job& o : open) EXPECT_EQ(o.result, vg::status::argument);
    for (batch_job& j : jobs) EXPECT_TRUE(untouched(j.out));
  }
}

TEST(BatchRefusal, EmptyKeyAndEmptyBatch) {
  vg::aead_key empty;
  std::vector<batch_job> jobs(1);
  jobs[0].nonce = bytes(12, 1);
  jobs[0].load(nullptr);
  auto seal = seal_jobs_of(jobs);
  auto open = open_jobs_of(jobs);
  EXPECT_EQ(empty.seal_batch(seal), vg::status::argument);
  EXPECT_EQ(empty.open_batch(open), vg::status::argument);
  EXPECT_EQ(open[0].result, vg::status::argument);

  vg::aes128_gcm key;
  ASSERT_EQ(vg::aes128_gcm::create(bytes(16, 3), key), vg::status::ok);
  EXPECT_EQ(key.seal_batch({}), vg::status::ok);
  EXPECT_EQ(key.open_batch({}), vg::status::ok);
}

}  // namespace
}  // namespace vg::test
