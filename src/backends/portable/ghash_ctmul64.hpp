// Constant-time GHASH and POLYVAL multiplication with 64-bit integer multiplies ("ctmul64").
//
// Field elements are held in GCM's bit-reflected form as a 128-bit integer hi:lo where hi is bytes
// 0..7 of the GHASH block read big-endian (so the coefficient of x^0 is the top bit of hi). A
// multiplier (a power of the hash key) is prepared once: see ghash_ctmul64.cpp for the technique.
#ifndef VG_SRC_BACKENDS_PORTABLE_GHASH_CTMUL64_HPP
#define VG_SRC_BACKENDS_PORTABLE_GHASH_CTMUL64_HPP

#include <cstddef>
#include <cstdint>

namespace vg::detail::portable {

struct gf128 {
  std::uint64_t hi, lo;
};

// h * x^-1 split for the carry-isolated multiply: pieces (lo, hi, lo ^ hi) of the 128-bit value,
// each cut into the five residue classes of bit positions modulo 5.
struct gf128_multiplier {
  std::uint64_t piece[3][5];
};

// H^4, H^3, H^2, H^1 in that order: four blocks are hashed with one reduction.
inline constexpr int hash_powers = 4;
struct hash_key {
  gf128_multiplier power[hash_powers];  // power[i] multiplies by H^(hash_powers - i)
};

// a * b in GHASH's field (SP 800-38D order), for setup and tests.
gf128 gf128_mul(gf128 a, gf128 b) noexcept;

// Prepares the four powers of h.
void hash_key_init(hash_key& out, gf128 h) noexcept;

// Prepares only H^1..H^count (power[hash_powers - count..]); enough for calls that hash at most
// `count` blocks at a time. For one-shot keys (GCM-SIV's per-nonce key) on short messages.
void hash_key_init_powers(hash_key& out, gf128 h, int count) noexcept;

// RFC 8452 Appendix A: POLYVAL with key H equals GHASH with key mulX_GHASH(ByteReverse(H)) on
// byte-reversed blocks. Returns that GHASH-domain key.
gf128 polyval_key_to_ghash(const std::uint8_t h[16]) noexcept;

// y = (y ^ X_i) * H for each 16-byte block of `data` (n_blocks whole blocks).
// GHASH reads blocks big-endian; POLYVAL reads them byte-reversed (little-endian words swapped).
void ghash_blocks(const hash_key& key, gf128& y, const std::uint8_t* data,
                  std::size_t n_blocks) noexcept;
void polyval_blocks(const hash_key& key, gf128& y, const std::uint8_t* data,
                    std::size_t n_blocks) noexcept;

// Same on blocks already in gf128 form (used for the length block).
void ghash_element(const hash_key& key, gf128& y, gf128 x) noexcept;

}  // namespace vg::detail::portable

#endif  // VG_SRC_BACKENDS_PORTABLE_GHASH_CTMUL64_HPP
