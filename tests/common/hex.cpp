// Hex decoding with a 256-entry table built once: the CAVP files hold ~17 MB of hex, so decoding
// speed matters for the vector suite's run time.
#include "common/hex.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace vg::test {
namespace {

constexpr std::int8_t kBadDigit = -1;

constexpr std::array<std::int8_t, 256> make_digit_table() {
  std::array<std::int8_t, 256> table{};
  for (auto& v : table) v = kBadDigit;
  for (int c = 0; c < 10; ++c) table['0' + c] = static_cast<std::int8_t>(c);
  for (int c = 0; c < 6; ++c) {
    table['a' + c] = static_cast<std::int8_t>(10 + c);
    table['A' + c] = static_cast<std::int8_t>(10 + c);
  }
  return table;
}

constexpr auto kDigit = make_digit_table();

}  // namespace

bytes from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) throw std::invalid_argument("odd-length hex: " + std::string(hex));
  bytes out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = kDigit[static_cast<unsigned char>(hex[2 * i])];
    const int lo = kDigit[static_cast<unsigned char>(hex[2 * i + 1])];
    if (hi < 0 || lo < 0) throw std::invalid_argument("bad hex digit in: " + std::string(hex));
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return out;
}

block block_from_hex(std::string_view hex) {
  if (hex.size() != 32)
    throw std::invalid_argument("a block is 32 hex digits: " + std::string(hex));
  const bytes decoded = from_hex(hex);
  block out{};
  std::copy(decoded.begin(), decoded.end(), out.begin());
  return out;
}

std::string to_hex(std::span<const std::uint8_t> data) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(data.size() * 2);
  for (std::uint8_t b : data) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 15]);
  }
  return out;
}

}  // namespace vg::test
