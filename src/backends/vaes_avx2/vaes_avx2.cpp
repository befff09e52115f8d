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
// Counters stay dword adds and open hashes in order: the table counters and the hashing ahead of
// vaes-avx512 measured slower with ymm's third vector port. Short messages take a tail-only
// 128-bit kernel, so that this backend is not slower than aesni-avx at any size. Measurements
// and crossovers: docs/design/gcm-kernel.md.
#include <immintrin.h>
#include <sched.h>

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
#include "backends/x86/gcm_router.inc"
// clang-format on
using wide = gcm_kernel<vec256, 4, /*Karatsuba=*/false, /*G=*/2>;
// Short messages go to a tail-only 128-bit instantiation (no bulk loop, up to 16 blocks) on the
// same key state (same 34 powers of H, schoolbook, so the same layout): xmm chains use both AES
// ports without moving half-empty ymm lanes around, and without the loop there are no pending
// batch, counter blocks or stack buffers to set up. Seal takes it up to 127 B, open up to 112 B.
using tail = gcm_kernel<vec128, 8, /*Karatsuba=*/false, /*G=*/1, /*TailOnlyPowers=*/wide::P>;
using seal_tiers = tiers<up_to<127, tail>, any_length<wide>>;
using open_tiers = tiers<up_to<112, tail>, any_length<wide>>;
// clang-format off
#include "backends/x86/gcm_unit.inc"
// clang-format on
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx2;  // siv_vaes_avx2.cpp
extern const backend backend_vaes_avx2;
constinit const backend backend_vaes_avx2{
    "vaes-avx2",
    bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) | bit(cpu_feature::avx) |
        bit(cpu_feature::ssse3) | bit(cpu_feature::vaes) | bit(cpu_feature::vpclmulqdq) |
        bit(cpu_feature::avx2),
    &ops, &siv_ops_vaes_avx2, /*uses_512bit_vectors=*/false,
    // Stack depths (tests/hygiene/stack_reach_test.cpp): GCM's tail kernel ~1.0 KiB measured,
    // the wide one ~1.8 KiB; GCM-SIV 272 B short, ~3.1 KiB long; with margins.
    as_compiled({32, 16, 1536, 2560}), as_compiled({16, 16, 512, 3904})};
}  // namespace vg::detail
