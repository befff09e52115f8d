// The GCM tag lengths SP 800-38D §5.2.1.2 allows, written out from the standard (not taken from
// the library, whose own list tests compare with it): 128, 120, 112, 104, 96 bits, and 64 and 32
// bits for special uses.
#ifndef VG_TESTS_COMMON_TAG_LENGTHS_HPP
#define VG_TESTS_COMMON_TAG_LENGTHS_HPP

#include <algorithm>
#include <cstddef>
#include <iterator>

namespace vg::test {

inline constexpr std::size_t kGcmTagLengths[] = {4, 8, 12, 13, 14, 15, 16};

inline bool gcm_tag_length_in_standard(std::size_t n) {
  return std::find(std::begin(kGcmTagLengths), std::end(kGcmTagLengths), n) !=
         std::end(kGcmTagLengths);
}

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_TAG_LENGTHS_HPP
