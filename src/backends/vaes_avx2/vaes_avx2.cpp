// Backend "vaes-avx2": AES-GCM with VAES and VPCLMULQDQ on 256-bit vectors, no AVX-512.
//
// CPU features: aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2 (this TU's flags).
// Technique: x86/gcm_kernel.inc instantiated with two blocks per ymm register, 4 ymm (8 blocks)
// per batch, AES of batch i+1 stitched with GHASH of batch i, schoolbook products, one reduction
// per 2 batches (lanes reduced in parallel, then XORed), H^1..H^34 in lane order, counters in
// registers; partial vectors as whole 16-byte halves plus scalar pieces (partial128.inc).
// Short messages (seal up to 127 bytes, open up to 112) go to a tail-only 128-bit instantiation
// (see below).
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
// Fourth session (issue #4, "no backend slower than the one below it"): short messages went to
// a full 128-bit instantiation (below 96 B), slower than aesni-avx's tail-only kernel (AES-128
// seal 16 B 29.7 vs 24.8 ns). Now a tail-only 128-bit kernel on this key state, with crossovers
// measured by A/B of libraries in one process (tail vs ymm kernel, time ratio, medians of 11..31
// interleaved rounds, AES-128/AES-256): seal 112 B 0.92/0.90, 127 B 0.96..1.0, 128 B 1.06/1.18
// (from one batch on the ymm loop wins); open 80 B 0.86/0.90, 88..112 B 0.82..1.25 (noisy),
// against aesni-avx in vg speed (vaes-avx2 / aesni-avx, open 88..127 B): tail 0.95..0.98, ymm
// kernel 0.89..1.03 (1.00..1.03 at 88 and 112 B, 0.89..0.92 from 120 B). vg speed --all-backends
// (taskset -c 1, medians of 3 runs, vaes-avx2 / aesni-avx time, AES-128 seal/open; before ->
// after): 16 B 1.19/1.21 -> 0.99/0.97, 32 B 1.11/1.17 -> 0.93/0.97, 64 B 1.11/1.13 -> 0.95/0.96,
// 96 B 1.02/1.00 -> 0.96/0.97, 128 B and up unchanged (0.86..0.91 at 128 B, ~0.74 at 16 KiB);
// AES-256 16..96 B 1.01..1.20 -> 0.93..1.00. Retiring the full 128-bit instantiation also cut
// this TU's compile time (-j1, one TU): GCC 12 -O3 15.9 -> 7.0 s, Clang 14 -O1 ASan+UBSan -g
// 138 -> 80 s. The incremental block ops (gcm_stream) now always take the ymm kernel.
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
// Short messages go to a tail-only 128-bit instantiation (no bulk loop, up to 16 blocks) on the
// same key state (same 34 powers of H, schoolbook, so the same layout): xmm chains use both AES
// ports without moving half-empty ymm lanes around, and without the loop there are no pending
// batch, counter blocks or stack buffers to set up.
using tail = gcm_kernel<vec128, 8, /*Karatsuba=*/false, /*G=*/1, /*TailOnlyPowers=*/wide::P>;
static_assert(sizeof(wide::state) == sizeof(tail::state) &&
              offsetof(wide::state, rounds) == offsetof(tail::state, rounds));
constexpr std::size_t tail_seal_max = 127, tail_open_max = 112;
static_assert(tail_seal_max <= tail::batch_bytes && tail_open_max <= tail::batch_bytes,
              "the tail-only kernel gets at most one batch");

// Direct calls (not a pointer picked by the length).
void seal(const void* st, const std::uint8_t j0[16], bool pc, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
          std::uint8_t tag[16]) {
  if (len > tail_seal_max) return wide::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
  return tail::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
}
std::uint8_t open_verify(const void* st, const std::uint8_t j0[16], bool pc,
                         const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
                         std::uint8_t* out, std::size_t len, const std::uint8_t* tag,
                         std::size_t tag_len) {
  if (len > tail_open_max)
    return wide::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
  return tail::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
}

constexpr vg::detail::gcm_ops ops{&wide::setup,       &seal,        &wide::open,
                                  &wide::ghash,       &wide::ctr32, &wide::seal_blocks,
                                  &wide::open_blocks, &open_verify};
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
