// One key shared by 8 threads at once: every thread's seals and opens must equal the results
// computed on one thread beforehand (keys are immutable after create(); per-call state is on the
// stack). Run under TSan this also reports any data race on the key.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <thread>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "vg/aead.hpp"

namespace vg::test {
namespace {

struct job {
  std::vector<std::uint8_t> nonce, aad, msg, ct;
  std::array<std::uint8_t, 16> tag{};
};

class Threads : public ::testing::TestWithParam<std::string> {};

TEST_P(Threads, OneKeyEightThreads) {
  prng rng(6);
  vg::aead_key key;
  ASSERT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, rng.bytes(16), key, GetParam()),
            vg::status::ok);
  std::vector<job> jobs(64);
  for (auto& j : jobs) {
    j.nonce = rng.bytes(rng.next() % 4 == 0 ? 20 : 12);
    j.aad = rng.bytes(rng.next() % 50);
    j.msg = rng.bytes(rng.next() % 5000);
    j.ct.resize(j.msg.size());
    ASSERT_EQ(key.seal(j.nonce, j.aad, j.msg, j.ct, j.tag), vg::status::ok);
  }

  constexpr int kThreads = 8, kRounds = 20;
  std::atomic<int> mismatches{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load()) std::this_thread::yield();  // start together to maximise overlap
      std::vector<std::uint8_t> out;
      std::array<std::uint8_t, 16> tag{};
      for (int round = 0; round < kRounds; ++round) {
        for (std::size_t i = 0; i < jobs.size(); ++i) {
          const job& j = jobs[(i + static_cast<std::size_t>(t) * 8) % jobs.size()];
          out.assign(j.msg.size(), 0);
          if (key.seal(j.nonce, j.aad, j.msg, out, tag) != vg::status::ok || out != j.ct ||
              tag != j.tag)
            ++mismatches;
          if (key.open(j.nonce, j.aad, j.ct, out, j.tag) != vg::status::ok || out != j.msg)
            ++mismatches;
        }
      }
    });
  }
  go = true;
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0);
}

INSTANTIATE_TEST_SUITE_P(Api, Threads, ::testing::ValuesIn(runnable_backends()),
                         [](const auto& info) { return gtest_safe_name(info.param); });

}  // namespace
}  // namespace vg::test
