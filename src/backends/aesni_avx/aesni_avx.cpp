// Backend "aesni-avx": AES-GCM with VEX-encoded AES-NI and PCLMULQDQ on 128-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3 (this TU is compiled with exactly those).
// Technique: x86/gcm_kernel.inc instantiated with one block per xmm register, 8 blocks per batch
// (AES of batch i+1 stitched with GHASH of batch i, one block's products per AES round),
// Karatsuba products with blocks paired for the middle factors, one reduction per 2 batches,
// H^1..H^34 precomputed in the order the loop uses them, counter blocks from a table row per
// low byte and the data XORed into the last round key, both two blocks per 256-bit vxorps.
// Partial blocks are gathered/scattered with at most two overlapping scalar moves
// (partial128.inc). This is the instantiation valgrind can run: tests/x86 runs it under memcheck
// with the key and the plaintext marked undefined, which checks the shared kernel source for
// secret-dependent branches and addresses.
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow and addresses depend on lengths, public counter values and the key
// size only.
//
// The loop is bound by vector-port uops (~20 a block on 3 ports, 2 of them for AES) and runs at
// that bound; each detail above saves uops there. Open pays the verdict pass over the written
// output (vec128::and_blocks, store-bound), the gap between open and seal at 16 KiB. The uop
// budget, the measurements and the alternatives that lost: docs/design/gcm-kernel.md.
#include <immintrin.h>
#include <sched.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
#include "backends/x86/gcm_router.inc"
// clang-format on
using kernel = gcm_kernel<vec128, 8, /*Karatsuba=*/true, /*G=*/2>;

// Messages up to 255 B go to a tail-only instantiation (no bulk loop, up to 16 blocks) on the
// same key state (same 34 powers of H): without the loop's registers, zeroed pending batch,
// counter table and stack buffers there is less to set up (16 B seal: 12.6 ns a kernel call
// against 17.3 through the full kernel; docs/design/gcm-kernel.md).
using tail = gcm_kernel<vec128, 16, /*Karatsuba=*/true, /*G=*/1, /*TailOnlyPowers=*/kernel::P>;
using seal_tiers = tiers<up_to<255, tail>, any_length<kernel>>;
using open_tiers = seal_tiers;
// clang-format off
#include "backends/x86/gcm_unit.inc"
// clang-format on
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_aesni_avx;  // siv_aesni_avx.cpp
extern const backend backend_aesni_avx;
constinit const backend backend_aesni_avx{
    "aesni-avx",
    bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) | bit(cpu_feature::avx) |
        bit(cpu_feature::ssse3),
    &ops, &siv_ops_aesni_avx, /*uses_512bit_vectors=*/false,
    // Stack depths (tests/hygiene/stack_reach_test.cpp): GCM ~1.9 KiB measured at every length
    // (the tail kernel holds 16 blocks); GCM-SIV 272 B short, ~3.2 KiB long; with margins.
    as_compiled({0, 0, 2752, 2752}), as_compiled({16, 16, 512, 4032})};
}  // namespace vg::detail
