// The portable backend's siv_ops called directly against the RFC 8452 specification: seal and
// open_verify for message lengths 0..300 (and a few long ones), several AAD lengths, both key
// sizes, in place and out of place; open_verify must accept exactly what spec::gcm_siv_open
// accepts, and zero the output of a forged tag or ciphertext.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "backends/portable/portable_backend.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"

namespace vg::detail::portable {
namespace {

class PortableSivKeySize : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PortableSivKeySize, SealAndOpenVerifyMatchSpec) {
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

      std::uint8_t forged[16];
      std::copy(tag, tag + 16, forged);
      forged[len % 16] ^= 0x01;
      // The top bit of the tag's last byte is set in the counter block anyway (RFC 8452 §4): this
      // forgery decrypts to the genuine plaintext, so only the comparison of that byte refuses it.
      std::uint8_t same_counter[16];
      std::copy(tag, tag + 16, same_counter);
      same_counter[15] ^= 0x80;
      bytes forged_ct = ct;
      if (len > 0) forged_ct[len / 2] ^= 0x04;
      const std::uint8_t* tags[] = {tag, forged, same_counter, tag};
      const bytes* cts[] = {&ct, &ct, &ct, &forged_ct};
      for (int attempt = 0; attempt < (len > 0 ? 4 : 3); ++attempt) {
        const bytes& c = *cts[attempt];
        const std::optional<bytes> spec_opened =
            spec::gcm_siv_open(key, nonce, aad, c, bytes(tags[attempt], tags[attempt] + 16));
        ASSERT_EQ(spec_opened.has_value(), attempt == 0);
        bytes back = in_place ? c : bytes(len, 0x55);
        const std::uint8_t ok =
            ops.open_verify(state.bytes, nonce.data(), aad.data(), aad.size(),
                            in_place ? back.data() : c.data(), back.data(), len, tags[attempt]);
        ASSERT_EQ(ok, spec_opened ? 0xff : 0x00) << "len " << len << " attempt " << attempt;
        ASSERT_EQ(back, spec_opened ? *spec_opened : bytes(len, 0))
            << "open_verify, len " << len << " attempt " << attempt;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(KeySizes, PortableSivKeySize, ::testing::Values(16, 32));

}  // namespace
}  // namespace vg::detail::portable
