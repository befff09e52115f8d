// Backend "vaes-avx512": AES-GCM with VAES and VPCLMULQDQ on 512-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2, avx512f, avx512bw, avx512vl.
// Technique: x86/gcm_kernel.inc instantiated with four blocks per zmm register, 4 zmm (16 blocks)
// per batch, AES of batch i+1 stitched with GHASH of batch i kept in registers, schoolbook
// products folded with vpternlogq, one reduction per 3 batches, H^1..H^82 in lane order, counter
// blocks as (base ^ rk0) XOR table rows of the public low byte, partial vectors with byte-masked
// loads/stores (no copies). Open takes the verdict in the kernel (open_verify), hashing one
// batch ahead of the AES from 512 B on. Messages up to 512 B (seal) / below 384 B (open) go to
// tail-only kernels (128-bit up to 48 B seal / 32 B open) on the same key state. Secrets: round
// keys, H powers, plaintext, GHASH state and tag only flow through vector arithmetic; control flow,
// addresses and masks depend on lengths, public counter values and the key size only.
//
// Why these parameters (schoolbook at 512 bits, 3 batches per reduction, table counters, open
// hashing ahead, the tail-only kernels and their crossovers): the two 512-bit vector ports carry
// ~40 AES and ~40 other uops per batch, so every choice saves uops on them. The measurements and
// the alternatives that lost are in docs/design/gcm-kernel.md.
#include <immintrin.h>
#include <sched.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"
#include "backends/batch_ops.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
#include "backends/x86/vec512.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
#include "backends/x86/gcm_batch.inc"
#include "backends/x86/gcm_batch_lanes.inc"
#include "backends/x86/gcm_router.inc"
// clang-format on
using kernel = gcm_kernel<vec512, 4, /*Karatsuba=*/false, /*G=*/3>;

// The 128-bit policy with AVX-512VL byte-masked partial loads/stores instead of scalar gathers.
struct vec128_masked : vec128 {
  static __mmask16 first_bytes(std::size_t n) { return static_cast<__mmask16>((1u << n) - 1); }
  static vec load_partial(const void* p, std::size_t n) {
    return _mm_maskz_loadu_epi8(first_bytes(n), p);
  }
  static void store_partial(void* p, vec v, std::size_t n) {
    _mm_mask_storeu_epi8(p, first_bytes(n), v);
  }
  static __m128i load_block_partial(const void* p, std::size_t n) { return load_partial(p, n); }
  static vec keep_prefix(vec v, std::size_t n) { return _mm_maskz_mov_epi8(first_bytes(n), v); }
};
// Short messages go to tail-only kernels (no bulk loop) on the same key state (same 82 powers of
// H): the shortest to a 128-bit one, whose GHASH needs no lane folding (two 3-cycle extracts) and
// whose AES chains use both AES ports; then a 512-bit one with up to 8 vectors, which without the
// bulk loop has fewer registers and less stack to set up and keeps the whole plaintext of open in
// registers until the verdict (16 B: ~70 core cycles a call against ~86 through the full kernel;
// docs/design/gcm-kernel.md).
using tail_zmm = gcm_kernel<vec512, 8, /*Karatsuba=*/false, /*G=*/1, /*TailOnlyPowers=*/kernel::P>;
using tail_xmm =
    gcm_kernel<vec128_masked, 4, /*Karatsuba=*/false, /*G=*/1, /*TailOnlyPowers=*/kernel::P>;
// Seal takes the 128-bit kernel up to 48 B (3 blocks), open only up to 32 B: at 48 B it holds
// more in registers and measured slower. Seal goes to tail_zmm up to and including one of its
// batches (512 B, 8 vectors; seal stores each vector as it goes), open only up to 383 B: it holds
// the whole tail in registers until the verdict, and at 512 B (with AES-256's 15 round keys) that
// measured slower than the full kernel.
using seal_tiers = tiers<up_to<48, tail_xmm>, up_to<512, tail_zmm>, any_length<kernel>>;
using open_tiers = tiers<up_to<32, tail_xmm>, up_to<383, tail_zmm>, any_length<kernel>>;
// clang-format off
#include "backends/x86/gcm_unit.inc"
// clang-format on
// Batches: short jobs to x86/gcm_batch.inc, medium ones four at a time to x86/gcm_batch_lanes.inc.
// A group of one medium job runs as the unit's routed single call (gcm_unit.inc).
struct single_calls {
  static constexpr auto seal = &::seal;
  static constexpr auto open_verify = &::open_verify;
};
using short_batch = gcm_batch<kernel>;
using batch = gcm_batch_lanes<kernel, short_batch, single_calls>;
}  // namespace

namespace vg::detail {
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512;
constinit const gcm_batch_ops gcm_batch_ops_vaes_avx512{
    short_batch::max_len, batch::max_len,     batch::max_aad, batch::group,
    &batch::common_jobs,  &short_batch::seal, &batch::seal,   &short_batch::open_verify,
    &batch::open_verify};
extern const siv_ops siv_ops_vaes_avx512;  // siv_vaes_avx512.cpp
extern const backend backend_vaes_avx512;
constinit const backend backend_vaes_avx512{
    "vaes-avx512",
    bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) | bit(cpu_feature::avx) |
        bit(cpu_feature::ssse3) | bit(cpu_feature::vaes) | bit(cpu_feature::vpclmulqdq) |
        bit(cpu_feature::avx2) | bit(cpu_feature::avx512f) | bit(cpu_feature::avx512bw) |
        bit(cpu_feature::avx512vl),
    &ops, &siv_ops_vaes_avx512, /*uses_512bit_vectors=*/true,
    // Stack depths (tests/hygiene/stack_reach_test.cpp): GCM up to 32 B runs the 128-bit tail
    // kernel (~0.2 KiB measured), anything ~1.9 KiB at most; GCM-SIV's short path ~0.1 KiB, its
    // long one ~3.3 KiB; with margins for other compilers.
    as_compiled({32, 16, 768, 2688}), as_compiled({16, 16, 640, 4096})};
}  // namespace vg::detail
