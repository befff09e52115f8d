// The spec's AES against FIPS 197 (Appendix B, Appendix C.1–C.3, the S-box table of Figure 7)
// and the ECB vectors of SP 800-38A F.1 / FIPS 197 as carried in OpenSSL's evp test data.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/evp_file.hpp"
#include "common/hex.hpp"
#include "common/vector_path.hpp"
#include "spec/spec.hpp"

namespace vg::spec_test {
namespace {

using test::block_from_hex;
using test::from_hex;
using test::to_hex;

std::string aes_hex(std::string_view key, std::string_view plaintext) {
  const spec::bytes k = from_hex(key);
  return to_hex(spec::aes_encrypt(k, block_from_hex(plaintext)));
}

// FIPS 197 Appendix C: plaintext 00112233..ff under the keys 000102..; C.1 AES-128, C.2 AES-192,
// C.3 AES-256.
TEST(SpecAes, Fips197AppendixC) {
  const std::string_view plaintext = "00112233445566778899aabbccddeeff";
  EXPECT_EQ(aes_hex("000102030405060708090a0b0c0d0e0f", plaintext),
            "69c4e0d86a7b0430d8cdb78070b4c55a");
  EXPECT_EQ(aes_hex("000102030405060708090a0b0c0d0e0f1011121314151617", plaintext),
            "dda97ca4864cdfe06eaf70a0ec0d7191");
  EXPECT_EQ(aes_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", plaintext),
            "8ea2b7ca516745bfeafc49904b496089");
}

// FIPS 197 Appendix B: the cipher example worked round by round.
TEST(SpecAes, Fips197AppendixB) {
  EXPECT_EQ(aes_hex("2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734"),
            "3925841d02dc09fbdc118597196a0b32");
}

// FIPS 197 Appendix B, round 1 (states read column by column): the linear layer maps the state
// "After SubBytes" to "After MixColumns". Two more published columns guard the transcription:
// SubBytes of "Start of Round" gives the input, and "After MixColumns" XOR the round-1 key is the
// start of round 2.
TEST(SpecAes, ShiftRowsMixColumnsFips197AppendixBRound1) {
  const spec::block start_of_round_1 = block_from_hex("193de3bea0f4e22b9ac68d2ae9f84808");
  const spec::block after_sub_bytes = block_from_hex("d42711aee0bf98f1b8b45de51e415230");
  const spec::block after_mix_columns = block_from_hex("046681e5e0cb199a48f8d37a2806264c");
  const spec::block round_key_1 = block_from_hex("a0fafe1788542cb123a339392a6c7605");
  const spec::block start_of_round_2 = block_from_hex("a49c7ff2689f352b6b5bea43026a5049");

  for (std::size_t i = 0; i < 16; ++i) {
    ASSERT_EQ(spec::aes_sbox(start_of_round_1[i]), after_sub_bytes[i]) << "byte " << i;
    ASSERT_EQ(after_mix_columns[i] ^ round_key_1[i], start_of_round_2[i]) << "byte " << i;
  }
  EXPECT_EQ(to_hex(spec::aes_shift_rows_mix_columns(after_sub_bytes)), to_hex(after_mix_columns));
}

// FIPS 197 Figure 7 (the S-box table): rows 0, 1 and f, and the §5.1.1 example S(53) = ed.
TEST(SpecAes, SboxKnownValues) {
  const std::vector<std::pair<std::uint8_t, std::string_view>> rows = {
      {0x00, "637c777bf26b6fc53001672bfed7ab76"},
      {0x10, "ca82c97dfa5947f0add4a2af9ca472c0"},
      {0xf0, "8ca1890dbfe6426841992d0fb054bb16"},
  };
  for (const auto& [first, expected_hex] : rows) {
    const spec::bytes expected = from_hex(expected_hex);
    for (std::uint8_t i = 0; i < 16; ++i)
      EXPECT_EQ(spec::aes_sbox(static_cast<std::uint8_t>(first + i)), expected[i])
          << "S(" << int(first + i) << ")";
  }
  EXPECT_EQ(spec::aes_sbox(0x53), 0xed);
}

// Properties that follow from the definition: S is a permutation of the 256 bytes, and (a
// design property the AES authors state) has no fixed point and no "opposite" fixed point.
TEST(SpecAes, SboxIsAPermutationWithoutFixedPoints) {
  std::set<std::uint8_t> images;
  for (unsigned x = 0; x < 256; ++x) {
    const std::uint8_t s = spec::aes_sbox(static_cast<std::uint8_t>(x));
    images.insert(s);
    EXPECT_NE(s, x);
    EXPECT_NE(s, static_cast<std::uint8_t>(~x));
  }
  EXPECT_EQ(images.size(), 256u);
}

// Every AES-*-ECB record in OpenSSL's evpciph_aes_common.txt: FIPS 197 Appendix C and SP 800-38A
// F.1.1–F.1.6 (the decrypt records are checked in the encrypt direction; ECB is a permutation).
TEST(SpecAes, OpensslEcbRecords) {
  int checked = 0;
  for (const test::evp_stanza& r :
       test::load_evp_file(test::vector_path("openssl/evpciph_aes_common.txt"))) {
    if (r.cipher().find("-ecb") == std::string::npos) continue;
    const spec::bytes key = from_hex(r.at("Key"));
    const spec::bytes pt = from_hex(r.at("Plaintext"));
    const spec::bytes ct = from_hex(r.at("Ciphertext"));
    ASSERT_EQ(pt.size() % 16, 0u);
    for (std::size_t off = 0; off < pt.size(); off += 16) {
      spec::block in{};
      std::copy_n(pt.begin() + static_cast<std::ptrdiff_t>(off), 16, in.begin());
      const spec::block out = spec::aes_encrypt(key, in);
      EXPECT_TRUE(std::equal(out.begin(), out.end(), ct.begin() + static_cast<std::ptrdiff_t>(off)))
          << "line " << r.line;
    }
    ++checked;
  }
  EXPECT_GE(checked, 15);  // 3 FIPS 197 + 12 SP 800-38A records at least
}

TEST(SpecAes, RejectsBadKeyLengths) {
  for (const std::size_t n : {0u, 8u, 15u, 17u, 20u, 31u, 33u, 64u}) {
    const spec::bytes key(n);
    EXPECT_THROW(spec::aes_encrypt(key, spec::block{}), std::invalid_argument) << n;
  }
}

}  // namespace
}  // namespace vg::spec_test
