// The spec's CTR mode (SP 800-38A §6.5, 128-bit counter per Appendix B.1) against SP 800-38A
// F.5.1/F.5.3/F.5.5 and OpenSSL's CTR records (RFC 3686 test vectors and a carry case), plus
// structural checks of the counter: it carries across all 128 bits and wraps modulo 2^128.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/evp_file.hpp"
#include "common/hex.hpp"
#include "common/vector_path.hpp"
#include "spec/spec.hpp"

namespace vg::spec_test {
namespace {

using test::block_from_hex;
using test::from_hex;
using test::to_hex;

// SP 800-38A Appendix F.5: the same plaintext and initial counter block for all key sizes.
constexpr std::string_view f5_counter = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
constexpr std::string_view f5_plaintext =
    "6bc1bee22e409f96e93d7e117393172a"
    "ae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52ef"
    "f69f2445df4f9b17ad2b417be66c3710";

struct f5_vector {
  const char* section;
  std::string_view key;
  std::string_view ciphertext;
};

TEST(SpecCtr, Sp800_38A_F5) {
  const f5_vector vectors[] = {
      {"F.5.1 CTR-AES128", "2b7e151628aed2a6abf7158809cf4f3c",
       "874d6191b620e3261bef6864990db6ce"
       "9806f66b7970fdff8617187bb9fffdff"
       "5ae4df3edbd5d35e5b4f09020db03eab"
       "1e031dda2fbe03d1792170a0f3009cee"},
      {"F.5.3 CTR-AES192", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
       "1abc932417521ca24f2b0459fe7e6e0b"
       "090339ec0aa6faefd5ccc2c6f4ce8e94"
       "1e36b26bd1ebc670d1bd1d665620abf7"
       "4f78a7f6d29809585a97daec58c6b050"},
      {"F.5.5 CTR-AES256", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
       "601ec313775789a5b7a7f504bbf3d228"
       "f443e3ca4d62b59aca84e990cacaf5c5"
       "2b0930daa23de94ce87017ba2d84988d"
       "dfc9c58db67aada613c2dd08457941a6"},
  };
  for (const f5_vector& v : vectors) {
    const spec::bytes key = from_hex(v.key);
    const spec::block counter = block_from_hex(f5_counter);
    EXPECT_EQ(to_hex(spec::ctr(key, counter, from_hex(f5_plaintext))), v.ciphertext) << v.section;
    // F.5.2/F.5.4/F.5.6: decryption is the same function.
    EXPECT_EQ(to_hex(spec::ctr(key, counter, from_hex(v.ciphertext))), f5_plaintext) << v.section;
    // A partial last block uses the leading bytes of the keystream block.
    EXPECT_EQ(to_hex(spec::ctr(key, counter, from_hex(f5_plaintext.substr(0, 2 * 37)))),
              v.ciphertext.substr(0, 2 * 37))
        << v.section;
  }
}

// OpenSSL's aes-*-ctr records: RFC 3686 §6 test vectors (the 16-byte IV field is the full
// initial counter block) and OpenSSL's carry case 00..007fff..ff, which must carry into the
// upper 64 bits.
TEST(SpecCtr, OpensslCtrRecords) {
  int checked = 0;
  for (const test::evp_stanza& r :
       test::load_evp_file(test::vector_path("openssl/evpciph_aes_common.txt"))) {
    if (r.cipher().find("-ctr") == std::string::npos) continue;
    const spec::bytes key = from_hex(r.at("Key"));
    EXPECT_EQ(to_hex(spec::ctr(key, block_from_hex(r.at("IV")), from_hex(r.at("Plaintext")))),
              to_hex(from_hex(r.at("Ciphertext"))))
        << "line " << r.line;
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

// The counter is one 128-bit big-endian integer: block j uses AES_K(T_1 + j mod 2^128). Checked
// against the spec's own AES (proved above against FIPS 197) at the carry boundaries.
TEST(SpecCtr, CounterCarriesAcross128Bits) {
  const spec::bytes key = from_hex("000102030405060708090a0b0c0d0e0f");
  const struct {
    std::string_view start;
    std::string_view next;
  } cases[] = {
      {"000000000000000000000000ffffffff", "00000000000000000000000100000000"},
      {"00000000ffffffffffffffffffffffff", "00000001000000000000000000000000"},
      {"ffffffffffffffffffffffffffffffff", "00000000000000000000000000000000"},
      {"fffffffffffffffffffffffffffffffe", "ffffffffffffffffffffffffffffffff"},
  };
  for (const auto& c : cases) {
    const spec::bytes keystream = spec::ctr(key, block_from_hex(c.start), spec::bytes(32));
    const spec::block first = spec::aes_encrypt(key, block_from_hex(c.start));
    const spec::block second = spec::aes_encrypt(key, block_from_hex(c.next));
    EXPECT_TRUE(std::equal(first.begin(), first.end(), keystream.begin())) << c.start;
    EXPECT_TRUE(std::equal(second.begin(), second.end(), keystream.begin() + 16)) << c.start;
  }
  EXPECT_TRUE(spec::ctr(key, spec::block{}, {}).empty());
}

}  // namespace
}  // namespace vg::spec_test
