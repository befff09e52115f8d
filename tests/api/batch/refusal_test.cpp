// A batch refuses what the single call refuses, with the same status, and then writes nothing:
// a grid of nonce and tag lengths and bad buffers in the middle job of a batch, on every algorithm
// (the default backend: the checks are above the kernels), and random buffer placements on every
// backend.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "api/batch/batch_jobs.hpp"
#include "vg/cpu.hpp"

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

// Random buffer placements inside one small arena (so that ranges touch, overlap, nest, or are
// empty inside one another), null addresses and lengths around the common ones, in one job of a
// batch of valid jobs (in the first and in a later chunk of columns) and in a batch of two (no
// columns), on every runnable backend: the batch's status is the single call's. Backends with batch
// kernels test the common job with their own (vector) code; a job it passes must be one check_call
// passes.
TEST(BatchRefusal, PlacementsAsSingleCallsOnEveryBackend) {
  constexpr std::size_t kArena = 160;
  constexpr std::size_t kLens[] = {0, 1, 12, 16, 17, 40};
  for (const vg::backend_info& b : vg::backends()) {
    if (!b.runnable) continue;
    for (vg::algorithm alg : {vg::algorithm::aes_128_gcm, vg::algorithm::aes_128_gcm_siv}) {
      vg::aead_key key;
      const vg::status created = vg::aead_key::create(alg, bytes(16, 7), key, b.name);
      if (created == vg::status::unsupported) continue;
      ASSERT_EQ(created, vg::status::ok);
      prng rng(0x9a11 + static_cast<std::uint64_t>(alg));
      int mismatches = 0;
      for (int round = 0; round < 3000 && mismatches < 5; ++round) {
        bytes arena(kArena);
        std::uint8_t* base = arena.data();
        const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng.next() % n); };
        const auto place = [&](std::size_t len) -> std::uint8_t* {
          if (pick(12) == 0) return nullptr;
          return base + pick(kArena - len + 1);
        };
        const std::size_t nonce_len = pick(8) == 0 ? 16 : 12, tag_len = pick(8) == 0 ? 12 : 16;
        const std::size_t aad_len = kLens[pick(std::size(kLens))];
        const std::size_t len = kLens[pick(std::size(kLens))];
        const std::size_t out_len = pick(16) == 0 ? len + 1 : len;
        const std::uint8_t* nonce = place(nonce_len);
        const std::uint8_t* aad = place(aad_len);
        const std::uint8_t* in = place(len);
        std::uint8_t* out = pick(4) == 0 ? const_cast<std::uint8_t*>(in) : place(out_len);
        std::uint8_t* tag = place(tag_len);
        const vg::bytes_view nv(nonce, nonce == nullptr ? 0 : nonce_len);
        const vg::bytes_view av(aad, aad == nullptr && pick(2) == 0 ? 0 : aad_len);
        const vg::bytes_view iv(in, in == nullptr && pick(2) == 0 ? 0 : len);
        const vg::bytes_span ov(out, out == nullptr && pick(2) == 0 ? 0 : out_len);
        const vg::bytes_span tv(tag, tag == nullptr ? 0 : tag_len);
        const vg::status single_seal = key.seal(nv, av, iv, ov, tv);
        const vg::status single_open = key.open(nv, av, iv, ov, tv);

        std::vector<batch_job> jobs = valid_jobs(rng, 13, 20);
        for (int i = 0; i < 6; ++i) jobs.push_back(jobs[0]);
        std::vector<vg::seal_job> seal = seal_jobs_of(jobs);
        const std::size_t at = pick(2) == 0 ? 1 : seal.size();  // a later chunk: 17 jobs
        if (at == seal.size()) {
          while (seal.size() < 17) seal.push_back(seal[0]);
          seal.back() = {nv, av, iv, ov, tv};
        } else {
          seal[at] = {nv, av, iv, ov, tv};
        }
        // Valid jobs only read their own buffers, so the copies may share them for seal's
        // verdict; the status is what is compared.
        const vg::status batch_seal = key.seal_batch(seal);
        std::vector<vg::open_job> open(seal.size());
        for (std::size_t i = 0; i < seal.size(); ++i) {
          open[i].nonce = seal[i].nonce;
          open[i].aad = seal[i].aad;
          open[i].in = seal[i].in;
          open[i].out = seal[i].out;
          open[i].tag = seal[i].tag;
        }
        const vg::status batch_open = key.open_batch(open);
        // The same job in a batch of two (checked job by job, without the columns).
        const std::vector<vg::seal_job> pair_seal = {seal[0], {nv, av, iv, ov, tv}};
        std::vector<vg::open_job> pair_open = {open[0], open[0]};
        pair_open[1].nonce = nv;
        pair_open[1].aad = av;
        pair_open[1].in = iv;
        pair_open[1].out = ov;
        pair_open[1].tag = tv;
        const vg::status pair_seal_status = key.seal_batch(pair_seal);
        const vg::status pair_open_status = key.open_batch(pair_open);
        // An accepted open job fails or passes on its (arbitrary) tag: any verdict is a pass.
        const auto agrees = [&](vg::status batch) {
          return batch == single_open ||
                 ((single_open == vg::status::ok || single_open == vg::status::auth) &&
                  (batch == vg::status::ok || batch == vg::status::auth));
        };
        const bool open_agrees = agrees(batch_open) && agrees(pair_open_status);
        if (batch_seal != single_seal || pair_seal_status != single_seal || !open_agrees) {
          ++mismatches;
          ADD_FAILURE() << b.name << " alg " << static_cast<int>(alg) << " round " << round
                        << ": seal batch " << static_cast<int>(batch_seal) << " single "
                        << static_cast<int>(single_seal) << ", open batch "
                        << static_cast<int>(batch_open) << " single "
                        << static_cast<int>(single_open) << "; batch of two: seal "
                        << static_cast<int>(pair_seal_status) << ", open "
                        << static_cast<int>(pair_open_status);
        }
      }
    }
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

// A batch of one job is that job's single call: the same status, bytes and, on open, result, for
// accepted, refused and forged jobs, on every runnable backend.
TEST(BatchRefusal, OneJobBatchesAreSingleCalls) {
  for (const vg::backend_info& b : vg::backends()) {
    if (!b.runnable) continue;
    for (vg::algorithm alg : {vg::algorithm::aes_128_gcm, vg::algorithm::aes_128_gcm_siv,
                              vg::algorithm::xaes_256_gcm}) {
      vg::aead_key key;
      const vg::status created =
          vg::aead_key::create(alg, bytes(vg::key_length(alg), 9), key, b.name);
      if (created == vg::status::unsupported) continue;
      ASSERT_EQ(created, vg::status::ok);
      prng rng(0x0e1 + static_cast<std::uint64_t>(alg));
      const std::size_t good_nonce = vg::nonce_length(alg);
      for (std::size_t len : {0u, 16u, 64u, 700u}) {
        for (std::size_t nonce_len : {good_nonce, std::size_t{16}}) {
          for (std::size_t tag_len : {std::size_t{16}, std::size_t{12}}) {
            SCOPED_TRACE(std::string(b.name) + " alg " + std::to_string(static_cast<int>(alg)) +
                         " len " + std::to_string(len) + " nonce " + std::to_string(nonce_len) +
                         " tag " + std::to_string(tag_len));
            const bytes nonce = rng.bytes(nonce_len), aad = rng.bytes(13), pt = rng.bytes(len);
            bytes ct(len, 0xc1), tag(tag_len, 0xc2), bct(len, 0xc1), btag(tag_len, 0xc2);
            const vg::status single = key.seal(nonce, aad, pt, ct, tag);
            std::vector<vg::seal_job> seal{{nonce, aad, pt, bct, btag}};
            EXPECT_EQ(key.seal_batch(seal), single);
            EXPECT_EQ(bct, ct);
            EXPECT_EQ(btag, tag);
            for (bool forge : {false, true}) {
              bytes t = tag;
              if (forge) t[0] ^= 1;
              bytes out(len, 0xc3), bout(len, 0xc3);
              const vg::status single_open = key.open(nonce, aad, ct, out, t);
              std::vector<vg::open_job> open(1);
              open[0].nonce = nonce;
              open[0].aad = aad;
              open[0].in = ct;
              open[0].out = bout;
              open[0].tag = t;
              open[0].result = forge ? vg::status::ok : vg::status::auth;  // overwritten
              EXPECT_EQ(key.open_batch(open), single_open);
              EXPECT_EQ(open[0].result, single_open);
              EXPECT_EQ(bout, out);
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace vg::test
