// CAVP .rsp reader: one pass over the file held in memory, splitting lines by hand (the six GCM
// files are ~17 MB, so no regex and no per-line stream extraction). A record ends at a blank line,
// a new section or the end of the file; sizes declared by the section are checked per record.
#include "common/cavp.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace vg::test {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return std::move(s).str();
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// Splits "Name = value" (value may be empty); returns false when there is no '='.
bool split_field(std::string_view line, std::string_view& name, std::string_view& value) {
  const auto eq = line.find('=');
  if (eq == std::string_view::npos) return false;
  name = trim(line.substr(0, eq));
  value = trim(line.substr(eq + 1));
  return true;
}

unsigned parse_unsigned(std::string_view s, const std::string& where) {
  unsigned v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size())
    throw std::runtime_error(where + ": bad number '" + std::string(s) + "'");
  return v;
}

class parser {
 public:
  explicit parser(std::string path) : path_(std::move(path)) {}

  std::vector<cavp_gcm_case> run() {
    const std::string text = read_file(path_);
    std::string_view rest = text;
    while (!rest.empty()) {
      const auto nl = rest.find('\n');
      const std::string_view raw = rest.substr(0, nl);
      rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
      ++line_;
      handle_line(trim(raw));
    }
    finish_record();
    return std::move(cases_);
  }

 private:
  std::string where() const { return path_ + ":" + std::to_string(line_); }

  void handle_line(std::string_view line) {
    if (line.empty()) return finish_record();
    if (line.front() == '#') return;
    if (line.front() == '[') return handle_section(line);
    if (line == "FAIL") {
      require_record();
      current_.fail = true;
      return;
    }
    std::string_view name, value;
    if (!split_field(line, name, value)) throw std::runtime_error(where() + ": unexpected line");
    if (name == "Count") {
      finish_record();
      current_ = section_;
      current_.count = static_cast<int>(parse_unsigned(value, where()));
      current_.line = line_;
      in_record_ = true;
      return;
    }
    require_record();
    if (name == "Key")
      current_.key = from_hex(value);
    else if (name == "IV")
      current_.iv = from_hex(value);
    else if (name == "PT")
      current_.pt = from_hex(value);
    else if (name == "AAD")
      current_.aad = from_hex(value);
    else if (name == "CT")
      current_.ct = from_hex(value);
    else if (name == "Tag")
      current_.tag = from_hex(value);
    else
      throw std::runtime_error(where() + ": unknown field " + std::string(name));
  }

  void handle_section(std::string_view line) {
    finish_record();
    if (line.back() != ']') throw std::runtime_error(where() + ": bad section header");
    std::string_view name, value;
    if (!split_field(line.substr(1, line.size() - 2), name, value))
      throw std::runtime_error(where() + ": bad section header");
    const unsigned bits = parse_unsigned(value, where());
    if (name == "Keylen")
      section_.key_bits = bits;
    else if (name == "IVlen")
      section_.iv_bits = bits;
    else if (name == "PTlen")
      section_.pt_bits = bits;
    else if (name == "AADlen")
      section_.aad_bits = bits;
    else if (name == "Taglen")
      section_.tag_bits = bits;
    else
      throw std::runtime_error(where() + ": unknown section parameter");
  }

  void require_record() const {
    if (!in_record_) throw std::runtime_error(where() + ": field outside a record");
  }

  void check_bits(unsigned declared, std::size_t actual_bytes, const char* what) const {
    if (declared != actual_bytes * 8)
      throw std::runtime_error(path_ + ":" + std::to_string(current_.line) + ": " + what +
                               " length does not match its section");
  }

  void finish_record() {
    if (!in_record_) return;
    in_record_ = false;
    const auto& c = current_;
    check_bits(c.key_bits, c.key.size(), "Key");
    check_bits(c.iv_bits, c.iv.size(), "IV");
    check_bits(c.aad_bits, c.aad.size(), "AAD");
    check_bits(c.tag_bits, c.tag.size(), "Tag");
    check_bits(c.pt_bits, c.ct.size(), "CT");
    // A FAIL record carries no PT; every other record's PT has the section's length.
    if (!c.fail) check_bits(c.pt_bits, c.pt.size(), "PT");
    cases_.push_back(std::move(current_));
    current_ = {};
  }

  std::string path_;
  int line_ = 0;
  cavp_gcm_case section_;  // holds the current section's parameters only
  cavp_gcm_case current_;
  bool in_record_ = false;
  std::vector<cavp_gcm_case> cases_;
};

}  // namespace

std::vector<cavp_gcm_case> load_cavp_gcm(const std::string& path) {
  auto cases = parser(path).run();
  if (cases.empty()) throw std::runtime_error(path + ": no records");
  return cases;
}

}  // namespace vg::test
