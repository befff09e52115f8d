// GCM tag lengths: exactly the SP 800-38D §5.2.1.2 set (16, 15, 14, 13, 12, 8, 4 bytes) is
// accepted by seal, open and the incremental API, in C++ and in C; every other length from 0 to 17
// is status::tag_length. GCM-SIV takes 16 only. An accepted truncated tag is the prefix of the
// 16-byte tag (checked against the spec).
#include "common/tag_lengths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "spec/spec.hpp"
#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"
#include "vg/vg.h"

namespace {

struct fixture {
  std::array<std::uint8_t, 16> key{}, tag{}, tag16{};
  std::array<std::uint8_t, 12> nonce{};
  std::array<std::uint8_t, 20> aad{}, in{}, out{}, back{};
  fixture() {
    for (std::size_t i = 0; i < 16; ++i) key[i] = static_cast<std::uint8_t>(3 * i + 1);
    for (std::size_t i = 0; i < 12; ++i) nonce[i] = static_cast<std::uint8_t>(5 * i + 2);
    for (std::size_t i = 0; i < 20; ++i) in[i] = static_cast<std::uint8_t>(7 * i + 3);
  }
};

TEST(TagLengths, CppSealOpenAndSpecPrefix) {
  fixture f;
  vg::aes128_gcm key;
  ASSERT_EQ(vg::aes128_gcm::create(f.key, key), vg::status::ok);
  const std::vector<std::uint8_t> spec_sealed =
      vg::spec::gcm_seal({f.key.begin(), f.key.end()}, {f.nonce.begin(), f.nonce.end()},
                         {f.aad.begin(), f.aad.end()}, {f.in.begin(), f.in.end()}, 16);
  const std::vector<std::uint8_t> spec_tag(spec_sealed.end() - 16, spec_sealed.end());
  for (std::size_t n = 0; n <= 17; ++n) {
    std::array<std::uint8_t, 17> tag{};
    const vg::status want =
        vg::test::gcm_tag_length_in_standard(n) ? vg::status::ok : vg::status::tag_length;
    EXPECT_EQ(key.seal(f.nonce, f.aad, f.in, f.out, vg::bytes_span(tag).first(n)), want) << n;
    if (want == vg::status::ok) {
      EXPECT_TRUE(std::equal(tag.begin(), tag.begin() + n, spec_tag.begin())) << n;
    } else {
      std::copy(spec_tag.begin(), spec_tag.begin() + std::min<std::size_t>(n, 16), tag.begin());
    }
    EXPECT_EQ(key.open(f.nonce, f.aad, f.out, f.back, vg::bytes_view(tag).first(n)), want) << n;
  }
}

TEST(TagLengths, CppStream) {
  fixture f;
  vg::aes128_gcm key;
  ASSERT_EQ(vg::aes128_gcm::create(f.key, key), vg::status::ok);
  std::array<std::uint8_t, 16> full{};
  ASSERT_EQ(key.seal(f.nonce, f.aad, f.in, f.out, full), vg::status::ok);
  for (std::size_t n = 0; n <= 17; ++n) {
    const vg::status want =
        vg::test::gcm_tag_length_in_standard(n) ? vg::status::ok : vg::status::tag_length;
    std::array<std::uint8_t, 17> tag{};
    vg::gcm_stream s;
    ASSERT_EQ(s.begin_seal(key, f.nonce), vg::status::ok);
    ASSERT_EQ(s.aad(f.aad), vg::status::ok);
    ASSERT_EQ(s.update(f.in, f.out), vg::status::ok);
    EXPECT_EQ(s.finish_seal(vg::bytes_span(tag).first(n)), want) << n;
    std::copy(full.begin(), full.begin() + std::min<std::size_t>(n, 16), tag.begin());
    ASSERT_EQ(s.begin_open(key, f.nonce), vg::status::ok);
    ASSERT_EQ(s.aad(f.aad), vg::status::ok);
    ASSERT_EQ(s.update(f.out, f.back), vg::status::ok);
    EXPECT_EQ(s.finish_open(vg::bytes_view(tag).first(n)), want) << n;
  }
}

TEST(TagLengths, CSealOpenAndStream) {
  fixture f;
  vg_aead* key = nullptr;
  ASSERT_EQ(vg_aead_new(&key, VG_AES_128_GCM, f.key.data(), 16), VG_OK);
  vg_gcm_stream* s = nullptr;
  ASSERT_EQ(vg_gcm_stream_new(&s), VG_OK);
  std::array<std::uint8_t, 16> full{};
  ASSERT_EQ(vg_aead_seal(key, f.nonce.data(), 12, nullptr, 0, f.in.data(), 20, f.out.data(),
                         full.data(), 16),
            VG_OK);
  for (std::size_t n = 0; n <= 17; ++n) {
    const vg_status want = vg::test::gcm_tag_length_in_standard(n) ? VG_OK : VG_ERR_TAG_LENGTH;
    std::array<std::uint8_t, 17> tag{};
    std::copy(full.begin(), full.end(), tag.begin());
    std::array<std::uint8_t, 20> ct{};
    EXPECT_EQ(vg_aead_seal(key, f.nonce.data(), 12, nullptr, 0, f.in.data(), 20, ct.data(),
                           tag.data(), n),
              want)
        << n;
    std::copy(full.begin(), full.end(), tag.begin());
    EXPECT_EQ(vg_aead_open(key, f.nonce.data(), 12, nullptr, 0, f.out.data(), 20, f.back.data(),
                           tag.data(), n),
              want)
        << n;
    // The empty message: finish_seal writes the tag finish_open then checks.
    ASSERT_EQ(vg_gcm_stream_begin_seal(s, key, f.nonce.data(), 12), VG_OK);
    EXPECT_EQ(vg_gcm_stream_finish_seal(s, tag.data(), n), want) << n;
    ASSERT_EQ(vg_gcm_stream_begin_open(s, key, f.nonce.data(), 12), VG_OK);
    EXPECT_EQ(vg_gcm_stream_finish_open(s, tag.data(), n), want) << n;
  }
  vg_gcm_stream_free(s);
  vg_aead_free(key);
}

TEST(TagLengths, GcmSivTakesSixteenOnly) {
  fixture f;
  vg::aes128_gcm_siv key;
  const vg::status created = vg::aes128_gcm_siv::create(f.key, key);
  if (created == vg::status::unsupported) GTEST_SKIP() << "no GCM-SIV in this build";
  ASSERT_EQ(created, vg::status::ok);
  for (std::size_t n = 0; n <= 17; ++n) {
    std::array<std::uint8_t, 17> tag{};
    EXPECT_EQ(key.seal(f.nonce, f.aad, f.in, f.out, vg::bytes_span(tag).first(n)),
              n == 16 ? vg::status::ok : vg::status::tag_length)
        << n;
  }
}

}  // namespace
