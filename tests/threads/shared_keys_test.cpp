// Keys are immutable after create() and may be used by any number of threads at once. One GCM key
// and one GCM-SIV key per runnable backend (when it has GCM-SIV), and one C API object, are shared
// by eight threads, each sealing and opening its own messages; every result must equal the one
// computed on a single thread first. Under TSan any write to shared key state is a reported race.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <functional>
#include <thread>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

namespace {

struct message {
  std::vector<std::uint8_t> nonce, aad, pt, ct;
  std::array<std::uint8_t, 16> tag{};
};

using seal_fn =
    std::function<bool(const message&, std::vector<std::uint8_t>&, std::array<std::uint8_t, 16>&)>;
using open_fn = std::function<bool(const message&, std::vector<std::uint8_t>&)>;

std::vector<message> make_messages(std::uint64_t seed) {
  vg::test::prng rng(seed);
  std::vector<message> m(24);
  for (message& x : m) {
    x.nonce = rng.bytes(12);
    x.aad = rng.bytes(rng.next() % 40);
    x.pt = rng.bytes(rng.next() % 3000);
  }
  return m;
}

// Fills ct/tag on one thread, then replays everything on eight threads at once.
int race(std::vector<message>& msgs, const seal_fn& seal, const open_fn& open) {
  for (message& x : msgs) {
    x.ct.resize(x.pt.size());
    if (!seal(x, x.ct, x.tag)) return -1;
  }
  std::atomic<int> mismatches{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load()) std::this_thread::yield();
      std::vector<std::uint8_t> out;
      std::array<std::uint8_t, 16> tag{};
      for (int round = 0; round < 5; ++round) {
        for (std::size_t i = 0; i < msgs.size(); ++i) {
          const message& x = msgs[(i + static_cast<std::size_t>(t) * 3) % msgs.size()];
          out.assign(x.pt.size(), 0);
          if (!seal(x, out, tag) || out != x.ct || tag != x.tag) ++mismatches;
          if (!open(x, out) || out != x.pt) ++mismatches;
        }
      }
    });
  }
  go = true;
  for (auto& th : threads) th.join();
  return mismatches.load();
}

class SharedKeys : public testing::TestWithParam<std::string> {};

// race() with seal/open of one shared C++ key object.
int race_key(const vg::aead_key& key, std::vector<message>& msgs) {
  return race(
      msgs,
      [&](const message& x, std::vector<std::uint8_t>& out, std::array<std::uint8_t, 16>& tag) {
        return key.seal(x.nonce, x.aad, x.pt, out, tag) == vg::status::ok;
      },
      [&](const message& x, std::vector<std::uint8_t>& out) {
        return key.open(x.nonce, x.aad, x.ct, out, x.tag) == vg::status::ok;
      });
}

TEST_P(SharedKeys, GcmKeyEightThreads) {
  vg::aead_key key;
  const std::vector<std::uint8_t> key_bytes = vg::test::prng(10).bytes(16);
  ASSERT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, key_bytes, key, GetParam()),
            vg::status::ok);
  auto msgs = make_messages(15);
  for (std::size_t i = 0; i < msgs.size(); i += 4) msgs[i].nonce.resize(20);  // GHASH-derived J0
  EXPECT_EQ(race_key(key, msgs), 0);
}

TEST_P(SharedKeys, GcmSivKeyEightThreads) {
  vg::aead_key key;
  const std::vector<std::uint8_t> key_bytes = vg::test::prng(11).bytes(32);
  const vg::status st =
      vg::aead_key::create(vg::algorithm::aes_256_gcm_siv, key_bytes, key, GetParam());
  if (st == vg::status::unsupported) GTEST_SKIP() << "no GCM-SIV in " << GetParam();
  ASSERT_EQ(st, vg::status::ok);
  auto msgs = make_messages(12);
  EXPECT_EQ(race_key(key, msgs), 0);
}

// The C API has no backend argument: this runs on the default backend (VG_CPU_FEATURES selects it).
TEST(SharedCApiObject, EightThreads) {
  vg_aead* aead = nullptr;
  const std::vector<std::uint8_t> key_bytes = vg::test::prng(13).bytes(24);
  ASSERT_EQ(vg_aead_new(&aead, VG_AES_192_GCM, key_bytes.data(), key_bytes.size()), VG_OK);
  auto msgs = make_messages(14);
  const int mismatches = race(
      msgs,
      [&](const message& x, std::vector<std::uint8_t>& out, std::array<std::uint8_t, 16>& tag) {
        return vg_aead_seal(aead, x.nonce.data(), x.nonce.size(), x.aad.data(), x.aad.size(),
                            x.pt.data(), x.pt.size(), out.data(), tag.data(), 16) == VG_OK;
      },
      [&](const message& x, std::vector<std::uint8_t>& out) {
        return vg_aead_open(aead, x.nonce.data(), x.nonce.size(), x.aad.data(), x.aad.size(),
                            x.ct.data(), x.ct.size(), out.data(), x.tag.data(), 16) == VG_OK;
      });
  vg_aead_free(aead);
  EXPECT_EQ(mismatches, 0);
}

INSTANTIATE_TEST_SUITE_P(Runnable, SharedKeys, testing::ValuesIn(vg::test::runnable_backends()),
                         [](const auto& info) { return vg::test::gtest_safe_name(info.param); });

}  // namespace
