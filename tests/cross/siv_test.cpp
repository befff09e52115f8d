// AES-GCM-SIV through the public API on every runnable backend (portable included) against
// vg::spec::gcm_siv_seal (RFC 8452): every message length 0..1100 (its AAD length sweeping 0..300
// along the way), every AAD length 0..300 (with a varying message length), and lengths around the
// 8- and 16-block batch boundaries with AAD long enough for batches of its own; in place and out of
// place at odd offsets. Each sealed message is opened back, and a copy with one tag bit flipped
// must be rejected with status::auth and its output zeroed.
//
// One parameter per key size; each message is checked on every runnable backend in turn
// (cross/every_backend.hpp). Under valgrind the key and plaintext are secret (see spec_check.cpp)
// and the sweeps step by 13; valgrind runs only aesni-avx and portable (CPUID hides VAES/AVX-512
// there).
#include "common/memcheck.hpp"
#include "cross/every_backend.hpp"
#include "spec/spec.hpp"

namespace vg::test {
namespace {

class CrossSivTest : public EveryBackendTest {
 protected:
  // Checks `m` in layout `l` on every backend against one spec result, then a copy whose tag has
  // bit `bit` flipped.
  void check_everywhere(const message& m, const layout& l, std::size_t bit) {
    const bytes sealed = spec::gcm_siv_seal(key_bytes_, m.iv, m.aad, m.pt);
    EveryBackendTest::check_everywhere(sealed, m, l);
    const auto tag_start = sealed.begin() + static_cast<std::ptrdiff_t>(m.pt.size());
    const bytes ct(sealed.begin(), tag_start);
    bytes forged(tag_start, sealed.end());
    forged[(bit / 8) % 16] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    for (const backend_key& k : keys_)
      check(k.backend, check_rejected(k.key, m.iv, m.aad, ct, forged, l.in_place));
  }
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
