// Every call records how deep below its entry point it may write (vg::detail::ct::note_stack_depth
// with the backend's stack_bytes), and a key's destruction zeroes down to the lowest record: so no
// call may write below what it recorded. For each backend and algorithm, this paints the stack,
// runs one call (key creation; seal and open of 16 B, 1 KiB and 16 KiB, the first one on a fresh
// key so that it completes the powers of H; batches of short, medium and long jobs; an incremental
// message), and checks that the deepest byte written lies at or above the recorded address.
//
// Skipped under sanitizers and valgrind, where scanning below the stack pointer is meaningless.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "common/backends.hpp"
#include "common/ct.hpp"
#include "hygiene/stack_probe.hpp"
#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace {

using vg::test::kRegion;

bool is_gcm(vg::algorithm alg) {
  return alg == vg::algorithm::aes_128_gcm || alg == vg::algorithm::aes_192_gcm ||
         alg == vg::algorithm::aes_256_gcm;
}

std::vector<std::uint8_t> key_for(vg::algorithm alg) {
  std::vector<std::uint8_t> k(vg::key_length(alg));
  for (std::size_t i = 0; i < k.size(); ++i) k[i] = static_cast<std::uint8_t>(0x3c + 7 * i);
  return k;
}

// Runs `call` on a freshly painted stack with the record reset; returns how many bytes the
// deepest write lies below the recorded address (0 or less: within the record).
std::ptrdiff_t overshoot(const std::function<bool()>& call, bool& ok) {
  std::vector<unsigned char> region(kRegion);
  vg::detail::ct::deepest_entry = UINTPTR_MAX;
  vg::test::paint_stack();
  ok = call();
  const std::uintptr_t recorded = vg::detail::ct::deepest_entry;
  const std::uintptr_t top = vg::test::snapshot_stack(region.data());
  vg::detail::ct::deepest_entry = UINTPTR_MAX;
  const std::size_t depth = vg::test::deepest_write(region.data());
  if (depth == 0) return 0;
  const std::uintptr_t lowest = top - depth;
  return static_cast<std::ptrdiff_t>(recorded) - static_cast<std::ptrdiff_t>(lowest);
}

class StackReach : public testing::TestWithParam<std::tuple<std::string, vg::algorithm>> {};

TEST_P(StackReach, NoCallWritesBelowItsRecord) {
  if (!vg::test::stack_scan_meaningful())
    GTEST_SKIP() << "scanning below the stack pointer is meaningless under sanitizers/valgrind";
  // Copies, not a structured binding: lambdas below capture them (Clang 14 refuses bindings).
  const std::string backend = std::get<0>(GetParam());
  const vg::algorithm alg = std::get<1>(GetParam());
  const std::vector<std::uint8_t> key_bytes = key_for(alg);
  const std::size_t nonce_len = vg::nonce_length(alg);
  const std::vector<std::uint8_t> nonce(nonce_len, 0x24);
  struct step {
    std::string what;
    std::function<bool()> call;
  };
  std::vector<step> steps;
  vg::aead_key made;
  steps.push_back({"create", [&] {
                     return vg::aead_key::create(alg, key_bytes, made, backend) == vg::status::ok;
                   }});
  for (const auto& [len, aad_len] : {std::pair<std::size_t, std::size_t>{16, 13},
                                     {32, 32},
                                     {64, 13},
                                     {65, 13},
                                     {112, 13},
                                     {1024, 13},
                                     {16384, 13},
                                     {16, 32},
                                     {16, 1024}}) {
    const std::vector<std::uint8_t> aad(aad_len, 0x5a);
    // 0: seal first on a fresh key, then open; 1: open first on a fresh key (a wrong tag: the
    // call runs all the same); 2: both on a key whose powers were completed before.
    for (int order : {0, 1, 2}) {
      auto key = std::make_shared<vg::aead_key>();
      ASSERT_EQ(vg::aead_key::create(alg, key_bytes, *key, backend), vg::status::ok);
      if (order == 2) {
        std::vector<std::uint8_t> big(16384), tag(16);
        ASSERT_EQ(key->seal(nonce, aad, big, big, tag), vg::status::ok);
      }
      auto pt = std::make_shared<std::vector<std::uint8_t>>(len, 0x11);
      auto ct = std::make_shared<std::vector<std::uint8_t>>(len);
      auto tag = std::make_shared<std::vector<std::uint8_t>>(16);
      const std::string first = order < 2 ? " (first call on the key)" : "";
      const std::string shape = std::to_string(len) + " B, AAD " + std::to_string(aad_len) + " B";
      if (order == 1) {
        steps.push_back({"open " + shape + first, [=] {
                           return key->open(nonce, aad, *ct, *pt, *tag) == vg::status::auth;
                         }});
        continue;
      }
      steps.push_back({"seal " + shape + first,
                       [=] { return key->seal(nonce, aad, *pt, *ct, *tag) == vg::status::ok; }});
      steps.push_back({"open " + shape,
                       [=] { return key->open(nonce, aad, *ct, *pt, *tag) == vg::status::ok; }});
    }
  }
  if (is_gcm(alg)) {
    const std::vector<std::uint8_t> aad(13, 0x5a);
    // Batches of short jobs, of medium ones (the lane kernel: seal up to 2 KiB, open to 768 B)
    // and of long ones (single calls).
    for (std::size_t len : {16, 700, 1420, 16384}) {
      auto key = std::make_shared<vg::aead_key>();
      ASSERT_EQ(vg::aead_key::create(alg, key_bytes, *key, backend), vg::status::ok);
      auto buf = std::make_shared<std::vector<std::uint8_t>>(4 * len, 0x33);
      auto tags = std::make_shared<std::vector<std::uint8_t>>(4 * 16);
      steps.push_back(
          {"seal_batch of 4 x " + std::to_string(len) + " B", [=] {
             std::vector<vg::seal_job> jobs;
             for (std::size_t j = 0; j < 4; ++j) {
               const vg::bytes_span part(buf->data() + j * len, len);
               jobs.push_back({nonce, aad, part, part, vg::bytes_span(tags->data() + 16 * j, 16)});
             }
             return key->seal_batch(jobs) == vg::status::ok;
           }});
      steps.push_back({"open_batch of 4 x " + std::to_string(len) + " B", [=] {
                         std::vector<vg::open_job> jobs(4);
                         for (std::size_t j = 0; j < 4; ++j) {
                           const vg::bytes_span part(buf->data() + j * len, len);
                           jobs[j].nonce = nonce;
                           jobs[j].aad = aad;
                           jobs[j].in = part;
                           jobs[j].out = part;
                           jobs[j].tag = vg::bytes_view(tags->data() + 16 * j, 16);
                         }
                         // What the seal_batch step left or not: either answer runs the
                         // kernels to the end.
                         const vg::status st = key->open_batch(jobs);
                         return st == vg::status::ok || st == vg::status::auth;
                       }});
      steps.push_back({"gcm_stream of " + std::to_string(len) + " B", [=] {
                         vg::gcm_stream s;
                         std::vector<std::uint8_t> t(16);
                         return s.begin_seal(*key, nonce) == vg::status::ok &&
                                s.aad(aad) == vg::status::ok &&
                                s.update(vg::bytes_view(buf->data(), len),
                                         vg::bytes_span(buf->data(), len)) == vg::status::ok &&
                                s.finish_seal(t) == vg::status::ok;
                       }});
    }
  }
  for (const step& s : steps) {
    bool ok = false;
    const std::ptrdiff_t over = overshoot(s.call, ok);
    ASSERT_TRUE(ok) << s.what << " failed";
    EXPECT_LE(over, 0) << s.what << " writes " << over
                       << " B below the address its entry point recorded";
  }
}

std::vector<std::tuple<std::string, vg::algorithm>> cases() {
  std::vector<std::tuple<std::string, vg::algorithm>> c;
  const vg::algorithm algs[] = {vg::algorithm::aes_128_gcm,     vg::algorithm::aes_192_gcm,
                                vg::algorithm::aes_256_gcm,     vg::algorithm::aes_128_gcm_siv,
                                vg::algorithm::aes_256_gcm_siv, vg::algorithm::xaes_256_gcm};
  for (const std::string& b : vg::test::runnable_backends())
    for (vg::algorithm a : algs) c.emplace_back(b, a);
  return c;
}

std::string alg_suffix(vg::algorithm a) {
  switch (a) {
    case vg::algorithm::aes_128_gcm:
      return "gcm128";
    case vg::algorithm::aes_192_gcm:
      return "gcm192";
    case vg::algorithm::aes_256_gcm:
      return "gcm256";
    case vg::algorithm::aes_128_gcm_siv:
      return "siv128";
    case vg::algorithm::aes_256_gcm_siv:
      return "siv256";
    default:
      return "xaes256";
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, StackReach, testing::ValuesIn(cases()), [](const auto& info) {
  return vg::test::gtest_safe_name(std::get<0>(info.param)) + "_" +
         alg_suffix(std::get<1>(info.param));
});

}  // namespace
