#include "common/records.hpp"

#include <fstream>
#include <stdexcept>

namespace vg::test {
namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

std::vector<record> read_records(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<record> records;
  record current;
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    if (!line.empty() && line[0] == '#') continue;
    const auto eq = line.find('=');
    if (line.empty() || eq == std::string::npos) {
      if (!current.empty()) records.push_back(std::move(current));
      current.clear();
      continue;
    }
    current[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  if (!current.empty()) records.push_back(std::move(current));
  return records;
}

}  // namespace vg::test
