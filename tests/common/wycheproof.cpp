// Wycheproof AEAD JSON reader built on nlohmann::json. It checks the declared sizes (keySize,
// ivSize, tagSize in bits) against the decoded fields and the case count against numberOfTests, so
// a truncated or misread file cannot silently shrink the test.
#include "common/wycheproof.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace vg::test {

bool wycheproof_aead_case::has_flag(const std::string& flag) const {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

namespace {

wycheproof_result parse_result(const std::string& s) {
  if (s == "valid") return wycheproof_result::valid;
  if (s == "invalid") return wycheproof_result::invalid;
  if (s == "acceptable") return wycheproof_result::acceptable;
  throw std::runtime_error("unknown Wycheproof result: " + s);
}

void check_bits(const nlohmann::json& group, const char* field, std::size_t bytes_len, int tc_id) {
  if (!group.contains(field)) return;
  if (group.at(field).get<std::size_t>() != bytes_len * 8)
    throw std::runtime_error("tcId " + std::to_string(tc_id) + ": " + field +
                             " does not match the data");
}

}  // namespace

wycheproof_aead_file load_wycheproof_aead(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  const nlohmann::json doc = nlohmann::json::parse(in);

  wycheproof_aead_file file;
  file.algorithm = doc.at("algorithm").get<std::string>();
  file.number_of_tests = doc.at("numberOfTests").get<int>();
  for (const auto& group : doc.at("testGroups")) {
    for (const auto& t : group.at("tests")) {
      wycheproof_aead_case c;
      c.tc_id = t.at("tcId").get<int>();
      c.comment = t.value("comment", "");
      c.flags = t.value("flags", std::vector<std::string>{});
      c.key = from_hex(t.at("key").get<std::string>());
      c.iv = from_hex(t.at("iv").get<std::string>());
      c.aad = from_hex(t.at("aad").get<std::string>());
      c.msg = from_hex(t.at("msg").get<std::string>());
      c.ct = from_hex(t.at("ct").get<std::string>());
      c.tag = from_hex(t.at("tag").get<std::string>());
      c.result = parse_result(t.at("result").get<std::string>());
      check_bits(group, "keySize", c.key.size(), c.tc_id);
      check_bits(group, "ivSize", c.iv.size(), c.tc_id);
      check_bits(group, "tagSize", c.tag.size(), c.tc_id);
      file.cases.push_back(std::move(c));
    }
  }
  if (file.cases.size() != static_cast<std::size_t>(file.number_of_tests))
    throw std::runtime_error(path + ": numberOfTests does not match the cases read");
  return file;
}

}  // namespace vg::test
