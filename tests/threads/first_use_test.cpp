// The library detects CPU features and chooses the default backend once, on first use, behind
// function-local statics. Eight threads make their first library call at the same moment; each
// must see the same backend and features, and TSan must see no race. CTest runs every test in its
// own process (gtest_discover_tests), so this really is the process's first use.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "vg/aead.hpp"
#include "vg/cpu.hpp"

namespace {

TEST(ThreadsFirstUse, DetectionAndDefaultBackendRaceFree) {
  constexpr int kThreads = 8;
  std::atomic<bool> go{false};
  std::vector<std::string> chosen(kThreads);
  std::vector<vg::cpu_feature_set> allowed(kThreads);
  std::vector<vg::status> created(kThreads, vg::status::argument);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load()) std::this_thread::yield();
      const std::uint8_t key_bytes[16] = {static_cast<std::uint8_t>(t)};
      vg::aead_key key;  // create() with no backend name takes the default: first use here
      created[t] = vg::aead_key::create(vg::algorithm::aes_128_gcm, key_bytes, key);
      chosen[t] = std::string(key.backend_name());
      allowed[t] = vg::allowed_features();
    });
  }
  go = true;
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(created[t], vg::status::ok);
    EXPECT_EQ(chosen[t], std::string(vg::default_backend()));
    EXPECT_EQ(allowed[t], vg::allowed_features());
  }
}

}  // namespace
