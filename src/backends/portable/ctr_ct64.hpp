// Counter-mode helpers shared by GCM (32-bit big-endian counter in bytes 12..15) and GCM-SIV
// (32-bit little-endian counter in bytes 0..3), four blocks per bitsliced AES call.
//
// Counter blocks are built directly as the little-endian word pairs aes_ct64_encrypt4 takes, so no
// counter block is ever stored and reloaded. Counters and lengths are public; the keystream and
// data only meet XOR. A final partial batch goes through one 64-byte stack buffer (bounded copies
// of public lengths), which is wiped afterwards.
#ifndef VG_SRC_BACKENDS_PORTABLE_CTR_CT64_HPP
#define VG_SRC_BACKENDS_PORTABLE_CTR_CT64_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/portable/aes_ct64.hpp"
#include "common/bytes.hpp"

namespace vg::detail::portable {

enum class counter_layout {
  gcm,  // bytes 12..15, big-endian (SP 800-38D inc32)
  siv,  // bytes 0..3, little-endian (RFC 8452)
};

// A counter block split into its fixed part (as little-endian words, counter bytes cleared) and
// the 32-bit counter value.
struct counter_block {
  std::uint64_t lo, hi;
  std::uint32_t counter;
};

template <counter_layout Layout>
inline counter_block split_counter_block(const std::uint8_t block[16]) noexcept {
  const std::uint64_t lo = load_le64(block), hi = load_le64(block + 8);
  if constexpr (Layout == counter_layout::gcm) {
    return {lo, hi & 0xFFFFFFFF, load_be32(block + 12)};
  } else {
    return {lo & 0xFFFFFFFF00000000, hi, load_le32(block)};
  }
}

// Writes block `slot` (0..3) of `words` as the counter block with counter value `counter`.
template <counter_layout Layout>
inline void put_counter(std::uint64_t words[8], int slot, const counter_block& base,
                        std::uint32_t counter) noexcept {
  if constexpr (Layout == counter_layout::gcm) {
    words[2 * slot] = base.lo;
    words[2 * slot + 1] = base.hi | (std::uint64_t{byte_swap32(counter)} << 32);
  } else {
    words[2 * slot] = base.lo | counter;
    words[2 * slot + 1] = base.hi;
  }
}

// out[i] = in[i] ^ keystream[i] for a whole 64-byte batch.
inline void xor_batch(std::uint8_t* out, const std::uint8_t* in,
                      const std::uint64_t keystream[8]) noexcept {
  for (int i = 0; i < 8; ++i) store_le64(out + 8 * i, load_le64(in + 8 * i) ^ keystream[i]);
}

// The same for n < 64 bytes, through `scratch` (64 bytes, left holding the output zero-padded).
inline void xor_partial_batch(std::uint8_t* out, const std::uint8_t* in, std::size_t n,
                              const std::uint64_t keystream[8], std::uint8_t scratch[64]) noexcept {
  std::memset(scratch, 0, 64);
  if (n != 0) std::memcpy(scratch, in, n);
  xor_batch(scratch, scratch, keystream);
  std::memset(scratch + n, 0, 64 - n);
  if (n != 0) std::memcpy(out, scratch, n);
}

// CTR over `len` bytes starting at counter value base.counter; returns the next counter value.
template <counter_layout Layout>
inline std::uint32_t ctr_xor(const aes_ct64_key& key, const counter_block& base,
                             const std::uint8_t* in, std::uint8_t* out, std::size_t len) noexcept {
  std::uint64_t keystream[8];
  std::uint32_t counter = base.counter;
  for (; len >= 64; len -= 64, in += 64, out += 64, counter += 4) {
    for (int slot = 0; slot < 4; ++slot) put_counter<Layout>(keystream, slot, base, counter + slot);
    aes_ct64_encrypt4(key, keystream);
    xor_batch(out, in, keystream);
  }
  if (len != 0) {
    for (int slot = 0; slot < 4; ++slot) put_counter<Layout>(keystream, slot, base, counter + slot);
    // A one- or two-block tail packs only the blocks it uses; the rest of the keystream words
    // are then unspecified, and xor_partial_batch drops them with the zero padding.
    aes_ct64_encrypt(key, keystream, static_cast<int>((len + 15) / 16));
    std::uint8_t scratch[64];
    xor_partial_batch(out, in, len, keystream, scratch);
    counter += static_cast<std::uint32_t>((len + 15) / 16);
    ct::wipe(scratch, sizeof scratch);
  }
  ct::wipe(keystream, sizeof keystream);
  return counter;
}

}  // namespace vg::detail::portable

#endif  // VG_SRC_BACKENDS_PORTABLE_CTR_CT64_HPP
