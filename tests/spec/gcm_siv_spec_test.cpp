// The spec's AES-GCM-SIV (RFC 8452 §4–§5) against every case of Wycheproof's
// aes_gcm_siv_test.json, which includes all 50 RFC 8452 Appendix C vectors (tcId 1–24: C.1
// AES-128; 100–123: C.2 AES-256; 124–125: C.3 counter wrap) and further counter-wrap and
// modified-tag cases.
#include <gtest/gtest.h>

#include <set>

#include "common/hex.hpp"
#include "common/vector_path.hpp"
#include "common/wycheproof.hpp"
#include "spec/spec.hpp"

namespace vg::spec_test {
namespace {

using test::from_hex;
using test::to_hex;

TEST(SpecGcmSiv, WycheproofIncludingRfc8452AppendixC) {
  std::set<int> rfc_vectors_passed;
  int valid = 0, invalid = 0;
  for (const test::wycheproof_aead_case& t :
       test::load_wycheproof_aead(test::vector_path("wycheproof/aes_gcm_siv_test.json")).cases) {
    const int id = t.tc_id;
    const auto opened = spec::gcm_siv_open(t.key, t.iv, t.aad, t.ct, t.tag);
    if (t.result == test::wycheproof_result::valid) {
      spec::bytes expected = t.ct;
      expected.insert(expected.end(), t.tag.begin(), t.tag.end());
      const spec::bytes sealed = spec::gcm_siv_seal(t.key, t.iv, t.aad, t.msg);
      EXPECT_EQ(to_hex(sealed), to_hex(expected)) << "tcId " << id;
      ASSERT_TRUE(opened.has_value()) << "tcId " << id;
      EXPECT_EQ(*opened, t.msg) << "tcId " << id;
      if (sealed == expected && (id <= 24 || (id >= 100 && id <= 125)))
        rfc_vectors_passed.insert(id);
      ++valid;
    } else {
      EXPECT_FALSE(opened.has_value()) << "tcId " << id;
      ++invalid;
    }
  }
  EXPECT_EQ(valid, 136);
  EXPECT_EQ(invalid, 66);
  EXPECT_EQ(rfc_vectors_passed.size(), 50u) << "RFC 8452 Appendix C vectors that passed";
}

// RFC 8452 Appendix C.1, first vector, written out so a parser fault cannot hide everything:
// key 01 00.., nonce 03 00.., empty AAD and plaintext → tag dc20e2d83f25705bb49e439eca56de25.
TEST(SpecGcmSiv, Rfc8452C1FirstVector) {
  const spec::bytes key = from_hex("01000000000000000000000000000000");
  const spec::bytes nonce = from_hex("030000000000000000000000");
  EXPECT_EQ(to_hex(spec::gcm_siv_seal(key, nonce, {}, {})), "dc20e2d83f25705bb49e439eca56de25");
}

TEST(SpecGcmSiv, RejectsUnsupportedParameters) {
  const spec::bytes key(16), nonce(12), tag(16);
  EXPECT_THROW(spec::gcm_siv_seal(spec::bytes(24), nonce, {}, {}), std::invalid_argument);
  EXPECT_THROW(spec::gcm_siv_seal(key, spec::bytes(16), {}, {}), std::invalid_argument);
  EXPECT_FALSE(spec::gcm_siv_open(key, spec::bytes(8), {}, {}, tag).has_value());
  EXPECT_FALSE(spec::gcm_siv_open(key, nonce, {}, {}, spec::bytes(12)).has_value());
  // Over RFC 8452's 2^36-byte limit: refused on the length alone, before any byte is read (the
  // views are never dereferenced, so one byte can stand behind them).
  const std::uint8_t one_byte = 0;
  const spec::view too_long(&one_byte, (std::size_t{1} << 36) + 1);
  EXPECT_THROW(spec::gcm_siv_seal(key, nonce, {}, too_long), std::invalid_argument);
  EXPECT_THROW(spec::gcm_siv_seal(key, nonce, too_long, {}), std::invalid_argument);
  EXPECT_FALSE(spec::gcm_siv_open(key, nonce, too_long, {}, tag).has_value());
  // Any single flipped tag bit fails.
  const spec::bytes sealed = spec::gcm_siv_seal(key, nonce, {}, spec::bytes(20));
  const spec::bytes ct(sealed.begin(), sealed.end() - 16);
  for (std::size_t bit = 0; bit < 128; bit += 11) {
    spec::bytes bad(sealed.end() - 16, sealed.end());
    bad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    EXPECT_FALSE(spec::gcm_siv_open(key, nonce, {}, ct, bad).has_value()) << bit;
  }
  EXPECT_TRUE(spec::gcm_siv_open(key, nonce, {}, ct, spec::bytes(sealed.end() - 16, sealed.end()))
                  .has_value());
}

}  // namespace
}  // namespace vg::spec_test
