// Backend "vaes-avx2": AES-GCM with VAES and VPCLMULQDQ on 256-bit vectors, no AVX-512.
//
// CPU features: aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2 (this TU's flags).
// Technique: x86/gcm_kernel.inc instantiated with two blocks per ymm register, 4 ymm (8 blocks)
// per batch, AES of batch i+1 stitched with GHASH of batch i, schoolbook products, one reduction
// per 2 batches (lanes reduced in parallel, then XORed), H^1..H^34 in lane order, counters in
// registers; partial vectors as whole 16-byte halves plus scalar pieces (partial128.inc).
// Messages below 96 bytes use the 128-bit instantiation (see below).
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow and addresses depend on lengths, public counter values and the key
// size only.
//
// Measured (as aesni_avx.cpp, AES-128 seal): 256 B 47 ns, 1 KiB 129 ns, 16 KiB 1.71 us (aesni-avx:
// 68 ns, 193 ns, 2.73 us). Schoolbook and Karatsuba tie (1.64 vs 1.66 us at 16 KiB).
// Tried for ymm in the third session (kernel choices of vaes-avx512, A/B against the previous
// build with vg speed): counter blocks as base ^ table rows instead of dword adds: open 1..16
// KiB 4% slower (ymm has a third vector port for the adds); open hashing one batch ahead: open
// 4..7% slower. Both stay zmm-only.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
#include "backends/x86/vec256.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
// clang-format on
using wide = gcm_kernel<vec256, 4, /*Karatsuba=*/false, /*G=*/2>;
// Same batch size, scheme and group size, hence the same key-state layout: messages below 96 bytes
// (tail only, at most 3 ymm) go to the 128-bit instantiation, which uses both AES ports and does
// not move half-empty ymm lanes around: measured 31 vs 37 ns at 32 B and 34 vs 41 ns at 48 B
// (AES-256 seal); from 96 B on the ymm kernel wins (35 vs 43 ns at 128 B).
using narrow = gcm_kernel<vec128, 8, /*Karatsuba=*/false, /*G=*/2>;
static_assert(sizeof(wide::state) == sizeof(narrow::state) &&
              offsetof(wide::state, rounds) == offsetof(narrow::state, rounds));
constexpr std::size_t narrow_max_len = 80;

void seal(const void* st, const std::uint8_t j0[16], bool pc, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
          std::uint8_t tag[16]) {
  (len <= narrow_max_len ? narrow::seal : wide::seal)(st, j0, pc, aad, aad_len, in, out, len, tag);
}
void open(const void* st, const std::uint8_t j0[16], bool pc, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
          std::uint8_t tag[16]) {
  (len <= narrow_max_len ? narrow::open : wide::open)(st, j0, pc, aad, aad_len, in, out, len, tag);
}
std::uint8_t open_verify(const void* st, const std::uint8_t j0[16], bool pc,
                         const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
                         std::uint8_t* out, std::size_t len, const std::uint8_t* tag,
                         std::size_t tag_len) {
  return (len <= narrow_max_len ? narrow::open_verify : wide::open_verify)(
      st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
}
// The block ops of incremental APIs follow the same split.
void seal_blocks(const void* st, std::uint8_t ctr[16], bool pc, std::uint8_t y[16],
                 const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  (blocks * 16 <= narrow_max_len ? narrow::seal_blocks : wide::seal_blocks)(st, ctr, pc, y, in, out,
                                                                            blocks);
}
void open_blocks(const void* st, std::uint8_t ctr[16], bool pc, std::uint8_t y[16],
                 const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  (blocks * 16 <= narrow_max_len ? narrow::open_blocks : wide::open_blocks)(st, ctr, pc, y, in, out,
                                                                            blocks);
}

constexpr vg::detail::gcm_ops ops{&wide::setup, &seal,        &open,        &wide::ghash,
                                  &wide::ctr32, &seal_blocks, &open_blocks, &open_verify};
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx2;  // siv_vaes_avx2.cpp
extern const backend backend_vaes_avx2;
constinit const backend backend_vaes_avx2{"vaes-avx2",
                                          bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) |
                                              bit(cpu_feature::avx) | bit(cpu_feature::ssse3) |
                                              bit(cpu_feature::vaes) |
                                              bit(cpu_feature::vpclmulqdq) | bit(cpu_feature::avx2),
                                          &ops, &siv_ops_vaes_avx2, &wide::and_mask};
}  // namespace vg::detail
