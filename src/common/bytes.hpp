// Byte-order helpers for the portable backend: unaligned 64/32-bit loads and stores in a fixed byte
// order, written with memcpy so compilers turn them into single (possibly byte-swapping) moves.
// Nothing here depends on secret values except the data moved; there are no branches on data.
#ifndef VG_SRC_BACKENDS_PORTABLE_BYTE_ORDER_HPP
#define VG_SRC_BACKENDS_PORTABLE_BYTE_ORDER_HPP

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace vg::detail::portable {

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

// Overwrites `len` bytes with zeros in a way the optimiser may not drop (the buffer is dead
// afterwards, which would otherwise let it delete a plain memset).
inline void secure_wipe(void* p, std::size_t len) noexcept {
  std::memset(p, 0, len);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

}  // namespace vg::detail::portable

#endif  // VG_SRC_BACKENDS_PORTABLE_BYTE_ORDER_HPP
