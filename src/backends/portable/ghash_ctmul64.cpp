// GHASH/POLYVAL multiplication in GF(2^128) with ordinary integer multiplies, constant time.
//
// Technique ("multiplication with holes"): an integer product of two 64-bit numbers is the
// carry-less product plus carries. Keep only the bits of x whose position is congruent to i mod 5
// (x_i) and of y congruent to j mod 5 (y_j): every bit of x_i * y_j at a position congruent to
// i + j is a sum of at most 13 one-bit terms (13 < 16), so its carries reach at most 3 positions
// higher and never the next position of the same class. Hence, for each class k,
//   (XOR over i + j = k mod 5 of x_i * y_j) AND mask_k
// equals the carry-less product's bits of class k, and five such sums give the full 128-bit
// carry-less product of two 64-bit values from 25 widening multiplies. Three of those (Karatsuba:
// lo*lo, hi*hi, (lo^hi)*(lo^hi)) give the 256-bit product of two field elements. Classes of
// several products are XOR-accumulated before masking, so four blocks share one set of masks and
// one reduction ("aggregated reduction" with H^4..H^1).
//
// Bit order: elements are the 128-bit integer hi:lo with x^i at bit 127 - i (GCM's reflection).
// The carry-less product of two such integers has x^i at bit 254 - i; instead of shifting the
// 256-bit product left by one, multipliers are stored as h * x^-1, which puts x^i at bit 255 - i.
// The 256-bit value (z3:z2:z1:z0) is then reduced modulo x^128 + x^7 + x^2 + x + 1 by folding z0
// and then z1 (x^(128 + k) = x^k (1 + x + x^2 + x^7); multiplying by x^j is a right shift by j).
//
// Secrets: H, its powers and the running hash. They only meet AND with constant masks, XOR,
// shifts by constants and integer multiplies, which take constant time on the 64-bit CPUs this
// library targets (not on some microcontrollers with early-terminating multipliers).
#include "backends/portable/ghash_ctmul64.hpp"

#include "common/bytes.hpp"

namespace vg::detail::portable {
namespace {

using u64 = std::uint64_t;

constexpr u64 positions_congruent_to(int k) {
  u64 m = 0;
  for (int p = 0; p < 64; ++p) {
    if (p % 5 == k) m |= u64{1} << p;
  }
  return m;
}

constexpr u64 class_mask[5] = {positions_congruent_to(0), positions_congruent_to(1),
                               positions_congruent_to(2), positions_congruent_to(3),
                               positions_congruent_to(4)};

// A 128-bit integer product, as two words.
struct wide {
  u64 lo, hi;
};

inline wide multiply_wide(u64 a, u64 b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ typedef unsigned __int128 u128;
  const u128 p = static_cast<u128>(a) * b;
  return {static_cast<u64>(p), static_cast<u64>(p >> 64)};
#else
  const u64 a0 = a & 0xFFFFFFFF, a1 = a >> 32, b0 = b & 0xFFFFFFFF, b1 = b >> 32;
  const u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const u64 middle = (p00 >> 32) + (p01 & 0xFFFFFFFF) + (p10 & 0xFFFFFFFF);
  return {(p00 & 0xFFFFFFFF) | (middle << 32), p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32)};
#endif
}

// Bits 64..127 of a product have position 64 + q, congruent to k exactly when q is congruent to
// k + 1 (64 = 4 mod 5).
inline wide mask_class(wide v, int k) noexcept {
  return {v.lo & class_mask[k], v.hi & class_mask[(k + 1) % 5]};
}

// Multiplication by x and by x^-1 in the reflected representation, without branches.
inline gf128 mul_x(gf128 a) noexcept {
  const u64 carry = 0 - (a.lo & 1);  // coefficient of x^127 becomes x^128 = x^7 + x^2 + x + 1
  return {(a.hi >> 1) ^ (carry & 0xE100000000000000), (a.lo >> 1) | (a.hi << 63)};
}

inline gf128 div_x(gf128 a) noexcept {
  const u64 carry = 0 - (a.hi >> 63);  // coefficient of x^0: add the modulus, then divide
  return {((a.hi << 1) | (a.lo >> 63)) ^ (carry & 0xC200000000000000), (a.lo << 1) ^ (carry & 1)};
}

gf128_multiplier make_multiplier(gf128 h) noexcept {
  const gf128 g = div_x(h);
  const u64 pieces[3] = {g.lo, g.hi, g.lo ^ g.hi};
  gf128_multiplier m;
  for (int p = 0; p < 3; ++p) {
    for (int j = 0; j < 5; ++j) m.piece[p][j] = pieces[p] & class_mask[j];
  }
  return m;
}

inline gf128 reduce(u64 z3, u64 z2, u64 z1, u64 z0) noexcept {
  z2 ^= z0 ^ (z0 >> 1) ^ (z0 >> 2) ^ (z0 >> 7);
  z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
  z3 ^= z1 ^ (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7);
  z2 ^= (z1 << 63) ^ (z1 << 62) ^ (z1 << 57);
  return {z3, z2};
}

// Sum over b < N of x[b] * (what m[b] multiplies by), reduced once.
template <int N>
inline gf128 multiply_sum(const gf128* x, const gf128_multiplier* m) noexcept {
  u64 x_classes[N][3][5];
  for (int b = 0; b < N; ++b) {
    const u64 pieces[3] = {x[b].lo, x[b].hi, x[b].lo ^ x[b].hi};
    for (int p = 0; p < 3; ++p) {
      for (int i = 0; i < 5; ++i) x_classes[b][p][i] = pieces[p] & class_mask[i];
    }
  }
  wide part[3];
  for (int p = 0; p < 3; ++p) {
    wide product = {0, 0};
#pragma GCC unroll 5
    for (int k = 0; k < 5; ++k) {
      wide sum = {0, 0};
#pragma GCC unroll 4
      for (int b = 0; b < N; ++b) {
#pragma GCC unroll 5
        for (int i = 0; i < 5; ++i) {
          const wide t = multiply_wide(x_classes[b][p][i], m[b].piece[p][(k + 5 - i) % 5]);
          sum.lo ^= t.lo;
          sum.hi ^= t.hi;
        }
      }
      const wide kept = mask_class(sum, k);
      product.lo |= kept.lo;
      product.hi |= kept.hi;
    }
    part[p] = product;
  }
  const wide lo = part[0], hi = part[1];
  const wide mid = {part[2].lo ^ lo.lo ^ hi.lo, part[2].hi ^ lo.hi ^ hi.hi};
  return reduce(hi.hi, hi.lo ^ mid.hi, lo.hi ^ mid.lo, lo.lo);
}

inline gf128 load_big_endian_block(const std::uint8_t* p) noexcept {
  return {load_be64(p), load_be64(p + 8)};
}

inline gf128 load_byte_reversed_block(const std::uint8_t* p) noexcept {
  return {load_le64(p + 8), load_le64(p)};
}

template <gf128 (*Load)(const std::uint8_t*)>
inline void hash_blocks(const hash_key& key, gf128& y, const std::uint8_t* data,
                        std::size_t n_blocks) noexcept {
  gf128 x[hash_powers];
  for (; n_blocks >= hash_powers; n_blocks -= hash_powers, data += 16 * hash_powers) {
    for (int b = 0; b < hash_powers; ++b) x[b] = Load(data + 16 * b);
    x[0].hi ^= y.hi;
    x[0].lo ^= y.lo;
    y = multiply_sum<hash_powers>(x, key.power);
  }
  if (n_blocks == 0) return;
  for (std::size_t b = 0; b < n_blocks; ++b) x[b] = Load(data + 16 * b);
  x[0].hi ^= y.hi;
  x[0].lo ^= y.lo;
  switch (n_blocks) {  // public: the data length
    case 1:
      y = multiply_sum<1>(x, key.power + 3);
      break;
    case 2:
      y = multiply_sum<2>(x, key.power + 2);
      break;
    default:  // 3
      y = multiply_sum<3>(x, key.power + 1);
      break;
  }
}

}  // namespace

gf128 gf128_mul(gf128 a, gf128 b) noexcept {
  const gf128_multiplier m = make_multiplier(b);
  return multiply_sum<1>(&a, &m);
}

void hash_key_init_powers(hash_key& out, gf128 h, int count) noexcept {
  gf128 power = h;
  const int lowest = hash_powers - count;  // count is public (derived from message lengths)
  for (int i = hash_powers - 1; i >= lowest; --i) {
    out.power[i] = make_multiplier(power);
    if (i > lowest) power = multiply_sum<1>(&power, &out.power[hash_powers - 1]);
  }
  ct::wipe(&power, sizeof power);
}

void hash_key_init(hash_key& out, gf128 h) noexcept {
  hash_key_init_powers(out, h, hash_powers);
}

gf128 polyval_key_to_ghash(const std::uint8_t h[16]) noexcept {
  return mul_x(load_byte_reversed_block(h));
}

void ghash_blocks(const hash_key& key, gf128& y, const std::uint8_t* data,
                  std::size_t n_blocks) noexcept {
  hash_blocks<load_big_endian_block>(key, y, data, n_blocks);
}

void polyval_blocks(const hash_key& key, gf128& y, const std::uint8_t* data,
                    std::size_t n_blocks) noexcept {
  hash_blocks<load_byte_reversed_block>(key, y, data, n_blocks);
}

void ghash_element(const hash_key& key, gf128& y, gf128 x) noexcept {
  x.hi ^= y.hi;
  x.lo ^= y.lo;
  y = multiply_sum<1>(&x, key.power + hash_powers - 1);
}

}  // namespace vg::detail::portable
