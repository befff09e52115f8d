// The portable backend's siv_ops called directly against the RFC 8452 specification: seal and open
// for message lengths 0..300 (and a few long ones), several AAD lengths, both key sizes, in place
// and out of place; open must report the received tag as expected only for authentic input.
#include <gtest/gtest.h>

#include <vector>

#include "backends/portable/portable_backend.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"

namespace vg::detail::portable {
namespace {

class PortableSivKeySize : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PortableSivKeySize, SealAndOpenMatchSpec) {
  const siv_ops& ops = *backend_portable.siv;
  const std::size_t key_len = GetParam();
  test::prng rng(0x5171 + key_len);
  const auto key = rng.bytes(key_len);
  keyed_state state;
  ops.setup(state.bytes, key.data(), key.size());

  std::vector<std::size_t> lengths;
  for (std::size_t len = 0; len <= 300; ++len) lengths.push_back(len);
  for (std::size_t len : {1000, 1024, 4099}) lengths.push_back(len);
  for (std::size_t aad_len : {0, 1, 16, 33, 90}) {
    for (std::size_t len : lengths) {
      if (aad_len != 0 && len % 5 != 0) continue;  // keep it quick
      const auto nonce = rng.bytes(12);
      const auto aad = rng.bytes(aad_len);
      const auto pt = rng.bytes(len);
      const bytes want = spec::gcm_siv_seal(key, nonce, aad, pt);

      const bool in_place = len % 2 == 1;
      bytes ct = in_place ? pt : bytes(len);
      std::uint8_t tag[16];
      ops.seal(state.bytes, nonce.data(), aad.data(), aad.size(), in_place ? ct.data() : pt.data(),
               ct.data(), len, tag);
      bytes sealed = ct;
      sealed.insert(sealed.end(), tag, tag + 16);
      ASSERT_EQ(sealed, want) << "seal, len " << len << " aad " << aad_len;

      bytes back = in_place ? ct : bytes(len);
      std::uint8_t expected[16];
      ops.open(state.bytes, nonce.data(), aad.data(), aad.size(),
               in_place ? back.data() : ct.data(), back.data(), len, tag, expected);
      ASSERT_EQ(back, pt) << "open, len " << len;
      ASSERT_TRUE(std::equal(expected, expected + 16, tag)) << "open tag, len " << len;

      if (len > 0) {  // a flipped ciphertext bit must change the expected tag
        ct[len / 2] ^= 0x04;
        ops.open(state.bytes, nonce.data(), aad.data(), aad.size(), ct.data(), back.data(), len,
                 tag, expected);
        ASSERT_FALSE(std::equal(expected, expected + 16, tag)) << "tamper, len " << len;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(KeySizes, PortableSivKeySize, ::testing::Values(16, 32));

}  // namespace
}  // namespace vg::detail::portable
