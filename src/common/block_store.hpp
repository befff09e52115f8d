// Building a 16-byte block that a kernel will load at once.
//
// A 16-byte load that overlaps several narrower, still-buffered stores cannot be forwarded from the
// store buffer and waits until they retire (measured: ~20 ns more per 16-byte seal with J0
// written as 12 + 1 + 1 + 1 + 1 bytes; docs/design/dispatch.md). So blocks handed to kernels are
// written with one 16-byte store.
#ifndef VG_SRC_COMMON_BLOCK_STORE_HPP
#define VG_SRC_COMMON_BLOCK_STORE_HPP

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>  // baseline on x86-64: no ISA isolation concern
#elif defined(__aarch64__)
#include <arm_neon.h>  // baseline on arm64
#endif

namespace vg::detail {

// Loads 8 / 4 bytes in memory order into the low bytes of an integer (little-endian targets).
static inline std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
static inline std::uint64_t load_le32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// dst[0..8) = the bytes of `lo` in memory order, dst[8..16) = those of `hi`, in one 16-byte store.
static inline void store_block(std::uint8_t* dst, std::uint64_t lo, std::uint64_t hi) noexcept {
#if defined(__SSE2__)
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst),
                   _mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo)));
#elif defined(__aarch64__) && defined(__ARM_NEON)
  vst1q_u64(reinterpret_cast<std::uint64_t*>(dst), vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)));
#else
  std::memcpy(dst, &lo, 8);
  std::memcpy(dst + 8, &hi, 8);
#endif
}

}  // namespace vg::detail

#endif  // VG_SRC_COMMON_BLOCK_STORE_HPP
