// Hex conversion for test vectors and failure messages. Vector files are public data, so nothing
// here needs to be constant time.
#ifndef VG_TESTS_COMMON_HEX_HPP
#define VG_TESTS_COMMON_HEX_HPP

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vg::test {

using bytes = std::vector<std::uint8_t>;     // the same type as vg::spec::bytes
using block = std::array<std::uint8_t, 16>;  // the same type as vg::spec::block

/// Decodes lower- or upper-case hex; throws std::invalid_argument on odd length or a bad digit.
bytes from_hex(std::string_view hex);

/// Exactly 32 hex digits as one 16-byte block; throws std::invalid_argument otherwise.
block block_from_hex(std::string_view hex);

/// Lower-case hex of `data`.
std::string to_hex(std::span<const std::uint8_t> data);

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_HEX_HPP
