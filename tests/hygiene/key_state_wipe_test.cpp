// A destroyed key leaves nothing in its own object: created in zeroed memory, used and destroyed,
// its bytes equal those of a key object that was never created (every backend and algorithm).
//
// The backends wipe only what their setup and kernels wrote (gcm_ops::wipe, siv_ops::wipe): the
// eager powers of H and the round keys of a key whose other powers were never computed, the whole
// state once they were. Each case runs both: a 16 B message (the eager powers only) and a 16 KiB
// one (all powers), the latter on a fresh key too so that its first call completes them.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "common/backends.hpp"
#include "vg/aead.hpp"

namespace {

// Zero-filled storage for one key object.
struct alignas(vg::aead_key) key_storage {
  unsigned char bytes[sizeof(vg::aead_key)] = {};
};

// The bytes of a key object constructed in zeroed memory and destroyed without ever holding a
// key.
key_storage never_created() {
  key_storage s;
  auto* k = new (s.bytes) vg::aead_key();
  k->~aead_key();
  return s;
}

class KeyStateWipe
    : public testing::TestWithParam<std::tuple<std::string, vg::algorithm, std::size_t>> {};

TEST_P(KeyStateWipe, DestroyedKeyLeavesNothingInItsObject) {
  const auto& [backend, alg, len] = GetParam();
  std::vector<std::uint8_t> key_bytes(vg::key_length(alg));
  for (std::size_t i = 0; i < key_bytes.size(); ++i)
    key_bytes[i] = static_cast<std::uint8_t>(0xa5 ^ (11 * i));
  const std::vector<std::uint8_t> nonce(vg::nonce_length(alg), 0x42), aad(13, 0x17);
  std::vector<std::uint8_t> pt(len, 0x3c), ct(len), tag(16);

  key_storage used;
  auto* k = new (used.bytes) vg::aead_key();
  ASSERT_EQ(vg::aead_key::create(alg, key_bytes, *k, backend), vg::status::ok);
  ASSERT_EQ(k->seal(nonce, aad, pt, ct, tag), vg::status::ok);
  ASSERT_EQ(k->open(nonce, aad, ct, pt, tag), vg::status::ok);
  k->~aead_key();
  // The object's other fields back to their defaults (the algorithm stays after destruction).
  // Default-initialized, not value-initialized: `aead_key()` would zero the whole object first.
  new (used.bytes) vg::aead_key;

  const key_storage fresh = never_created();
  std::vector<std::size_t> left;
  for (std::size_t i = 0; i < sizeof used.bytes; ++i) {
    if (used.bytes[i] != fresh.bytes[i]) left.push_back(i);
  }
  std::ostringstream where;
  for (std::size_t i = 0; i < left.size() && i < 16; ++i) where << ' ' << left[i];
  EXPECT_TRUE(left.empty()) << backend << ": " << left.size() << " bytes left, at offsets"
                            << where.str() << (left.size() > 16 ? " ..." : "");
}

std::vector<std::tuple<std::string, vg::algorithm, std::size_t>> cases() {
  std::vector<std::tuple<std::string, vg::algorithm, std::size_t>> c;
  const vg::algorithm algs[] = {vg::algorithm::aes_128_gcm,     vg::algorithm::aes_192_gcm,
                                vg::algorithm::aes_256_gcm,     vg::algorithm::aes_128_gcm_siv,
                                vg::algorithm::aes_256_gcm_siv, vg::algorithm::xaes_256_gcm};
  for (const std::string& b : vg::test::runnable_backends())
    for (vg::algorithm a : algs)
      for (std::size_t len : {std::size_t{16}, std::size_t{16384}}) c.emplace_back(b, a, len);
  return c;
}

INSTANTIATE_TEST_SUITE_P(Backends, KeyStateWipe, testing::ValuesIn(cases()), [](const auto& info) {
  return vg::test::gtest_safe_name(std::get<0>(info.param)) + "_" +
         std::to_string(static_cast<int>(std::get<1>(info.param))) + "_" +
         std::to_string(std::get<2>(info.param));
});

}  // namespace
