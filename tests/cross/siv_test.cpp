// AES-GCM-SIV through the public API on every runnable backend (portable included) against
// vg::spec::gcm_siv_seal (RFC 8452): every message length 0..1100 (its AAD length sweeping 0..300
// along the way), every AAD length 0..300 (with a varying message length), and lengths around the
// 8- and 16-block batch boundaries with AAD long enough for batches of its own; in place and out of
// place at odd offsets. Each sealed message is opened back, and a copy with one tag bit flipped
// must be rejected with status::auth and its output zeroed.
//
// One parameter per key size; each message is checked on every runnable backend in turn, so the
// spec (by far the slowest part) runs once per message rather than once per backend. Failures name
// the backend. Under valgrind the key and plaintext are secret (see spec_check.cpp) and the sweeps
// step by 13; valgrind runs only aesni-avx and portable (CPUID hides VAES/AVX-512 there).
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "common/failure_log.hpp"
#include "common/memcheck.hpp"
#include "common/prng.hpp"
#include "cross/spec_check.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"

namespace vg::test {
namespace {

struct backend_key {
  std::string backend;
  vg::aead_key key;
};

class CrossSivTest : public ::testing::TestWithParam<vg::algorithm> {
 protected:
  void SetUp() override {
    const vg::algorithm alg = GetParam();
    key_bytes_ = prng(0x6b6579 + static_cast<std::uint64_t>(alg)).bytes(vg::key_length(alg));
    for (const std::string& name : runnable_backends()) {
      backend_key& k = keys_.emplace_back(backend_key{name, {}});
      poison(key_bytes_.data(), key_bytes_.size());  // the expanded state stays secret
      const vg::status st = vg::aead_key::create(alg, key_bytes_, k.key, name);
      unpoison(key_bytes_.data(), key_bytes_.size());
      ASSERT_EQ(st, vg::status::ok)
          << "backend " << name << " is listed runnable but refused a key";
    }
  }
  void TearDown() override { log_.summarize(checks_); }

  prng data_rng(std::uint64_t salt) const {
    return prng(salt * 1000003 + static_cast<std::uint64_t>(GetParam()));
  }
  bool too_many_failures() const { return log_.count() > failure_log::kShown; }

  // Checks `m` in layout `l` on every backend against one spec result, then a copy whose tag has
  // bit `bit` flipped.
  void check_everywhere(const message& m, const layout& l, std::size_t bit) {
    const bytes sealed = spec::gcm_siv_seal(key_bytes_, m.iv, m.aad, m.pt);
    const auto tag_start = sealed.begin() + static_cast<std::ptrdiff_t>(m.pt.size());
    const bytes ct(sealed.begin(), tag_start);
    bytes forged(tag_start, sealed.end());
    forged[(bit / 8) % 16] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    for (const backend_key& k : keys_) {
      check(k.backend, check_against_expected(k.key, sealed, m, l));
      check(k.backend, check_rejected(k.key, m.iv, m.aad, ct, forged, l.in_place));
    }
  }

 private:
  void check(const std::string& backend, const std::string& error) {
    ++checks_;
    if (!error.empty()) log_.add(backend, error);
  }

  bytes key_bytes_;
  std::vector<backend_key> keys_;
  failure_log log_;
  int checks_ = 0;
};

TEST_P(CrossSivTest, EveryMessageLength0To1100) {
  auto rng = data_rng(13);
  for (std::size_t n = 0; n <= 1100 && !too_many_failures(); n += length_step()) {
    const bytes nonce = rng.bytes(12), aad = rng.bytes((n * 37) % 301);
    const std::size_t off = n % 5;
    check_everywhere(message{nonce, aad, rng.bytes(n), 16},
                     layout{.in_place = n % 3 == 0, .in_off = off, .out_off = off},
                     8 * ((n + aad.size()) % 16) + n % 8);
  }
}

TEST_P(CrossSivTest, EveryAadLength0To300) {
  auto rng = data_rng(14);
  for (std::size_t a = 0; a <= 300 && !too_many_failures(); a += length_step()) {
    const bytes nonce = rng.bytes(12), aad = rng.bytes(a);
    const std::size_t off = a % 7;
    check_everywhere(message{nonce, aad, rng.bytes((a * 53) % 530), 16},
                     layout{.in_place = a % 2 == 1, .in_off = off, .out_off = off}, a);
  }
}

TEST_P(CrossSivTest, BatchBoundaries) {
  auto rng = data_rng(15);
  for (std::size_t base : {128u, 256u, 512u, 2048u}) {
    for (std::size_t n : {base - 17, base - 16, base - 1, base, base + 1, base + 16, base + 17}) {
      for (std::size_t a : {0u, 15u, 112u, 255u, 256u, 257u, 1000u}) {
        const bytes nonce = rng.bytes(12), aad = rng.bytes(a);
        check_everywhere(message{nonce, aad, rng.bytes(n), 16}, layout{.in_off = 1, .out_off = 1},
                         n + a);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(CrossSiv, CrossSivTest,
                         ::testing::Values(vg::algorithm::aes_128_gcm_siv,
                                           vg::algorithm::aes_256_gcm_siv),
                         [](const auto& info) {
                           return "aes" + std::to_string(8 * vg::key_length(info.param));
                         });

}  // namespace
}  // namespace vg::test
