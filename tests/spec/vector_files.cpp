// Plain line-oriented parsing of the shared vector files; see vector_files.hpp.
#include "vector_files.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace vg::spec_test {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  throw std::invalid_argument(std::string("not a hex digit: ") + c);
}

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

}  // namespace

spec::bytes from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) throw std::invalid_argument("odd-length hex string");
  spec::bytes out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(hex_digit(hex[2 * i]) * 16 + hex_digit(hex[2 * i + 1]));
  return out;
}

spec::block block_from_hex(std::string_view hex) {
  const spec::bytes b = from_hex(hex);
  if (b.size() != 16) throw std::invalid_argument("a block is 32 hex digits");
  spec::block out{};
  for (std::size_t i = 0; i < 16; ++i) out[i] = b[i];
  return out;
}

std::string to_hex(spec::view data) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (const std::uint8_t b : data) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::string vector_path(std::string_view relative) {
  return std::string(VG_VECTORS_DIR) + "/" + std::string(relative);
}

const std::string& kv_record::at(const std::string& name) const {
  const auto it = fields.find(name);
  if (it == fields.end())
    throw std::out_of_range("record at line " + std::to_string(first_line) + " has no " + name);
  return it->second;
}

std::vector<kv_record> read_kv_records(std::string_view relative_path) {
  std::ifstream in(vector_path(relative_path));
  if (!in) throw std::runtime_error("cannot open " + vector_path(relative_path));
  std::vector<kv_record> records;
  std::map<std::string, std::string> section;  // from "[Name = value]" headers
  kv_record current;
  bool in_record = false;
  auto finish = [&] {
    if (in_record) records.push_back(current);
    in_record = false;
  };

  std::string raw;
  int line_number = 0;
  while (std::getline(in, raw)) {
    ++line_number;
    const std::string line = trim(raw);
    if (line.empty()) {
      finish();
      continue;
    }
    if (line[0] == '#') continue;
    if (line.front() == '[' && line.back() == ']') {
      finish();
      const std::string inner = line.substr(1, line.size() - 2);
      const auto eq = inner.find('=');
      if (eq != std::string::npos) section[trim(inner.substr(0, eq))] = trim(inner.substr(eq + 1));
      continue;
    }
    if (!in_record) {
      current = kv_record{section, line_number};
      in_record = true;
    }
    const auto eq = line.find('=');
    if (eq == std::string::npos) {
      current.fields[line] = "";  // a bare word such as FAIL
    } else {
      current.fields[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
    }
  }
  finish();
  return records;
}

nlohmann::json read_json(std::string_view relative_path) {
  std::ifstream in(vector_path(relative_path));
  if (!in) throw std::runtime_error("cannot open " + vector_path(relative_path));
  return nlohmann::json::parse(in);
}

}  // namespace vg::spec_test
