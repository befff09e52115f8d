// Out-of-line constant-time helpers (see ct.hpp for the contract).
#include "common/ct.hpp"

#include <cstring>

namespace vg::detail::ct {

void and_mask(std::uint8_t* p, std::size_t n, std::uint8_t mask) noexcept {
  const std::uint64_t wide = value_barrier(std::uint64_t{mask} * 0x0101010101010101u);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    w &= wide;
    std::memcpy(p + i, &w, 8);
  }
  for (; i < n; ++i) p[i] &= static_cast<std::uint8_t>(wide);
}

void wipe(void* p, std::size_t n) noexcept {
  if (n == 0) return;
  std::memset(p, 0, n);
  // The empty asm claims to read the memory, so the memset above is not a dead store.
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace vg::detail::ct
