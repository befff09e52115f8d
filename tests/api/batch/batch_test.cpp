// seal_batch/open_batch on every runnable backend and algorithm against the spec: random batches of
// 1..64 jobs with lengths 0..4200, mixed nonce, AAD and tag lengths, in place and out of place at
// every misalignment, batches of medium jobs only, and batches of each small count and mix of
// short, medium and long jobs; open with forged tags in some jobs (only those fail, their outputs
// zeroed).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <tuple>

#include "api/batch/batch_jobs.hpp"
#include "common/backends.hpp"
#include "common/failure_log.hpp"

namespace vg::test {
namespace {

constexpr int kBatches = 12;

bool equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  return n == 0 || std::memcmp(a, b, n) == 0;
}

class BatchTest : public ::testing::TestWithParam<std::tuple<std::string, vg::algorithm>> {
 protected:
  void SetUp() override {
    const vg::algorithm alg = std::get<1>(GetParam());
    prng rng(0xba7c0000 + static_cast<std::uint64_t>(alg));
    key_bytes_ = rng.bytes(vg::key_length(alg));
    ASSERT_EQ(vg::aead_key::create(alg, key_bytes_, key_, std::get<0>(GetParam())), vg::status::ok);
  }
  void TearDown() override { log_.summarize(checks_); }

  // The batches of this algorithm (the same on every backend; the spec runs once per algorithm).
  std::vector<std::vector<batch_job>> batches() {
    static std::map<vg::algorithm, std::vector<std::vector<batch_job>>> cache;
    const vg::algorithm alg = std::get<1>(GetParam());
    auto& b = cache[alg];
    if (b.empty()) {
      prng rng(0xba7c1000 + static_cast<std::uint64_t>(alg));
      for (int i = 0; i < kBatches; ++i) b.push_back(random_batch(rng, alg, key_bytes_, {}));
    }
    return b;
  }

  void check(bool ok, const std::vector<batch_job>& jobs, std::size_t i, const std::string& what) {
    ++checks_;
    if (!ok) log_.add(std::get<0>(GetParam()), describe(jobs, i) + ": " + what);
  }

  // After open_batch: forged jobs rejected with their output zeroed, the others' plaintext
  // intact, no job's canaries touched.
  void check_opened(std::vector<batch_job>& jobs, const std::vector<vg::open_job>& open,
                    const std::vector<bool>& forged) {
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      batch_job& j = jobs[i];
      const std::size_t n = j.pt.size();
      if (forged[i]) {
        check(open[i].result == vg::status::auth, jobs, i, "forged job not rejected");
        check(std::all_of(j.out_data(), j.out_data() + n, [](std::uint8_t x) { return x == 0; }),
              jobs, i, "forged job's output not zeroed");
      } else {
        check(open[i].result == vg::status::ok, jobs, i, "genuine job rejected");
        check(equal(j.out_data(), j.pt.data(), n), jobs, i, "plaintext differs");
      }
      const std::string guard = j.canaries_intact();
      check(guard.empty(), jobs, i, guard);
    }
  }

  vg::aead_key key_;
  bytes key_bytes_;
  failure_log log_;
  int checks_ = 0;
};

TEST_P(BatchTest, SealEqualsSpecAndSingleCalls) {
  for (auto& jobs : batches()) {
    auto seal = seal_jobs_of(jobs);
    ASSERT_EQ(key_.seal_batch(seal), vg::status::ok);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      batch_job& j = jobs[i];
      const std::size_t n = j.pt.size();
      check(equal(j.out_data(), j.expected.data(), n), jobs, i, "ciphertext differs from spec");
      check(equal(j.tag_data(), j.expected.data() + n, j.tag_len), jobs, i,
            "tag differs from spec");
      const std::string guard = j.canaries_intact();
      check(guard.empty(), jobs, i, guard);
      // The single call on the same input gives the same bytes.
      bytes ct(n), tag(j.tag_len);
      check(key_.seal(j.nonce, j.aad, j.pt, ct, tag) == vg::status::ok &&
                equal(ct.data(), j.out_data(), n) && equal(tag.data(), j.tag_data(), j.tag_len),
            jobs, i, "single call differs");
    }
  }
}

TEST_P(BatchTest, OpenRejectsOnlyForgedJobs) {
  prng rng(0xf0f0 + static_cast<std::uint64_t>(std::get<1>(GetParam())));
  int batch_index = 0;
  for (auto& jobs : batches()) {
    // The first batch is left genuine; in the others about a quarter of the jobs are forged.
    std::vector<bool> forged(jobs.size(), false);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      batch_job& j = jobs[i];
      j.load(j.expected.data());
      std::memcpy(j.tag_data(), j.expected.data() + j.pt.size(), j.tag_len);
      if (batch_index == 0 || rng.next() % 4 != 0) continue;
      forged[i] = true;
      const std::uint64_t where = rng.next() % 3;
      const auto bit = static_cast<std::uint8_t>(1u << (rng.next() % 8));
      if (where == 0 && !j.pt.empty()) {
        j.in_data()[rng.next() % j.pt.size()] ^= bit;
      } else if (where == 1 && !j.aad.empty()) {
        j.aad[rng.next() % j.aad.size()] ^= bit;
      } else {
        j.tag_data()[rng.next() % j.tag_len] ^= bit;
      }
    }
    ++batch_index;
    auto open = open_jobs_of(jobs);
    const bool any_forged = std::find(forged.begin(), forged.end(), true) != forged.end();
    const vg::status s = key_.open_batch(open);
    EXPECT_EQ(s, any_forged ? vg::status::auth : vg::status::ok);
    check_opened(jobs, open, forged);
  }
}

// Batches of medium jobs only (65..1600 bytes, AAD up to 64 bytes, 12-byte nonces), so that the
// kernels that run several such jobs side by side get full groups of mixed lengths: seal against
// the spec, then open with some jobs forged.
TEST_P(BatchTest, MediumJobsSealAndOpen) {
  const vg::algorithm alg = std::get<1>(GetParam());
  prng rng(0xba7c2000 + static_cast<std::uint64_t>(alg));
  batch_shape shape;
  shape.medium = true;
  shape.max_len = 1600;  // mostly the lane kernel's lengths (up to 1520 B), some longer
  for (int b = 0; b < 4; ++b) {
    std::vector<batch_job> jobs = random_batch(rng, alg, key_bytes_, shape);
    auto seal = seal_jobs_of(jobs);
    ASSERT_EQ(key_.seal_batch(seal), vg::status::ok);
    std::vector<bool> forged(jobs.size(), false);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      batch_job& j = jobs[i];
      const std::size_t n = j.pt.size();
      check(equal(j.out_data(), j.expected.data(), n), jobs, i, "ciphertext differs from spec");
      check(equal(j.tag_data(), j.expected.data() + n, j.tag_len), jobs, i,
            "tag differs from spec");
      const std::string guard = j.canaries_intact();
      check(guard.empty(), jobs, i, guard);
      j.load(j.expected.data());
      std::memcpy(j.tag_data(), j.expected.data() + n, j.tag_len);
      if (rng.next() % 3 != 0) continue;
      forged[i] = true;
      const auto bit = static_cast<std::uint8_t>(1u << (rng.next() % 8));
      if (rng.next() % 2 == 0) {
        j.in_data()[rng.next() % n] ^= bit;
      } else {
        j.tag_data()[rng.next() % j.tag_len] ^= bit;
      }
    }
    auto open = open_jobs_of(jobs);
    const bool any_forged = std::find(forged.begin(), forged.end(), true) != forged.end();
    EXPECT_EQ(key_.open_batch(open), any_forged ? vg::status::auth : vg::status::ok);
    check_opened(jobs, open, forged);
  }
}

// Batches of every count from 2 to 9 jobs and a few across the 16-job chunks, of short jobs only
// (up to 64 bytes), medium ones only (65..1520) and both mixed with longer ones: whole groups of
// a kind go to the batch kernels, part groups and the rest to single calls, each job once (most
// jobs in place, where a job run twice or not at all gives wrong bytes).
TEST_P(BatchTest, EveryCountAndMixOfJobs) {
  const vg::algorithm alg = std::get<1>(GetParam());
  prng rng(0xba7c3000 + static_cast<std::uint64_t>(alg));
  for (const std::size_t count : {2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 21, 33}) {
    for (int mix = 0; mix < 3; ++mix) {
      std::vector<std::size_t> lengths(count);
      for (std::size_t& len : lengths) {
        const std::uint64_t pick = mix < 2 ? static_cast<std::uint64_t>(mix) : rng.next() % 3;
        len = pick == 0   ? rng.next() % 65
              : pick == 1 ? 65 + rng.next() % 1456
                          : 1521 + rng.next() % 600;
      }
      std::vector<batch_job> jobs = batch_of_lengths(rng, alg, key_bytes_, lengths);
      auto seal = seal_jobs_of(jobs);
      ASSERT_EQ(key_.seal_batch(seal), vg::status::ok);
      std::vector<bool> forged(jobs.size(), false);
      for (std::size_t i = 0; i < jobs.size(); ++i) {
        batch_job& j = jobs[i];
        const std::size_t n = j.pt.size();
        check(equal(j.out_data(), j.expected.data(), n), jobs, i, "ciphertext differs from spec");
        check(equal(j.tag_data(), j.expected.data() + n, j.tag_len), jobs, i,
              "tag differs from spec");
        const std::string guard = j.canaries_intact();
        check(guard.empty(), jobs, i, guard);
        j.load(j.expected.data());
        std::memcpy(j.tag_data(), j.expected.data() + n, j.tag_len);
        forged[i] = rng.next() % 4 == 0;
        if (forged[i]) j.tag_data()[rng.next() % j.tag_len] ^= 0x10;
      }
      auto open = open_jobs_of(jobs);
      const bool any_forged = std::find(forged.begin(), forged.end(), true) != forged.end();
      EXPECT_EQ(key_.open_batch(open), any_forged ? vg::status::auth : vg::status::ok);
      check_opened(jobs, open, forged);
    }
  }
}

std::vector<std::tuple<std::string, vg::algorithm>> params() {
  std::vector<std::tuple<std::string, vg::algorithm>> out;
  for (const std::string& b : runnable_backends()) {
    for (vg::algorithm a : {vg::algorithm::aes_128_gcm, vg::algorithm::aes_192_gcm,
                            vg::algorithm::aes_256_gcm, vg::algorithm::aes_128_gcm_siv,
                            vg::algorithm::aes_256_gcm_siv, vg::algorithm::xaes_256_gcm}) {
      out.emplace_back(b, a);
    }
  }
  return out;
}

std::string name(const ::testing::TestParamInfo<std::tuple<std::string, vg::algorithm>>& info) {
  return gtest_safe_name(std::get<0>(info.param)) + "_alg" +
         std::to_string(static_cast<int>(std::get<1>(info.param)));
}

INSTANTIATE_TEST_SUITE_P(Backends, BatchTest, ::testing::ValuesIn(params()), name);

}  // namespace
}  // namespace vg::test
