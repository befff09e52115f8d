// Bitsliced AES (FIPS 197) on 64-bit words, four blocks at a time, with no memory access or branch
// that depends on key or data.
//
// Layout. The four blocks have 64 bytes; byte (row r, column c) of block b sits at bit position
//   p = 16 r + 4 c + b
// of eight 64-bit words q[0..7], where q[k] holds bit k of every byte (a "bit plane"). With rows
// in 16-bit lanes, MixColumns' "next row" is a rotation of each plane by 16 bits, and ShiftRows
// rotates the columns inside each row lane by a constant amount (masks and shifts). SubBytes is
// the Boyar–Peralta circuit (XOR/AND/NOT only) applied to the eight planes: 64 S-boxes at once.
//
// Getting there. Write p = 8 t + m with t = 2 r + (c >> 1) and m = 4 (c & 1) + b. An 8x8 bit
// transpose inside every byte lane t of eight words W[0..7] maps bit k of byte t of W[m] to bit
// (8 t + m) of q[k]. So W[m] must hold, in byte t, the state byte (r, c) of block b: W[b] is block
// b's bytes 0..3 and 8..11 interleaved (columns 0 and 2), W[4 + b] its bytes 4..7 and 12..15
// (columns 1 and 3). `spread_bytes` does the interleave, `transpose_planes` the transpose (three
// rounds of swapping bit groups of sizes 1, 2, 4; it is its own inverse).
//
// Few blocks. The bitsliced rounds cost the same for one block as for four, so short GCM-SIV
// messages pay per call: one-block calls (the tag, a short CTR tail) pack and unpack one block
// with a cheaper special case; the six AES-256 derivation blocks run as one pass on two 64-bit
// vector lanes (the rounds are templates over the word type); the derived key's schedule rides in
// a spare slot of its first use (expand_encrypt_planes).
//
// Secrets: round keys and state are only combined with XOR/AND/NOT/shifts by constants and,
// in the key schedule, multiplied by constants to copy bits (no carries; integer multiplies take
// constant time on the 64-bit CPUs targeted, as ghash_ctmul64 also assumes); loops have constant
// trip counts (the round count is public and a template parameter).
#include "backends/portable/aes_ct64.hpp"

#include "common/bytes.hpp"

namespace vg::detail::portable {
namespace {

using u64 = std::uint64_t;

// a keeps the bits of `mask << shift`, b those of `mask`; swap a's high group with b's low group.
inline void swap_bit_groups(u64& a, u64& b, u64 mask, unsigned shift) noexcept {
  const u64 t = ((a >> shift) ^ b) & mask;
  b ^= t;
  a ^= t << shift;
}

// 8x8 bit transpose inside each of the eight byte lanes: bit k of byte t of q[m] <-> bit m of
// byte t of q[k].
inline void transpose_planes(u64 q[8]) noexcept {
  for (int i = 0; i < 8; i += 2) swap_bit_groups(q[i], q[i + 1], 0x5555555555555555, 1);
  for (int i = 0; i < 8; i += (i % 2 == 0) ? 1 : 3) {  // pairs (0,2) (1,3) (4,6) (5,7)
    swap_bit_groups(q[i], q[i + 2], 0x3333333333333333, 2);
  }
  for (int i = 0; i < 4; ++i) swap_bit_groups(q[i], q[i + 4], 0x0F0F0F0F0F0F0F0F, 4);
}

// Moves the four bytes of a 32-bit value to the even byte positions of a 64-bit value.
inline u64 spread_bytes(u64 x) noexcept {
  x = (x | (x << 16)) & 0x0000FFFF0000FFFF;
  return (x | (x << 8)) & 0x00FF00FF00FF00FF;
}

// Inverse of spread_bytes: gathers the even bytes into the low 32 bits.
inline u64 gather_bytes(u64 x) noexcept {
  x &= 0x00FF00FF00FF00FF;
  x = (x | (x >> 8)) & 0x0000FFFF0000FFFF;
  return (x | (x >> 16)) & 0x00000000FFFFFFFF;
}

// Only the first `Used` blocks (compile-time) are read or written: the others pack as zero words,
// which the compiler folds through the transpose, so a one-block call skips most of the packing.
template <int Used = 4>
inline void blocks_to_planes(u64 q[8], const u64 blocks[8]) noexcept {
  if constexpr (Used == 1) {
    // Only W[0] and W[4] are non-zero, so the transpose reduces to picking bit k of every byte
    // of each: bit 0 (from W[0]) and bit 4 (from W[4]) of every byte of plane k.
    const u64 lo = blocks[0], hi = blocks[1];
    const u64 w0 = spread_bytes(lo & 0xFFFFFFFF) | (spread_bytes(hi & 0xFFFFFFFF) << 8);
    const u64 w4 = spread_bytes(lo >> 32) | (spread_bytes(hi >> 32) << 8);
    for (int k = 0; k < 8; ++k) {
      q[k] = ((w0 >> k) & 0x0101010101010101) | (((w4 >> k) & 0x0101010101010101) << 4);
    }
    return;
  }
  for (int b = 0; b < 4; ++b) {
    if (b >= Used) {
      q[b] = q[b + 4] = 0;
      continue;
    }
    const u64 lo = blocks[2 * b], hi = blocks[2 * b + 1];
    q[b] = spread_bytes(lo & 0xFFFFFFFF) | (spread_bytes(hi & 0xFFFFFFFF) << 8);
    q[b + 4] = spread_bytes(lo >> 32) | (spread_bytes(hi >> 32) << 8);
  }
  transpose_planes(q);
}

template <int Used = 4>
inline void planes_to_blocks(u64 blocks[8], u64 q[8]) noexcept {
  if constexpr (Used == 1) {  // the inverse of the one-block case above: gather bits 0 and 4
    u64 w0 = 0, w4 = 0;
    for (int k = 0; k < 8; ++k) {
      w0 |= (q[k] & 0x0101010101010101) << k;
      w4 |= ((q[k] >> 4) & 0x0101010101010101) << k;
    }
    blocks[0] = gather_bytes(w0) | (gather_bytes(w4) << 32);
    blocks[1] = gather_bytes(w0 >> 8) | (gather_bytes(w4 >> 8) << 32);
    return;
  }
  transpose_planes(q);
  for (int b = 0; b < Used; ++b) {
    const u64 even = q[b], odd = q[b + 4];
    blocks[2 * b] = gather_bytes(even) | (gather_bytes(odd) << 32);
    blocks[2 * b + 1] = gather_bytes(even >> 8) | (gather_bytes(odd >> 8) << 32);
  }
}

// SubBytes on all 64 bytes: the Boyar–Peralta depth-16 circuit (32 AND, 83 XOR, 4 NOT). Its
// input u0 is the most significant bit of a byte, i.e. plane 7.
template <class W>
inline void sub_bytes(W q[8]) noexcept {
  const W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
  const W u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];

  // Top linear layer: 8 inputs -> 27 linear combinations.
  const W t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5;
  const W t5 = u4 ^ u6, t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6;
  const W t9 = u7 ^ t7, t10 = t6 ^ t7, t11 = u1 ^ u5, t12 = u2 ^ u5;
  const W t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11, t16 = t5 ^ t12;
  const W t17 = t9 ^ t16, t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19;
  const W t21 = u6 ^ u7, t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10;
  const W t25 = t20 ^ t17, t26 = t3 ^ t16, t27 = t1 ^ t12;

  // Non-linear middle: inversion in GF(2^8) through a tower of subfields.
  const W m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7;
  const W m5 = m4 ^ m1, m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6;
  const W m9 = t20 & t17, m10 = m9 ^ m6, m11 = t1 & t15, m12 = t4 & t27;
  const W m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11, m16 = m3 ^ m2;
  const W m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13;
  const W m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23;
  const W m25 = m22 & m20, m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25;
  const W m29 = m28 & m27, m30 = m26 & m24, m31 = m20 & m23, m32 = m27 & m31;
  const W m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34, m36 = m24 ^ m25;
  const W m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36;
  const W m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40;
  const W m45 = m42 ^ m41;
  const W m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & u7, m49 = m43 & t16;
  const W m50 = m38 & t9, m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27;
  const W m54 = m41 & t10, m55 = m44 & t13, m56 = m40 & t23, m57 = m39 & t19;
  const W m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20, m61 = m42 & t1;
  const W m62 = m45 & t4, m63 = m41 & t2;

  // Bottom linear layer, including the affine constant 0x63 (the four NOTs).
  const W l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55;
  const W l4 = m54 ^ m58, l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3;
  const W l8 = m51 ^ m59, l9 = m52 ^ m53, l10 = m53 ^ l4, l11 = m60 ^ l2;
  const W l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61, l15 = m55 ^ l1;
  const W l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4;
  const W l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2;
  const W l24 = l15 ^ l9, l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10;
  const W l28 = l11 ^ l14, l29 = l11 ^ l17;

  q[7] = l6 ^ l24;
  q[6] = ~(l16 ^ l26);
  q[5] = ~(l19 ^ l28);
  q[4] = l6 ^ l21;
  q[3] = l20 ^ l22;
  q[2] = l25 ^ l29;
  q[1] = ~(l13 ^ l27);
  q[0] = ~(l6 ^ l23);
}

// Row r of the state occupies bits 16r..16r+15 of every plane, column c the nibble 4c inside it.
// ShiftRows: new (r, c) = old (r, c + r mod 4): the nibbles (n0 n1 n2 n3) of row 1 become
// (n1 n2 n3 n0), row 2 (n2 n3 n0 n1), row 3 (n3 n0 n1 n2). Two delta swaps do it: swapping
// nibbles 0<->1 and 2<->3 of rows 1 and 3 gives (n1 n0 n3 n2) in both; then swapping nibbles
// two apart -- 1<->3 in row 1, 0<->2 and 1<->3 in row 2, 0<->2 in row 3 -- finishes all three
// rows. 12 operations and two 64-bit masks (x86 must load each into a register) instead of the
// 19 operations and six masks of shifting each row's pieces separately.
template <class W>
inline W delta_swap(W x, u64 mask, unsigned shift) noexcept {  // bits p in mask <-> p + shift
  const W t = ((x >> shift) ^ x) & mask;
  return x ^ t ^ (t << shift);
}

template <class W>
inline W shift_rows_plane(W x) noexcept {
  x = delta_swap(x, 0x0F0F00000F0F0000, 4);
  return delta_swap(x, 0x000F00FF00F00000, 8);
}

template <class W>
inline W rotate_right(W x, unsigned n) noexcept {
  return (x >> n) | (x << (64 - n));
}

// Two 64-bit words in one 128-bit vector (GCC/Clang vector extension: SSE2 on x86-64, NEON on
// AArch64, pairs of scalar operations where there is no vector unit), for the six-block GCM-SIV
// derivation of AES-256 (aes_ct64_derive_siv_keys).
using u64x2 = u64 __attribute__((vector_size(16)));
using u16x8 = std::uint16_t __attribute__((vector_size(16)));

// Vectors have no rotate instruction before AVX-512, but the rotations MixColumns uses are by
// whole 16-bit words: one or two word shuffles (pshufd; pshuflw + pshufhw) instead of two
// shifts and an OR. Word order inside a lane is the byte order, hence the endianness check.
inline u64x2 rotate_right(u64x2 x, unsigned n) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    const u16x8 w = reinterpret_cast<u16x8>(x);
    if (n == 16) {  // n is a constant after inlining: no branch remains
      return reinterpret_cast<u64x2>(__builtin_shufflevector(w, w, 1, 2, 3, 0, 5, 6, 7, 4));
    }
    if (n == 32) {
      return reinterpret_cast<u64x2>(__builtin_shufflevector(w, w, 2, 3, 0, 1, 6, 7, 4, 5));
    }
  }
  return (x >> n) | (x << (64 - n));
}

// MixColumns: out[r] = 2 a[r] + 3 a[r+1] + a[r+2] + a[r+3]
//                    = 2 (a[r] + a[r+1]) + a[r+1] + (a[r+2] + a[r+3]).
// Rotating a plane right by 16 brings row r+1 to row r; doubling in GF(2^8) permutes planes and
// folds plane 7 into planes 0, 1, 3, 4 (x^8 = x^4 + x^3 + x + 1).
template <class W>
inline void mix_columns(W q[8]) noexcept {
  W next[8], sum[8];
  for (int k = 0; k < 8; ++k) {
    next[k] = rotate_right(q[k], 16);
    sum[k] = q[k] ^ next[k];
  }
  const W top = sum[7];
  const W doubled[8] = {top,          sum[0] ^ top, sum[1], sum[2] ^ top,
                        sum[3] ^ top, sum[4],       sum[5], sum[6]};
  for (int k = 0; k < 8; ++k) q[k] = doubled[k] ^ next[k] ^ rotate_right(sum[k], 32);
}

// The round's linear layer, ShiftRows then MixColumns (FIPS 197 §5.1.2, §5.1.3), on the planes.
// Built only from XOR, AND with constant masks, OR of words whose masks are disjoint (equal to
// their XOR), shifts and rotations by constants: GF(2)-linear, which the basis proof in
// tests/proof relies on (aes_ct64_linear_layer runs exactly this function).
template <class W>
inline void shift_rows_mix_columns(W q[8]) noexcept {
  for (int k = 0; k < 8; ++k) q[k] = shift_rows_plane(q[k]);
  mix_columns(q);
}

template <class W>
inline void add_round_key(W q[8], const u64* rk) noexcept {
  for (int k = 0; k < 8; ++k) q[k] ^= rk[k];
}

template <int Rounds, class W>
[[gnu::always_inline]] inline void encrypt_planes(const u64* rk, W q[8]) noexcept {
  add_round_key(q, rk);
  for (int r = 1; r < Rounds; ++r) {
    sub_bytes(q);
    shift_rows_mix_columns(q);
    add_round_key(q, rk + 8 * r);
  }
  sub_bytes(q);
  for (int k = 0; k < 8; ++k) q[k] = shift_rows_plane(q[k]);
  add_round_key(q, rk + 8 * Rounds);
}

// SubWord of the key schedule: the word goes through the bitsliced S-box as bytes 0..3 of block 0.
std::uint32_t sub_word(std::uint32_t w) noexcept {
  u64 blocks[8] = {w, 0, 0, 0, 0, 0, 0, 0};
  u64 q[8];
  blocks_to_planes(q, blocks);
  sub_bytes(q);
  planes_to_blocks(blocks, q);
  const auto out = static_cast<std::uint32_t>(blocks[0]);
  ct::wipe(q, sizeof q);
  ct::wipe(blocks, sizeof blocks);
  return out;
}

// The key schedule run directly on bitsliced round keys (AES-128 and AES-256, whose round keys
// are whole groups of four schedule words). After the S-box circuit has run on planes where block
// slot `slot` holds round key r - 1, the slot's column 3 is SubWord of its last word, so the next
// round key needs no transpose, and the S-boxes can share a call with a block being encrypted.
inline constexpr u64 lane_bit0 = 0x0001000100010001;  // bit 0 of every row lane

// Next round key from `older` (round key r - nk / 4) and t = SubWord(last word of the key in
// `slot` of the S-box output), optionally RotWord'ed (row r takes row r + 1: a rotation of the
// planes by one row lane) and XORed with rcon (public). FIPS 197 §5.2 in bitsliced form: column c
// becomes older's w[c] ^ ... ^ w[0] ^ t, with t copied to every column and block slot.
//
// Copying t: after the rotation t has one bit per row lane, at bit 0 of the lane; multiplying by
// 0xFFFF fills the lane's 16 bits (four columns x four slots). The four partial products occupy
// disjoint lanes, so no carry arises and the integer product is the bitwise copy. (Integer
// multiplies take constant time on the CPUs this library targets; ghash_ctmul64 relies on the
// same.) This and the rotation replace eight shift/OR steps per plane: the schedule rides in the
// cipher's S-box layer and its remaining linear work is on the critical path of GCM-SIV.
//
// rcon enters as a table row (public index): bit k of rcon, already copied across row 0's lane,
// for plane k; one XOR instead of extracting the bit in every round.
struct rcon_table {
  u64 plane[10][8];  // AES-128 uses rcon 1..10 (0x01..0x36), AES-256 the first 7
};
constexpr rcon_table make_rcon_table() {
  rcon_table t{};
  unsigned rcon = 1;
  for (int i = 0; i < 10; ++i) {
    for (int k = 0; k < 8; ++k) t.plane[i][k] = ((rcon >> k) & 1) != 0 ? 0xFFFF : 0;
    rcon = (rcon << 1) ^ ((rcon & 0x80) != 0 ? 0x11B : 0);
  }
  return t;
}
inline constexpr rcon_table rcon_planes = make_rcon_table();

inline void schedule_step(u64 out[8], const u64 older[8], const u64 sboxed[8], unsigned slot,
                          bool rotate, const u64* rcon) noexcept {
  const unsigned column3 = 12 + slot + (rotate ? 16 : 0);  // public: which schedule step this is
  for (int k = 0; k < 8; ++k) {
    u64 t = rotate_right(sboxed[k], column3) & lane_bit0;  // column 3 of the slot, row r -> bit 16r
    t *= 0xFFFF;                                           // every column and block slot
    u64 x = older[k];
    x ^= (x << 4) & 0xFFF0FFF0FFF0FFF0;
    x ^= (x << 8) & 0xFF00FF00FF00FF00;
    out[k] = x ^ t ^ (rotate ? rcon[k] : 0);
  }
}

// Round keys that are the cipher key itself (one for AES-128, two for AES-256).
inline void load_key_rounds(u64* rk, const std::uint8_t* key, unsigned nk) noexcept {
  for (unsigned r = 0; r < nk / 4; ++r) {
    const u64 lo = load_le64(key + 16 * r), hi = load_le64(key + 16 * r + 8);
    const u64 replicated[8] = {lo, hi, lo, hi, lo, hi, lo, hi};
    blocks_to_planes(rk + 8 * r, replicated);
  }
}

// Computes round key r (r >= nk / 4) from S-box output whose `slot` held round key r - 1.
inline void schedule_round(u64* rk, unsigned r, unsigned nk, const u64 sboxed[8],
                           unsigned slot) noexcept {
  // AES-128: every round key takes RotWord+rcon. AES-256: even round keys do, odd ones take a
  // plain SubWord; either way the term is XORed into round key r - nk / 4.
  const bool with_rotation = (nk == 4) || (r % 2 == 0);
  const unsigned rcon_index = nk == 4 ? r - 1 : r / 2 - 1;  // public
  schedule_step(rk + 8 * r, rk + 8 * (r - nk / 4), sboxed, slot, with_rotation,
                rcon_planes.plane[with_rotation ? rcon_index : 0]);
}

void expand_bitsliced(aes_ct64_key& out, const std::uint8_t* key, unsigned nk) noexcept {
  u64* rk = out.round_keys;
  load_key_rounds(rk, key, nk);
  u64 sboxed[8];
  for (unsigned r = nk / 4; r <= nk + 6; ++r) {
    for (int k = 0; k < 8; ++k) sboxed[k] = rk[8 * (r - 1) + k];
    sub_bytes(sboxed);
    schedule_round(rk, r, nk, sboxed, 0);
  }
  ct::wipe(sboxed, sizeof sboxed);
}

// Block slot 1 carries the previous round key through the cipher's S-boxes; slots 0, 2, 3 are
// encrypted. Bit position p belongs to slot p mod 4.
inline constexpr u64 key_slot_mask = 0x2222222222222222;
inline constexpr u64 data_slot_mask = ~key_slot_mask;

// Round keys 0 .. nk / 4 - 1 (the cipher key itself) must already be in rk.
template <int Rounds>
inline void expand_encrypt_planes(u64* rk, u64 q[8]) noexcept {
  constexpr unsigned nk = Rounds - 6;
  // Data slots get AddRoundKey; the key slot becomes round key 0.
  for (int k = 0; k < 8; ++k) q[k] = (q[k] & data_slot_mask) ^ rk[k];
  for (unsigned r = 1; r < Rounds; ++r) {
    sub_bytes(q);
    if (r >= nk / 4) schedule_round(rk, r, nk, q, 1);  // public round index
    shift_rows_mix_columns(q);
    // Data slots get AddRoundKey; the key slot becomes round key r for the next S-box layer.
    for (int k = 0; k < 8; ++k) q[k] = (q[k] & data_slot_mask) ^ rk[8 * r + k];
  }
  sub_bytes(q);
  schedule_round(rk, Rounds, nk, q, 1);
  for (int k = 0; k < 8; ++k) q[k] = shift_rows_plane(q[k]);
  add_round_key(q, rk + 8 * Rounds);  // slot 1 is left unspecified
}

// The AES-192 schedule word by word (FIPS 197 §5.2, Nk = 6), whose round keys straddle key
// words. (Nk = 8's extra SubWord step is not needed: AES-256 is expanded bitsliced.)
void expand_aes192_words(aes_ct64_key& out, const std::uint8_t* key) noexcept {
  constexpr unsigned nk = 6;
  const unsigned rounds = nk + 6;
  const unsigned total = 4 * (rounds + 1);
  std::uint32_t w[4 * (aes_max_rounds + 1)];
  for (unsigned i = 0; i < nk; ++i) w[i] = load_le32(key + 4 * i);
  std::uint32_t rcon = 1;
  for (unsigned i = nk; i < total; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % nk == 0) {  // i is public: the branch depends only on the key length
      t = sub_word((t >> 8) | (t << 24)) ^ rcon;  // RotWord on little-endian words
      rcon = (rcon << 1) ^ (0x11B & -(rcon >> 7));
    }
    w[i] = w[i - nk] ^ t;
  }
  out.rounds = rounds;
  for (unsigned r = 0; r <= rounds; ++r) {
    const u64 lo = w[4 * r] | (u64{w[4 * r + 1]} << 32);
    const u64 hi = w[4 * r + 2] | (u64{w[4 * r + 3]} << 32);
    const u64 replicated[8] = {lo, hi, lo, hi, lo, hi, lo, hi};
    blocks_to_planes(out.round_keys + 8 * r, replicated);
  }
  for (unsigned r = rounds + 1; r <= aes_max_rounds; ++r) {
    for (int k = 0; k < 8; ++k) out.round_keys[8 * r + k] = 0;
  }
  ct::wipe(w, sizeof w);
}

template <int Used>
void encrypt_blocks(const aes_ct64_key& key, std::uint64_t blocks[8]) noexcept {
  u64 q[8];
  blocks_to_planes<Used>(q, blocks);
  switch (key.rounds) {  // public: the key length
    case 10:
      encrypt_planes<10>(key.round_keys, q);
      break;
    case 12:
      encrypt_planes<12>(key.round_keys, q);
      break;
    default:
      encrypt_planes<14>(key.round_keys, q);
      break;
  }
  planes_to_blocks<Used>(blocks, q);
}

// Used = 1: only block 0 is data (slot 1 carries the key, slots 2 and 3 are empty); Used = 4:
// blocks 0, 2 and 3. Whatever block 1 held is masked out when round 0 puts the key in its slot.
// `out` holds the key's first round key(s) (16- or 32-byte keys only).
template <int Used>
void expand_encrypt_prepared(aes_ct64_key& out, std::size_t key_len,
                             std::uint64_t blocks[8]) noexcept {
  u64 q[8];
  blocks_to_planes<Used>(q, blocks);
  if (key_len == 16) {  // public
    expand_encrypt_planes<10>(out.round_keys, q);
  } else {
    expand_encrypt_planes<14>(out.round_keys, q);
  }
  // Round keys past `rounds` are left unwritten: nothing reads them, and callers wipe only
  // the bytes written (aes_ct64_round_key_bytes).
  out.rounds = static_cast<unsigned>(key_len / 4) + 6;
  planes_to_blocks<Used>(blocks, q);
  ct::wipe(q, sizeof q);
}

template <int Used>
void expand_encrypt_blocks(aes_ct64_key& out, const std::uint8_t* key, std::size_t key_len,
                           std::uint64_t blocks[8]) noexcept {
  if (key_len == 24) {  // public: AES-192 round keys straddle schedule words
    aes_ct64_expand(out, key, key_len);
    encrypt_blocks<Used>(out, blocks);
    return;
  }
  load_key_rounds(out.round_keys, key, static_cast<unsigned>(key_len / 4));
  expand_encrypt_prepared<Used>(out, key_len, blocks);
}

// GCM-SIV key derivation. The derivation blocks LE32(i) || nonce differ only in byte 0 (row 0,
// column 0), so block 0 is bitsliced alone, copied into every slot (multiply by 0xF: the slot
// bits of a nibble are adjacent, the copies cannot carry), and each slot's counter bits are set
// in the planes they belong to. Counters are public.
inline void derivation_planes(u64 q[8], const std::uint8_t nonce[12], unsigned first) noexcept {
  u64 base[8], one_block[8];
  one_block[0] = u64{load_le32(nonce)} << 32;
  one_block[1] = load_le64(nonce + 4);
  blocks_to_planes<1>(base, one_block);
  for (int k = 0; k < 8; ++k) {
    u64 counters = 0;  // bit `slot` (row 0, column 0) of plane k: bit k of counter first + slot
    for (unsigned slot = 0; slot < 4; ++slot) counters |= u64{((first + slot) >> k) & 1} << slot;
    q[k] = (base[k] * 0xF) ^ counters;
  }
}

// The derived key's round key from cipher output planes: key bytes 0..7 are bytes 0..7 (columns
// 0, 1) of slot `a`, key bytes 8..15 those of slot `b` (moved to columns 2, 3), copied to every
// slot. RFC 8452 §4 keeps the first 8 bytes of each derivation block, so this is all of it.
inline void key_round_from_slots(u64 out[8], const u64 q[8], unsigned a, unsigned b) noexcept {
  constexpr u64 columns01_slot0 = 0x0011001100110011;
  for (int k = 0; k < 8; ++k) {
    const u64 x = ((q[k] >> a) & columns01_slot0) | (((q[k] >> b) & columns01_slot0) << 8);
    out[k] = x * 0xF;
  }
}

// Low halves (bytes 0..7) of blocks 0 and 1 from cipher output planes (consumed).
inline void authentication_key_from_planes(std::uint8_t out[16], u64 q[8]) noexcept {
  u64 blocks[8];
  planes_to_blocks<2>(blocks, q);
  store_le64(out, blocks[0]);
  store_le64(out + 8, blocks[2]);
  ct::wipe(blocks, sizeof blocks);
}

}  // namespace

void aes_ct64_expand(aes_ct64_key& out, const std::uint8_t* key, std::size_t key_len) noexcept {
  const unsigned nk = static_cast<unsigned>(key_len / 4);  // 4, 6 or 8 words (public)
  if (nk == 6) {
    expand_aes192_words(out, key);
  } else {
    expand_bitsliced(out, key, nk);
  }
  out.rounds = nk + 6;
  for (unsigned r = nk + 7; r <= aes_max_rounds; ++r) {
    for (int k = 0; k < 8; ++k) out.round_keys[8 * r + k] = 0;
  }
}

void aes_ct64_expand_encrypt3(aes_ct64_key& out, const std::uint8_t* key, std::size_t key_len,
                              std::uint64_t blocks[8]) noexcept {
  expand_encrypt_blocks<4>(out, key, key_len, blocks);
}

void aes_ct64_expand_encrypt1(aes_ct64_key& out, const std::uint8_t* key, std::size_t key_len,
                              std::uint64_t blocks[8]) noexcept {
  expand_encrypt_blocks<1>(out, key, key_len, blocks);
}

void aes_ct64_expand_encrypt1_prepared(aes_ct64_key& key, std::size_t key_len,
                                       std::uint64_t blocks[8]) noexcept {
  expand_encrypt_prepared<1>(key, key_len, blocks);
}

void aes_ct64_expand_encrypt3_prepared(aes_ct64_key& key, std::size_t key_len,
                                       std::uint64_t blocks[8]) noexcept {
  expand_encrypt_prepared<4>(key, key_len, blocks);
}

void aes_ct64_derive_siv_keys(const aes_ct64_key& key_generating_key, std::size_t key_len,
                              const std::uint8_t nonce[12], std::uint8_t authentication_key[16],
                              aes_ct64_key& encryption) noexcept {
  if (key_len == 16) {  // public: four derivation blocks, one scalar pass
    u64 q[8];
    derivation_planes(q, nonce, 0);
    encrypt_planes<10>(key_generating_key.round_keys, q);
    key_round_from_slots(encryption.round_keys, q, 2, 3);
    authentication_key_from_planes(authentication_key, q);
    ct::wipe(q, sizeof q);
    return;
  }
  // Six blocks: 0..3 in the low lane of a two-lane vector pass, 4 and 5 in slots 0 and 1 of the
  // high lane (its slots 2 and 3 compute blocks 6 and 7, unused). Every operation of the rounds
  // is lane-wise, so each lane computes what the scalar code computes for its four blocks.
  u64 low[8], high[8];
  derivation_planes(low, nonce, 0);
  derivation_planes(high, nonce, 4);
  u64x2 q[8];
  for (int k = 0; k < 8; ++k) q[k] = u64x2{low[k], high[k]};
  encrypt_planes<14>(key_generating_key.round_keys, q);
  for (int k = 0; k < 8; ++k) {
    low[k] = q[k][0];
    high[k] = q[k][1];
  }
  key_round_from_slots(encryption.round_keys, low, 2, 3);
  key_round_from_slots(encryption.round_keys + 8, high, 0, 1);
  authentication_key_from_planes(authentication_key, low);
  ct::wipe(q, sizeof q);
  ct::wipe(low, sizeof low);
  ct::wipe(high, sizeof high);
}

void aes_ct64_encrypt4(const aes_ct64_key& key, std::uint64_t blocks[8]) noexcept {
  encrypt_blocks<4>(key, blocks);
}

void aes_ct64_encrypt(const aes_ct64_key& key, std::uint64_t blocks[8], int count) noexcept {
  switch (count) {  // public: how many blocks the caller has
    case 1:
      encrypt_blocks<1>(key, blocks);
      break;
    case 2:
      encrypt_blocks<2>(key, blocks);
      break;
    default:
      encrypt_blocks<4>(key, blocks);
      break;
  }
}

std::uint8_t aes_ct64_sbox(std::uint8_t x) noexcept {
  return static_cast<std::uint8_t>(sub_word(x));
}

void aes_ct64_linear_layer(std::uint64_t blocks[8]) noexcept {
  u64 q[8];
  blocks_to_planes(q, blocks);
  shift_rows_mix_columns(q);
  planes_to_blocks(blocks, q);
}

}  // namespace vg::detail::portable
