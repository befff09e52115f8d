// SHAKE-128 (FIPS 202 §6.2), for tests that draw inputs from or hash outputs into an extendable
// output function (the C2SP accumulated vectors). Plain, byte-at-a-time, not constant time.
#ifndef VG_TESTS_COMMON_SHAKE128_HPP
#define VG_TESTS_COMMON_SHAKE128_HPP

#include <cstddef>
#include <cstdint>
#include <span>

namespace vg::test {

/// One SHAKE-128 instance: absorb() any number of times, then squeeze() any number of times.
class shake128 {
 public:
  /// Absorbs `data`; only before the first squeeze().
  void absorb(std::span<const std::uint8_t> data);
  /// Writes the next out.size() bytes of output (the first call pads and ends absorbing).
  void squeeze(std::span<std::uint8_t> out);

 private:
  void permute();
  std::uint64_t lanes_[25] = {};
  std::size_t position_ = 0;  // byte offset within the rate
  bool squeezing_ = false;
};

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_SHAKE128_HPP
