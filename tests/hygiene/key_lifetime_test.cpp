// Nothing secret may outlive a key's destruction in the destroying thread's dead stack.
//
// The x86 kernels spill round keys, powers of H, E(J0) and GCM-SIV's derived keys to their frames
// (siv_stack_test.cpp lists what one call leaves). Destroying the key zeroes the stack below the
// caller that the kernels used, however deep the calls ran (vg::detail::ct::wipe_stack). The test
// paints a region below its frame, then, in one noinline call, creates a key on each runnable
// backend, seals and opens 16 B, 1 KiB and 16 KiB messages from a frame 0, 4, 8 or 16 KiB below
// the one that creates and destroys the key (C++ destructor, or vg_aead_free through the C API);
// afterwards it searches the region for the master key's round keys, H and its powers, each
// message's E(J0) (GCM) and the derived keys (GCM-SIV), all computed from vg::spec. That every
// call stays within the depth its entry point records is stack_reach_test.cpp's.
//
// Skipped under sanitizers and valgrind, where scanning below the stack pointer is meaningless.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "common/backends.hpp"
#include "hygiene/secrets.hpp"
#include "hygiene/stack_probe.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

namespace {

using block = vg::spec::block;
using vg::test::kRegion;

constexpr std::size_t kLengths[] = {16, 1024, 16384};
// Locals between the frame that owns the key and the one that seals and opens with it.
constexpr std::size_t kCallDepths[] = {0, 4096, 8192, 16384};

bool is_siv(vg::algorithm alg) {
  return alg == vg::algorithm::aes_128_gcm_siv || alg == vg::algorithm::aes_256_gcm_siv;
}

block nonce_for(std::size_t message) {
  block n{};
  for (int i = 0; i < 12; ++i) n[i] = static_cast<std::uint8_t>(0x61 + 17 * i + 5 * message);
  if (message > 0 && n == nonce_for(0)) n[0] ^= 1;
  return n;
}

struct session_result {
  bool ok = true;
  std::size_t deepest = 0;  // deepest byte below the caller written by any seal/open
};

// One message each way per length. GCM-SIV uses one nonce (its derived keys are per nonce); GCM a
// new nonce per message (nonce reuse would be a misuse).
template <class Seal, class Open>
void run_messages(vg::algorithm alg, Seal&& seal, Open&& open, session_result& r) {
  std::size_t message = 0;
  for (std::size_t len : kLengths) {
    std::vector<std::uint8_t> pt(len), ct(len), back(len), aad(13, 0x5a);
    for (std::size_t i = 0; i < len; ++i) pt[i] = static_cast<std::uint8_t>(i * 131 + 7);
    const block nonce = nonce_for(is_siv(alg) ? 0 : message++);
    block tag{};
    r.ok &= seal(nonce, aad, pt, ct, tag);
    r.ok &= open(nonce, aad, ct, back, tag);
    r.ok &= back == pt;
  }
}

// Runs f() in a frame `depth` bytes below the caller's (a caller with that many bytes of locals).
template <class F>
[[gnu::noinline]] void at_depth(std::size_t depth, F&& f) {
  auto* locals = static_cast<volatile unsigned char*>(__builtin_alloca(depth + 1));
  locals[0] = 0;
  locals[depth] = 0;
  f();
  __asm__ __volatile__("" : : "r"(locals) : "memory");
}

// The whole life of a key, in frames below the caller's, ending with its destruction; the
// messages run `depth` bytes below the frame that owns the key.
[[gnu::noinline]] session_result cpp_session(const std::string& backend, vg::algorithm alg,
                                             const std::vector<std::uint8_t>& key_bytes,
                                             std::size_t depth) {
  session_result r;
  vg::aead_key key;
  if (vg::aead_key::create(alg, key_bytes, key, backend) != vg::status::ok) return {false, 0};
  at_depth(depth, [&] {
    run_messages(
        alg,
        [&](const block& n, const auto& aad, const auto& in, auto& out, block& tag) {
          return key.seal(vg::bytes_view(n.data(), 12), aad, in, out, tag) == vg::status::ok;
        },
        [&](const block& n, const auto& aad, const auto& in, auto& out, const block& tag) {
          return key.open(vg::bytes_view(n.data(), 12), aad, in, out, tag) == vg::status::ok;
        },
        r);
  });
  return r;
}  // ~aead_key

vg_alg c_alg(vg::algorithm alg) {
  switch (alg) {
    case vg::algorithm::aes_128_gcm:
      return VG_AES_128_GCM;
    case vg::algorithm::aes_256_gcm:
      return VG_AES_256_GCM;
    case vg::algorithm::aes_128_gcm_siv:
      return VG_AES_128_GCM_SIV;
    default:
      return VG_AES_256_GCM_SIV;
  }
}

// The same through the C API (default backend): vg_aead_free ends the key.
[[gnu::noinline]] session_result c_session(vg::algorithm alg,
                                           const std::vector<std::uint8_t>& key_bytes,
                                           std::size_t depth) {
  session_result r;
  vg_aead* key = nullptr;
  if (vg_aead_new(&key, c_alg(alg), key_bytes.data(), key_bytes.size()) != VG_OK) return {false, 0};
  at_depth(depth, [&] {
    run_messages(
        alg,
        [&](const block& n, const auto& aad, const auto& in, auto& out, block& tag) {
          return vg_aead_seal(key, n.data(), 12, aad.data(), aad.size(), in.data(), in.size(),
                              out.data(), tag.data(), 16) == VG_OK;
        },
        [&](const block& n, const auto& aad, const auto& in, auto& out, const block& tag) {
          return vg_aead_open(key, n.data(), 12, aad.data(), aad.size(), in.data(), in.size(),
                              out.data(), tag.data(), 16) == VG_OK;
        },
        r);
  });
  vg_aead_free(key);
  return r;
}

std::vector<vg::test::secret> secrets_of(vg::algorithm alg,
                                         const std::vector<std::uint8_t>& key_bytes) {
  if (is_siv(alg)) return vg::test::siv_secrets(key_bytes, nonce_for(0));
  std::vector<block> nonces;
  for (std::size_t m = 0; m < std::size(kLengths); ++m) nonces.push_back(nonce_for(m));
  return vg::test::gcm_secrets(key_bytes, nonces);
}

std::vector<std::uint8_t> key_for(vg::algorithm alg) {
  std::vector<std::uint8_t> k(vg::key_length(alg));
  for (std::size_t i = 0; i < k.size(); ++i) k[i] = static_cast<std::uint8_t>(0x3c + 7 * i);
  return k;
}

class KeyLifetime : public testing::TestWithParam<std::tuple<std::string, vg::algorithm>> {};

TEST_P(KeyLifetime, NothingOutlivesTheKey) {
  if (!vg::test::stack_scan_meaningful())
    GTEST_SKIP() << "scanning below the stack pointer is meaningless under sanitizers/valgrind";
  const auto& [backend, alg] = GetParam();
  const std::vector<std::uint8_t> key_bytes = key_for(alg);
  std::vector<unsigned char> region(kRegion);
  for (std::size_t depth : kCallDepths) {
    vg::test::paint_stack();
    const session_result r = backend.empty() ? c_session(alg, key_bytes, depth)
                                             : cpp_session(backend, alg, key_bytes, depth);
    vg::test::snapshot_stack(region.data());
    ASSERT_TRUE(r.ok) << "a seal or open failed";
    const std::string leaks =
        vg::test::find_secrets(secrets_of(alg, key_bytes), region.data(), region.size());
    EXPECT_TRUE(leaks.empty()) << "left on the stack after the key was destroyed, calls made "
                               << depth << " B below the key's owner:\n"
                               << leaks;
  }
}

std::vector<std::tuple<std::string, vg::algorithm>> cases() {
  std::vector<std::tuple<std::string, vg::algorithm>> c;
  const vg::algorithm algs[] = {vg::algorithm::aes_128_gcm, vg::algorithm::aes_256_gcm,
                                vg::algorithm::aes_128_gcm_siv, vg::algorithm::aes_256_gcm_siv};
  for (const std::string& b : vg::test::runnable_backends())
    for (vg::algorithm a : algs) c.emplace_back(b, a);
  for (vg::algorithm a : algs) c.emplace_back("", a);  // "": the C API, default backend
  return c;
}

std::string alg_suffix(vg::algorithm a) {
  switch (a) {
    case vg::algorithm::aes_128_gcm:
      return "gcm128";
    case vg::algorithm::aes_256_gcm:
      return "gcm256";
    case vg::algorithm::aes_128_gcm_siv:
      return "siv128";
    default:
      return "siv256";
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, KeyLifetime, testing::ValuesIn(cases()), [](const auto& info) {
  const std::string& b = std::get<0>(info.param);
  return (b.empty() ? std::string("c_api") : vg::test::gtest_safe_name(b)) + "_" +
         alg_suffix(std::get<1>(info.param));
});

}  // namespace
