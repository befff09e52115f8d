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
// Measured (Emerald-Rapids-class VM, 2.99 GHz, taskset -c 1, vg speed, 13-byte AAD, vs
// intel-ipsec-mb 1.3 AVX path in the same process): 16 KiB seal AES-128 2.39 vs 2.96 us
// (0.81x), AES-256 2.90 vs 3.56 us (0.82x); 4 KiB 0.83x. The loop is bound by vector-port uops:
// per block 10 AES rounds (14) + 3.1 PCLMULQDQ + 7 others on 3 ports, ~90% busy (ipsec-mb's AVX
// loop: 24.5 per block for AES-128). From 0.96x: XOR chains pinned in order (GCC's
// reassociation spilled ~4 products per block) -3%; multiplies spread over all rounds instead
// of the first four -2% (AES-256 -6%); Karatsuba pairs -0.4 uop; data XOR on ymm -0.5 uop, -5%;
// counter blocks from a table row on ymm a batch ahead (-0.6 uop, -5%; for the current batch it
// was 4% slower: the first round waited for the reloads). 3 or 4 batches per reduction: more
// spills, no gain.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
// clang-format on
using kernel = gcm_kernel<vec128, 8, /*Karatsuba=*/true, /*G=*/2>;
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_aesni_avx;  // siv_aesni_avx.cpp
extern const backend backend_aesni_avx;
constinit const backend backend_aesni_avx{"aesni-avx",
                                          bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) |
                                              bit(cpu_feature::avx) | bit(cpu_feature::ssse3),
                                          &kernel::ops, &siv_ops_aesni_avx, &kernel::and_mask};
}  // namespace vg::detail
