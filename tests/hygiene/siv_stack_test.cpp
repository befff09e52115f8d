// AES-GCM-SIV must not leave its per-message keys in dead stack memory.
//
// RFC 8452 §4 derives, for every nonce, an authentication key H and an encryption key from the
// key-generating key. Neither is kept in the key object, so once seal/open return they must be
// gone: not in registers the caller could spill, and not in the kernel's own stack frames (spill
// slots included), which now lie below the caller's stack pointer. The test paints a region below
// the current frame with a pattern, runs one seal or open (16 B, 1 KiB, 16 KiB) on each runnable
// backend, then copies the region through volatile reads from a deeper noinline frame and looks
// for any round key of the derived encryption key, for H and its first POLYVAL powers, and for the
// key-generating key's round keys (whose copies would outlive the key object's wipe); all computed
// here from vg::spec and FIPS 197's key expansion, never from the code under test.
//
// Scanning below the stack pointer is meaningless under ASan/TSan/MSan (fake stacks, shadow
// frames) and valgrind (it may treat the region as undefined): the test skips itself there.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "common/memcheck.hpp"
#include "hygiene/stack_probe.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"

namespace {

using block = vg::spec::block;
using vg::test::kRegion;

// FIPS 197 §5.2 KeyExpansion for a 16- or 32-byte key: Nr + 1 round keys of 16 bytes.
std::vector<block> expand_key(const std::vector<std::uint8_t>& key) {
  const std::size_t nk = key.size() / 4;
  const std::size_t rounds = nk + 6;
  std::vector<std::array<std::uint8_t, 4>> w(4 * (rounds + 1));
  for (std::size_t i = 0; i < nk; ++i)
    for (int j = 0; j < 4; ++j) w[i][j] = key[4 * i + j];
  std::uint8_t rcon = 1;
  for (std::size_t i = nk; i < w.size(); ++i) {
    std::array<std::uint8_t, 4> t = w[i - 1];
    if (i % nk == 0) {
      t = {vg::spec::aes_sbox(t[1]), vg::spec::aes_sbox(t[2]), vg::spec::aes_sbox(t[3]),
           vg::spec::aes_sbox(t[0])};
      t[0] ^= rcon;
      rcon = static_cast<std::uint8_t>((rcon << 1) ^ ((rcon & 0x80) ? 0x1b : 0));
    } else if (nk > 6 && i % nk == 4) {
      for (auto& b : t) b = vg::spec::aes_sbox(b);
    }
    for (int j = 0; j < 4; ++j) w[i][j] = w[i - nk][j] ^ t[j];
  }
  std::vector<block> rk(rounds + 1);
  for (std::size_t r = 0; r <= rounds; ++r)
    for (int j = 0; j < 16; ++j) rk[r][j] = w[4 * r + j / 4][j % 4];
  return rk;
}

struct secret {
  std::string name;
  block value;
};

// RFC 8452 §4: block i = AES(K, LE32(i) || nonce); the keys are the first halves of the blocks.
std::vector<secret> derived_secrets(const std::vector<std::uint8_t>& key, const block& nonce_in) {
  auto half = [&](std::uint32_t i) {
    block in{};
    for (int j = 0; j < 4; ++j) in[j] = static_cast<std::uint8_t>(i >> (8 * j));
    std::memcpy(in.data() + 4, nonce_in.data(), 12);
    return vg::spec::aes_encrypt(key, in);
  };
  std::vector<std::uint8_t> enc;
  block h{};
  for (std::uint32_t i = 0; i < 2 + key.size() / 8; ++i) {
    const block b = half(i);
    if (i < 2)
      std::memcpy(h.data() + 8 * i, b.data(), 8);
    else
      enc.insert(enc.end(), b.begin(), b.begin() + 8);
  }
  std::vector<secret> s;
  const std::vector<block> rk = expand_key(enc);
  for (std::size_t r = 0; r < rk.size(); ++r) s.push_back({"enc rk" + std::to_string(r), rk[r]});
  // The key-generating key's round keys live in the key object until it is destroyed; copies on
  // the dead stack would outlive that.
  const std::vector<block> kgk = expand_key(key);
  for (std::size_t r = 0; r < kgk.size(); ++r)
    s.push_back({"key-generating rk" + std::to_string(r), kgk[r]});
  // Powers in POLYVAL's dot terms (H^1 = H, H^k = dot(H^(k-1), H)): what a kernel's table holds.
  block p = h;
  s.push_back({"auth H", h});
  for (int k = 2; k <= 8; ++k) {
    p = vg::spec::polyval_dot(p, h);
    s.push_back({"auth H^" + std::to_string(k), p});
  }
  return s;
}

// Backends known to leave spilled copies behind (docs/VERIFICATION.md, "Key hygiene"): GCC spills
// derived round keys and H powers in the x86 kernels' frames, and the stack scrub that cleared
// them cost +30..60 ns at 32..1024 B, so it has not landed yet. Their leaks are reported as a
// skip with the list of what leaked, not hidden; one that comes out clean fails, so the list
// cannot go stale.
bool known_to_leak(const std::string& backend) {
  return backend == "aesni-avx" || backend == "vaes-avx2" || backend == "vaes-avx512";
}

class SivStack : public testing::TestWithParam<std::tuple<std::string, vg::algorithm>> {};

// One seal or open of `len` bytes, noinline so its frames sit where paint_stack painted.
[[gnu::noinline]] bool run_once(const vg::aead_key& key, bool seal, const block& nonce,
                                const std::vector<std::uint8_t>& aad, std::vector<std::uint8_t>& a,
                                std::vector<std::uint8_t>& b, block& tag) {
  const vg::bytes_view n(nonce.data(), 12);
  if (seal) return key.seal(n, aad, a, b, tag) == vg::status::ok;
  return key.open(n, aad, b, a, tag) == vg::status::ok;
}

TEST_P(SivStack, DerivedKeysDoNotOutliveTheCall) {
  if (!vg::test::stack_scan_meaningful())
    GTEST_SKIP() << "scanning below the stack pointer is meaningless under sanitizers/valgrind";
  const auto& [backend, alg] = GetParam();
  std::vector<std::uint8_t> key_bytes(vg::key_length(alg));
  for (std::size_t i = 0; i < key_bytes.size(); ++i)
    key_bytes[i] = static_cast<std::uint8_t>(0x3c + 7 * i);
  block nonce{};
  for (int i = 0; i < 12; ++i) nonce[i] = static_cast<std::uint8_t>(0xd1 ^ (i * 29));
  vg::aead_key key;
  ASSERT_EQ(vg::aead_key::create(alg, key_bytes, key, backend), vg::status::ok);
  const std::vector<secret> secrets = derived_secrets(key_bytes, nonce);

  std::vector<unsigned char> region(kRegion);
  const std::vector<std::uint8_t> aad(13, 0x5a);
  std::string leaks;
  for (std::size_t len : {std::size_t{16}, std::size_t{1024}, std::size_t{16384}}) {
    std::vector<std::uint8_t> pt(len), ct(len);
    for (std::size_t i = 0; i < len; ++i) pt[i] = static_cast<std::uint8_t>(i * 131 + 7);
    block tag{};
    for (bool seal : {true, false}) {
      vg::test::paint_stack();
      const bool ok = run_once(key, seal, nonce, aad, pt, ct, tag);
      vg::test::snapshot_stack(region.data());
      ASSERT_TRUE(ok) << (seal ? "seal" : "open") << " failed at " << len << " bytes";
      for (const secret& s : secrets) {
        const void* hit = memmem(region.data(), region.size(), s.value.data(), 16);
        if (!hit) continue;
        const std::size_t depth =
            region.size() -
            static_cast<std::size_t>(static_cast<const unsigned char*>(hit) - region.data());
        leaks += std::string(seal ? "seal " : "open ") + std::to_string(len) + " B: " + s.name +
                 " at " + std::to_string(depth) + " B below\n";
      }
    }
  }
  if (known_to_leak(backend)) {
    if (leaks.empty()) FAIL() << backend << " no longer leaks: take it off known_to_leak";
    GTEST_SKIP() << "known leak, " << backend << ":\n" << leaks;
  }
  EXPECT_TRUE(leaks.empty()) << backend << " leaves derived key material on the stack:\n" << leaks;
}

std::vector<std::tuple<std::string, vg::algorithm>> cases() {
  std::vector<std::tuple<std::string, vg::algorithm>> c;
  for (const std::string& b : vg::test::runnable_backends())
    for (vg::algorithm a : {vg::algorithm::aes_128_gcm_siv, vg::algorithm::aes_256_gcm_siv})
      c.emplace_back(b, a);
  return c;
}

INSTANTIATE_TEST_SUITE_P(Backends, SivStack, testing::ValuesIn(cases()), [](const auto& info) {
  return vg::test::gtest_safe_name(std::get<0>(info.param)) +
         (std::get<1>(info.param) == vg::algorithm::aes_128_gcm_siv ? "_128" : "_256");
});

}  // namespace
