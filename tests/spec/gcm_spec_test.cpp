// The spec's GCM (SP 800-38D §7) against published vectors: the McGrew–Viega test cases (as
// carried in OpenSSL's evpciph_aes_common.txt), every NIST CAVP GCMVS record (all key sizes, IVs
// of 8, 96 and 1024 bits, tags of 32..128 bits, forgeries), and every Wycheproof AES-GCM case.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "common/cavp.hpp"
#include "common/evp_file.hpp"
#include "common/hex.hpp"
#include "common/vector_path.hpp"
#include "common/wycheproof.hpp"
#include "spec/spec.hpp"

namespace vg::spec_test {
namespace {

using test::from_hex;
using test::to_hex;

// The AAD of an evp_test stanza: its AAD lines, concatenated in order.
spec::bytes joined_aad(const test::evp_stanza& r) {
  spec::bytes aad;
  for (const spec::bytes& piece : r.hex_pieces("AAD"))
    aad.insert(aad.end(), piece.begin(), piece.end());
  return aad;
}

spec::bytes concat(spec::bytes a, const spec::bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// McGrew–Viega test cases 1–18 and OpenSSL's small-IV cases. Records with a Result line are
// forgeries (a tag with one bit changed): GCM-AD must return FAIL.
TEST(SpecGcm, OpensslAndGcmPaperRecords) {
  int sealed = 0, rejected = 0;
  for (const test::evp_stanza& r :
       test::load_evp_file(test::vector_path("openssl/evpciph_aes_common.txt"))) {
    if (r.cipher().find("-gcm") == std::string::npos) continue;
    const spec::bytes key = from_hex(r.at("Key")), iv = from_hex(r.at("IV"));
    const spec::bytes aad = joined_aad(r), tag = from_hex(r.at("Tag"));
    const spec::bytes pt = r.hex("Plaintext"), ct = r.hex("Ciphertext");
    if (r.has("Result")) {
      EXPECT_FALSE(spec::gcm_open(key, iv, aad, ct, tag).has_value()) << "line " << r.line;
      ++rejected;
      continue;
    }
    EXPECT_EQ(to_hex(spec::gcm_seal(key, iv, aad, pt, tag.size())), to_hex(concat(ct, tag)))
        << "line " << r.line;
    const auto opened = spec::gcm_open(key, iv, aad, ct, tag);
    ASSERT_TRUE(opened.has_value()) << "line " << r.line;
    EXPECT_EQ(*opened, pt);
    ++sealed;
  }
  EXPECT_GE(sealed, 18 * 2);  // test cases 1–18 appear with and without DECRYPT duplicates
  EXPECT_EQ(rejected, 3);
}

// The first McGrew–Viega cases written out here too, so a parsing mistake cannot silently
// make the test above vacuous: test case 1 (all zero, empty P) and test case 2 (one zero block).
TEST(SpecGcm, GcmPaperTestCases1And2) {
  const spec::bytes key(16), iv(12), block_of_zeros(16);
  EXPECT_EQ(to_hex(spec::gcm_seal(key, iv, {}, {})), "58e2fccefa7e3061367f1d57a4e7455a");
  EXPECT_EQ(to_hex(spec::gcm_seal(key, iv, {}, block_of_zeros)),
            "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf");
}

struct cavp_counts {
  int sealed = 0, opened = 0, rejected = 0;
};

// Each CAVP file has 525 parameter sections (key x IV x PT x AAD x tag length) of 15 records.
// By default the first 3 records of every section run, which keeps the whole parameter grid
// and the run time of unoptimised/sanitizer builds modest; VG_SPEC_FULL_CAVP=1 runs all 47250.
bool run_all_cavp_records() {
  const char* env = std::getenv("VG_SPEC_FULL_CAVP");
  return env != nullptr && std::string(env) == "1";
}

bool selected(const test::cavp_gcm_case& r) {
  return run_all_cavp_records() || r.count < 3;
}

int expected_records_per_file() {
  return run_all_cavp_records() ? 7875 : 525 * 3;
}

void run_cavp_encrypt(const std::string& file, cavp_counts& n) {
  for (const test::cavp_gcm_case& r : test::load_cavp_gcm(test::vector_path(file))) {
    if (!selected(r)) continue;
    // The reader has checked every field against its section's declared length (Taglen too).
    ASSERT_EQ(to_hex(spec::gcm_seal(r.key, r.iv, r.aad, r.pt, r.tag.size())),
              to_hex(concat(r.ct, r.tag)))
        << file << ":" << r.line;
    ++n.sealed;
  }
}

void run_cavp_decrypt(const std::string& file, cavp_counts& n) {
  for (const test::cavp_gcm_case& r : test::load_cavp_gcm(test::vector_path(file))) {
    if (!selected(r)) continue;
    const auto opened = spec::gcm_open(r.key, r.iv, r.aad, r.ct, r.tag);
    if (r.fail) {
      ASSERT_FALSE(opened.has_value()) << file << ":" << r.line;
      ++n.rejected;
    } else {
      ASSERT_TRUE(opened.has_value()) << file << ":" << r.line;
      ASSERT_EQ(to_hex(*opened), to_hex(r.pt)) << file << ":" << r.line;
      ++n.opened;
    }
  }
}

TEST(SpecGcm, NistCavpEncrypt) {
  cavp_counts n;
  for (const char* bits : {"128", "192", "256"})
    run_cavp_encrypt(std::string("nist-cavp/gcmEncryptExtIV") + bits + ".rsp", n);
  EXPECT_EQ(n.sealed, 3 * expected_records_per_file());
}

TEST(SpecGcm, NistCavpDecrypt) {
  cavp_counts n;
  for (const char* bits : {"128", "192", "256"})
    run_cavp_decrypt(std::string("nist-cavp/gcmDecrypt") + bits + ".rsp", n);
  EXPECT_EQ(n.opened + n.rejected, 3 * expected_records_per_file());
  if (run_all_cavp_records()) {
    EXPECT_EQ(n.rejected, 4011 + 3978 + 3919);  // the FAIL counts listed in vectors/README.md
  } else {
    EXPECT_GT(n.rejected, 1000);  // roughly half are forgeries
    EXPECT_GT(n.opened, 1000);
  }
}

// Wycheproof aes_gcm_test.json: valid cases must seal to ct || tag and open; invalid ones
// (modified tags, zero-length IVs) must not open, and sealing with an empty IV must throw.
TEST(SpecGcm, WycheproofAesGcm) {
  int valid = 0, invalid = 0;
  for (const test::wycheproof_aead_case& t :
       test::load_wycheproof_aead(test::vector_path("wycheproof/aes_gcm_test.json")).cases) {
    const int id = t.tc_id;
    const auto opened = spec::gcm_open(t.key, t.iv, t.aad, t.ct, t.tag);
    if (t.result == test::wycheproof_result::valid) {
      EXPECT_EQ(to_hex(spec::gcm_seal(t.key, t.iv, t.aad, t.msg, t.tag.size())),
                to_hex(concat(t.ct, t.tag)))
          << "tcId " << id;
      ASSERT_TRUE(opened.has_value()) << "tcId " << id;
      EXPECT_EQ(*opened, t.msg) << "tcId " << id;
      ++valid;
    } else {
      EXPECT_FALSE(opened.has_value()) << "tcId " << id;
      if (t.iv.empty()) {
        EXPECT_THROW(spec::gcm_seal(t.key, t.iv, t.aad, t.msg), std::invalid_argument);
      }
      ++invalid;
    }
  }
  EXPECT_EQ(valid, 229);
  EXPECT_EQ(invalid, 87);
}

TEST(SpecGcm, RejectsUnsupportedParameters) {
  const spec::bytes key(16), iv(12), tag(16);
  EXPECT_THROW(spec::gcm_seal(key, {}, {}, {}), std::invalid_argument);
  EXPECT_THROW(spec::gcm_seal(key, iv, {}, {}, 3), std::invalid_argument);
  EXPECT_THROW(spec::gcm_seal(key, iv, {}, {}, 17), std::invalid_argument);
  EXPECT_FALSE(spec::gcm_open(key, {}, {}, {}, tag).has_value());
  EXPECT_FALSE(spec::gcm_open(key, iv, {}, {}, spec::bytes(3)).has_value());
  EXPECT_FALSE(spec::gcm_open(key, iv, {}, {}, spec::bytes(17)).has_value());
  // A truncated tag is the prefix of the full one (MSB_t, §7.1 step 6).
  const spec::bytes full = spec::gcm_seal(key, iv, {}, {}, 16);
  for (std::size_t t = 4; t <= 16; ++t) {
    const spec::bytes shorter = spec::gcm_seal(key, iv, {}, {}, t);
    EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), full.begin())) << t;
  }
}

}  // namespace
}  // namespace vg::spec_test
