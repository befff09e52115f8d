// The six NIST CAVP GCMVS files (SP 800-38D), against every runnable backend and the spec.
//
// Encrypt files: seal with the section's tag length must give CT and the truncated Tag, and open
// of that output must give PT back. Decrypt files: a record with PT must open to it; a FAIL record
// must be rejected with status::auth and the output left all zero. Every section (IV of 1, 12 and
// 128 bytes; tags of 4..16 bytes) is in the library's domain, so nothing is skipped.
#include "common/cavp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>

#include "common/backends.hpp"
#include "common/failure_log.hpp"
#include "common/vector_path.hpp"
#include "vectors/implementation.hpp"

namespace vg::test {
namespace {

struct cavp_file {
  const char* name;
  bool decrypt;
};

constexpr cavp_file kFiles[] = {
    {"gcmEncryptExtIV128", false}, {"gcmEncryptExtIV192", false}, {"gcmEncryptExtIV256", false},
    {"gcmDecrypt128", true},       {"gcmDecrypt192", true},       {"gcmDecrypt256", true},
};

vg::algorithm algorithm_for(std::size_t key_len) {
  switch (key_len) {
    case 16:
      return vg::algorithm::aes_128_gcm;
    case 24:
      return vg::algorithm::aes_192_gcm;
    default:
      return vg::algorithm::aes_256_gcm;
  }
}

std::string check_encrypt(implementation& impl, const cavp_gcm_case& c) {
  const auto sealed = impl.seal(c.iv, c.aad, c.pt, c.tag.size());
  if (sealed.st != vg::status::ok) return std::string("seal: ") + vg::to_string(sealed.st);
  if (sealed.ct != c.ct) return "ct " + to_hex(sealed.ct) + ", want " + to_hex(c.ct);
  if (sealed.tag != c.tag) return "tag " + to_hex(sealed.tag) + ", want " + to_hex(c.tag);
  const auto opened = impl.open(c.iv, c.aad, sealed.ct, sealed.tag);
  if (opened.st != vg::status::ok) return std::string("open: ") + vg::to_string(opened.st);
  if (opened.pt != c.pt) return "open gave " + to_hex(opened.pt);
  return "";
}

std::string check_decrypt(implementation& impl, const cavp_gcm_case& c) {
  const auto opened = impl.open(c.iv, c.aad, c.ct, c.tag);
  if (c.fail) {
    if (opened.st != vg::status::auth)
      return std::string("FAIL record: open returned ") + vg::to_string(opened.st);
    if (!std::all_of(opened.pt.begin(), opened.pt.end(), [](std::uint8_t b) { return b == 0; }))
      return "FAIL record: output not zeroed: " + to_hex(opened.pt);
    return "";
  }
  if (opened.st != vg::status::ok) return std::string("open: ") + vg::to_string(opened.st);
  if (opened.pt != c.pt) return "pt " + to_hex(opened.pt) + ", want " + to_hex(c.pt);
  return "";
}

void PrintTo(const cavp_file& f, std::ostream* os) {
  *os << f.name;
}

class CavpTest : public ::testing::TestWithParam<std::tuple<std::string, cavp_file>> {};

TEST_P(CavpTest, AllRecords) {
  const auto& [impl_name, file] = GetParam();
  const auto cases = load_cavp_gcm(vector_path(std::string("nist-cavp/") + file.name + ".rsp"));
  ASSERT_EQ(cases.size(), 7875u);  // README: 525 sections x 15 records in every file

  auto impl = make_implementation(impl_name);
  failure_log log;
  int fails_seen = 0;
  for (const auto& c : cases) {
    const auto where = std::string(file.name) + " line " + std::to_string(c.line) + " [IV " +
                       std::to_string(c.iv_bits) + ", PT " + std::to_string(c.pt_bits) + ", AAD " +
                       std::to_string(c.aad_bits) + ", Tag " + std::to_string(c.tag_bits) + "]";
    const vg::status st = impl->set_key(algorithm_for(c.key.size()), c.key);
    if (st != vg::status::ok) {
      log.add(where, std::string("create: ") + vg::to_string(st));
      continue;
    }
    fails_seen += c.fail ? 1 : 0;
    const std::string error = file.decrypt ? check_decrypt(*impl, c) : check_encrypt(*impl, c);
    if (!error.empty()) log.add(where, error);
  }
  log.summarize(static_cast<int>(cases.size()));
  if (file.decrypt) {
    EXPECT_GT(fails_seen, 3000);  // README: ~4000 FAIL records per decrypt file
  }
}

INSTANTIATE_TEST_SUITE_P(Vectors, CavpTest,
                         ::testing::Combine(::testing::ValuesIn(implementations_under_test()),
                                            ::testing::ValuesIn(kFiles)),
                         [](const auto& info) {
                           return gtest_safe_name(std::get<0>(info.param)) + "_" +
                                  std::get<1>(info.param).name;
                         });

}  // namespace
}  // namespace vg::test
