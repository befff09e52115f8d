// evp_test stanza reader; see evp_file.hpp. The file is small (~1300 lines), so plain getline.
#include "common/evp_file.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <stdexcept>
#include <string_view>

namespace vg::test {
namespace {

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

}  // namespace

bool evp_stanza::has(const std::string& name) const {
  return std::any_of(fields.begin(), fields.end(), [&](const auto& f) { return f.first == name; });
}

const std::string& evp_stanza::at(const std::string& name) const {
  const auto it =
      std::find_if(fields.rbegin(), fields.rend(), [&](const auto& f) { return f.first == name; });
  if (it == fields.rend())
    throw std::out_of_range("stanza at line " + std::to_string(line) + " has no " + name);
  return it->second;
}

std::string evp_stanza::cipher() const {
  std::string name = has("Cipher") ? at("Cipher") : std::string();
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

bytes evp_stanza::hex(const std::string& name) const {
  return has(name) ? from_hex(at(name)) : bytes{};
}

std::vector<bytes> evp_stanza::hex_pieces(const std::string& name) const {
  std::vector<bytes> pieces;
  for (const auto& [field, value] : fields)
    if (field == name) pieces.push_back(from_hex(value));
  return pieces;
}

std::vector<evp_stanza> load_evp_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<evp_stanza> stanzas;
  evp_stanza current;
  const auto finish = [&] {
    if (!current.fields.empty()) stanzas.push_back(std::move(current));
    current = evp_stanza{};
  };
  std::string raw;
  for (int line_number = 1; std::getline(in, raw); ++line_number) {
    const std::string line = trim(raw);
    if (line.empty()) {
      finish();
      continue;
    }
    if (line.front() == '#') continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error(path + ":" + std::to_string(line_number) + ": not a field");
    if (current.fields.empty()) current.line = line_number;
    current.fields.emplace_back(trim(std::string_view(line).substr(0, eq)),
                                trim(std::string_view(line).substr(eq + 1)));
  }
  finish();
  if (stanzas.empty()) throw std::runtime_error(path + ": no stanzas");
  return stanzas;
}

}  // namespace vg::test
