// Moving bytes in generic code (the mode layer, the API and the portable backend): loads and stores
// of 32/64-bit words in a fixed byte order, 16-byte blocks built for a kernel, and wiping.
//
// The loads and stores are written with memcpy, which compilers turn into single (possibly
// byte-swapping) moves at any alignment. Nothing here branches on the data moved.
//
// Blocks handed to a kernel are written with one 16-byte store (store_block): a 16-byte load that
// overlaps several narrower, still-buffered stores cannot be forwarded from the store buffer and
// waits until they retire (measured: ~20 ns more per 16-byte seal with J0 written as
// 12 + 1 + 1 + 1 + 1 bytes; docs/design/dispatch.md).
//
// ISA isolation: only baseline instructions (SSE2 on x86-64, NEON on arm64). Backends compiled
// with ISA flags do not include this header (backends/backend.hpp; tests/isa_isolation).
#ifndef VG_SRC_COMMON_BYTES_HPP
#define VG_SRC_COMMON_BYTES_HPP

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>  // baseline on x86-64
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>  // baseline on arm64
#endif

namespace vg::detail {

// An AES block, and the all-zero one: a CTR kernel run over it writes the keystream itself.
inline constexpr std::size_t kBlockBytes = 16;
alignas(16) inline constexpr std::uint8_t kZeroBlock[kBlockBytes] = {};

inline std::uint64_t byte_swap64(std::uint64_t x) noexcept {
  return __builtin_bswap64(x);
}
inline std::uint32_t byte_swap32(std::uint32_t x) noexcept {
  return __builtin_bswap32(x);
}

inline std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::big) x = byte_swap64(x);
  return x;
}

inline std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::little) x = byte_swap64(x);
  return x;
}

inline void store_le64(std::uint8_t* p, std::uint64_t x) noexcept {
  if constexpr (std::endian::native == std::endian::big) x = byte_swap64(x);
  std::memcpy(p, &x, 8);
}

inline void store_be64(std::uint8_t* p, std::uint64_t x) noexcept {
  if constexpr (std::endian::native == std::endian::little) x = byte_swap64(x);
  std::memcpy(p, &x, 8);
}

inline std::uint32_t load_be32(const std::uint8_t* p) noexcept {
  std::uint32_t x;
  std::memcpy(&x, p, 4);
  if constexpr (std::endian::native == std::endian::little) x = byte_swap32(x);
  return x;
}

inline std::uint32_t load_le32(const std::uint8_t* p) noexcept {
  std::uint32_t x;
  std::memcpy(&x, p, 4);
  if constexpr (std::endian::native == std::endian::big) x = byte_swap32(x);
  return x;
}

// dst[0..8) = the bytes of `lo` in memory order, dst[8..16) = those of `hi`, in one 16-byte store.
inline void store_block(std::uint8_t* dst, std::uint64_t lo, std::uint64_t hi) noexcept {
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

namespace ct {

// Overwrites n bytes with zeros in a way the compiler may not elide: the empty asm claims to read
// the memory, so the memset is not a dead store even when the buffer is never read again.
inline void wipe(void* p, std::size_t n) noexcept {
  if (n == 0) return;  // p may then be null, which memset does not accept
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace ct
}  // namespace vg::detail

#endif  // VG_SRC_COMMON_BYTES_HPP
