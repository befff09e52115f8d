// Small byte-string helpers shared by the spec files: XOR, zero padding and fixed-width integer
// encodings. Nothing here is clever; each helper is named after the notation it stands for in
// the standards (⊕, 0^s, [x]_64, LE64). The spec is not constant time and never claims to be.
#ifndef VG_SRC_SPEC_BYTES_UTIL_HPP
#define VG_SRC_SPEC_BYTES_UTIL_HPP

#include <cstddef>
#include <cstdint>

#include "spec/spec.hpp"

namespace vg::spec::detail {

// X ⊕ Y for two whole blocks.
inline block xor_blocks(const block& x, const block& y) {
  block z{};
  for (std::size_t i = 0; i < 16; ++i) z[i] = static_cast<std::uint8_t>(x[i] ^ y[i]);
  return z;
}

// Appends `data` and then zero bytes up to the next multiple of 16 (the "|| 0^s" padding of
// SP 800-38D §7.1 step 5 and RFC 8452 §4's "padded" strings).
inline void append_zero_padded(bytes& out, view data) {
  out.insert(out.end(), data.begin(), data.end());
  while (out.size() % 16 != 0) out.push_back(0);
}

// [x]_64 of SP 800-38D: the 64-bit big-endian encoding.
inline void append_be64(bytes& out, std::uint64_t x) {
  for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(x >> shift));
}

// LE64 of RFC 8452: the 64-bit little-endian encoding.
inline void append_le64(bytes& out, std::uint64_t x) {
  for (int shift = 0; shift < 64; shift += 8) out.push_back(static_cast<std::uint8_t>(x >> shift));
}

// Equality of two byte strings of the same length. The spec is an oracle, not production code,
// so a plain comparison is fine; it still looks at every byte.
inline bool equal_bytes(view a, view b) {
  if (a.size() != b.size()) return false;
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<std::uint8_t>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace vg::spec::detail

#endif  // VG_SRC_SPEC_BYTES_UTIL_HPP
