// A new GCM key holds only the first powers of H; the first call that needs more computes the
// rest into the shared key state, once (src/backends/x86/gcm_key.inc). Here that first use is
// concurrent: for many fresh keys per backend, eight threads released together each make their
// first call on the key through a different path that needs the higher powers (one-shot seal and
// open, a batch, an incremental message, a nonce that is not 96 bits, XAES-256-GCM's derived
// key), and every output must equal vg::spec's. Computing the powers twice at once, reading them
// before they are complete, or skipping them gives wrong tags; under TSan (the tsan stage), any
// unsynchronised write to the key state is a reported race.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace {

using bytes = std::vector<std::uint8_t>;

struct sealed {
  bytes ct, tag;
};

// One thread's first call on `key`: seals `pt` by path `path` and returns the ciphertext and tag,
// or (path 1) opens the expected ciphertext and returns the plaintext and, when it verified, the
// tag.
sealed call(int path, const vg::aead_key& key, const bytes& nonce, const bytes& aad,
            const bytes& pt, const sealed& want) {
  sealed out{bytes(pt.size()), bytes(16)};
  switch (path % 4) {
    case 0:
      if (key.seal(nonce, aad, pt, out.ct, out.tag) != vg::status::ok) out.tag.clear();
      break;
    case 1:
      // The plaintext comes back in out.ct (compared with pt), the tag only when it verified.
      if (key.open(nonce, aad, want.ct, out.ct, want.tag) == vg::status::ok) out.tag = want.tag;
      break;
    case 2: {
      const vg::seal_job job{nonce, aad, pt, out.ct, out.tag};
      if (key.seal_batch({&job, 1}) != vg::status::ok) out.tag.clear();
      break;
    }
    default: {
      vg::gcm_stream s;
      if (s.begin_seal(key, nonce) != vg::status::ok || s.aad(aad) != vg::status::ok ||
          s.update(pt, out.ct) != vg::status::ok || s.finish_seal(out.tag) != vg::status::ok)
        out.tag.clear();
    }
  }
  return out;
}

void race_first_use(const std::string& backend, vg::algorithm alg, std::size_t nonce_len,
                    int rounds) {
  constexpr int kThreads = 8;
  vg::test::prng rng(0x5eed + nonce_len + static_cast<int>(alg));
  for (int round = 0; round < rounds; ++round) {
    const bytes key_bytes = rng.bytes(vg::key_length(alg));
    std::vector<bytes> nonces, aads, pts;
    std::vector<sealed> want;
    for (int t = 0; t < kThreads; ++t) {
      nonces.push_back(rng.bytes(nonce_len));
      aads.push_back(rng.bytes(13 + 40 * t));
      pts.push_back(rng.bytes(300 + 1000 * t));  // all beyond what the first powers cover
      const bytes s = alg == vg::algorithm::xaes_256_gcm
                          ? vg::spec::xaes_seal(key_bytes, nonces[t], aads[t], pts[t])
                          : vg::spec::gcm_seal(key_bytes, nonces[t], aads[t], pts[t]);
      want.push_back({bytes(s.begin(), s.end() - 16), bytes(s.end() - 16, s.end())});
    }
    vg::aead_key key;
    ASSERT_EQ(vg::aead_key::create(alg, key_bytes, key, backend), vg::status::ok);
    std::atomic<int> ready{0};
    std::vector<sealed> got(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        ready.fetch_add(1);
        while (ready.load() < kThreads) std::this_thread::yield();
        // XAES and other nonce lengths: no batch (single calls only) or stream paths needed.
        const int path = alg == vg::algorithm::xaes_256_gcm ? t % 2 : t;
        got[t] = call(path, key, nonces[t], aads[t], pts[t], want[t]);
      });
    }
    for (auto& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) {
      const bool opened = (alg == vg::algorithm::xaes_256_gcm ? t % 2 : t % 4) == 1;
      EXPECT_EQ(got[t].ct, opened ? pts[t] : want[t].ct)
          << backend << " round " << round << " thread " << t;
      EXPECT_EQ(got[t].tag, want[t].tag) << backend << " round " << round << " thread " << t;
    }
    if (testing::Test::HasFailure()) return;
  }
}

TEST(ThreadsFirstPowers, ConcurrentFirstUseOfANewGcmKey) {
  for (const std::string& b : vg::test::runnable_backends()) {
    race_first_use(b, vg::algorithm::aes_128_gcm, 12, 40);
    race_first_use(b, vg::algorithm::aes_256_gcm, 12, 10);
  }
}

TEST(ThreadsFirstPowers, ConcurrentFirstUseWithLongNonces) {
  for (const std::string& b : vg::test::runnable_backends())
    race_first_use(b, vg::algorithm::aes_128_gcm, 200, 10);  // J0 = GHASH over 13 blocks
}

TEST(ThreadsFirstPowers, ConcurrentXaesDerivedKeys) {
  for (const std::string& b : vg::test::runnable_backends())
    race_first_use(b, vg::algorithm::xaes_256_gcm, 24, 8);
}

}  // namespace
