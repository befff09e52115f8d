// Every case of the Wycheproof AES-GCM and AES-GCM-SIV files (current and legacy), against every
// runnable backend and against the spec.
//
// valid:      seal must give exactly ct || tag, and open must give msg back.
// invalid:    open must reject; a rejection by authentication must leave the output all zero, a
//             rejection of the parameters (0-byte IV) must be status::nonce_length for seal and
//             open alike. GCM ModifiedTag cases also seal to the same ct with another tag.
// acceptable: either behaviour (legacy SmallIv); if accepted, the result must be correct.
// GCM-SIV may be absent from a backend (create() says status::unsupported): the test is skipped.
#include "common/wycheproof.hpp"

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

struct vector_file {
  const char* path;  // relative to VG_VECTORS_DIR/wycheproof
  const char* label;
};

constexpr vector_file kFiles[] = {
    {"aes_gcm_test.json", "gcm"},
    {"legacy/aes_gcm_test.json", "legacy_gcm"},
    {"aes_gcm_siv_test.json", "gcm_siv"},
    {"legacy/aes_gcm_siv_test.json", "legacy_gcm_siv"},
};

bool all_zero(const bytes& b) {
  return std::all_of(b.begin(), b.end(), [](std::uint8_t x) { return x == 0; });
}

bool parameters_rejected(vg::status st) {
  return st == vg::status::nonce_length || st == vg::status::tag_length;
}

vg::algorithm algorithm_for(const std::string& name, std::size_t key_len) {
  const bool siv = name == "AES-GCM-SIV";
  if (key_len == 16) return siv ? vg::algorithm::aes_128_gcm_siv : vg::algorithm::aes_128_gcm;
  if (key_len == 24 && !siv) return vg::algorithm::aes_192_gcm;
  if (key_len == 32) return siv ? vg::algorithm::aes_256_gcm_siv : vg::algorithm::aes_256_gcm;
  throw std::runtime_error("no algorithm for this key length");
}

std::string status_name(vg::status st) {
  return vg::to_string(st);
}

// Checks one case; returns "" when it passes, else what went wrong.
std::string check_case(implementation& impl, const wycheproof_aead_case& c, bool siv) {
  const bool accept_ok = c.result != wycheproof_result::invalid;
  const bool reject_ok = c.result != wycheproof_result::valid;

  const auto opened = impl.open(c.iv, c.aad, c.ct, c.tag);
  if (opened.st == vg::status::ok) {
    if (!accept_ok) return "open accepted an invalid case";
    if (opened.pt != c.msg) return "open returned " + to_hex(opened.pt) + ", want " + to_hex(c.msg);
  } else {
    if (!reject_ok) return "open returned " + status_name(opened.st);
    if (opened.st == vg::status::auth) {
      if (c.iv.empty()) return "0-byte IV reached authentication instead of nonce_length";
      if (!all_zero(opened.pt)) return "rejected open left non-zero output";
    } else if (!parameters_rejected(opened.st)) {
      return "open rejected with " + status_name(opened.st);
    }
  }

  const auto sealed = impl.seal(c.iv, c.aad, c.msg, c.tag.size());
  if (c.iv.empty()) {
    if (sealed.st != vg::status::nonce_length)
      return "seal with 0-byte IV: " + status_name(sealed.st);
    return "";
  }
  if (sealed.st != vg::status::ok) {
    if (reject_ok && parameters_rejected(sealed.st) && opened.st != vg::status::ok) return "";
    return "seal returned " + status_name(sealed.st);
  }
  if (parameters_rejected(opened.st)) return "seal accepted parameters that open rejected";
  // In GCM the ciphertext does not depend on the tag, so a ModifiedTag case still carries the true
  // ciphertext; in GCM-SIV the tag is the counter's IV, so such cases carry arbitrary bytes.
  if (opened.st == vg::status::ok || (!siv && c.has_flag("ModifiedTag"))) {
    if (sealed.ct != c.ct) return "seal ct " + to_hex(sealed.ct) + ", want " + to_hex(c.ct);
  }
  if (opened.st == vg::status::ok && sealed.tag != c.tag)
    return "seal tag " + to_hex(sealed.tag) + ", want " + to_hex(c.tag);
  if (c.result == wycheproof_result::invalid && sealed.tag == c.tag)
    return "seal produced the tag of an invalid case";
  return "";
}

void PrintTo(const vector_file& f, std::ostream* os) {
  *os << f.path;
}

class WycheproofTest : public ::testing::TestWithParam<std::tuple<std::string, vector_file>> {};

TEST_P(WycheproofTest, AllCases) {
  const auto& [impl_name, file] = GetParam();
  const auto data = load_wycheproof_aead(vector_path(std::string("wycheproof/") + file.path));
  ASSERT_FALSE(data.cases.empty());
  const bool siv = data.algorithm == "AES-GCM-SIV";
  ASSERT_TRUE(siv || data.algorithm == "AES-GCM") << data.algorithm;

  auto impl = make_implementation(impl_name);
  failure_log log;
  int run = 0;
  for (const auto& c : data.cases) {
    const auto where =
        std::string(file.path) + " tcId " + std::to_string(c.tc_id) + " (" + c.comment + ")";
    const vg::status st = impl->set_key(algorithm_for(data.algorithm, c.key.size()), c.key);
    if (st == vg::status::unsupported && siv && run == 0)
      GTEST_SKIP() << impl_name << " does not implement AES-GCM-SIV yet";
    if (st != vg::status::ok) {
      log.add(where, "create: " + status_name(st));
      continue;
    }
    ++run;
    const std::string error = check_case(*impl, c, siv);
    if (!error.empty()) log.add(where, error);
  }
  log.summarize(run);
  EXPECT_EQ(run, static_cast<int>(data.cases.size()));
}

INSTANTIATE_TEST_SUITE_P(Vectors, WycheproofTest,
                         ::testing::Combine(::testing::ValuesIn(implementations_under_test()),
                                            ::testing::ValuesIn(kFiles)),
                         [](const auto& info) {
                           return gtest_safe_name(std::get<0>(info.param)) + "_" +
                                  std::get<1>(info.param).label;
                         });

}  // namespace
}  // namespace vg::test
