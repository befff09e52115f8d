// A fixed-seed pseudo-random generator (SplitMix64) for test data: reproducible across runs and
// platforms, so a failure report's seed and length are enough to replay it. Not for keys in
// production — only test inputs. random_bytes() serves the suites whose fixed data comes from a
// standard engine (std::mt19937_64): one draw per byte, its low 8 bits, as they always drew it.
#ifndef VG_TESTS_COMMON_PRNG_HPP
#define VG_TESTS_COMMON_PRNG_HPP

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vg::test {

class prng {
 public:
  explicit prng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  void fill(std::span<std::uint8_t> out) {
    for (std::size_t i = 0; i < out.size(); i += 8) {
      std::uint64_t v = next();
      for (std::size_t j = i; j < out.size() && j < i + 8; ++j, v >>= 8)
        out[j] = static_cast<std::uint8_t>(v);
    }
  }

  std::vector<std::uint8_t> bytes(std::size_t n) {
    std::vector<std::uint8_t> out(n);
    fill(out);
    return out;
  }

 private:
  std::uint64_t state_;
};

/// `n` bytes from a standard engine, one engine call per byte (the low 8 bits of each draw).
template <typename Engine>
std::vector<std::uint8_t> random_bytes(Engine& engine, std::size_t n) {
  std::vector<std::uint8_t> out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(engine());
  return out;
}

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_PRNG_HPP
