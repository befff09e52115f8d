// Backend "vaes-avx512": AES-GCM with VAES and VPCLMULQDQ on 512-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2, avx512f, avx512bw, avx512vl.
// Technique: x86/gcm_kernel.inc instantiated with four blocks per zmm register, 4 zmm (16 blocks)
// per batch, AES of batch i+1 stitched with GHASH of batch i kept in registers, schoolbook
// products folded with vpternlogq, one reduction per 3 batches, H^1..H^82 in lane order, counters
// in registers, partial vectors with byte-masked loads/stores (no copies).
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow, addresses and masks depend on lengths, public counter values and the
// key size only.
//
// Measured (Sapphire-Rapids-class VM, taskset -c 1, best of interleaved bursts, AES-128 seal with
// a 13-byte AAD, vs intel-ipsec-mb 1.3 VAES-AVX512 path): 16 B 20.1 vs 20.3 ns, 256 B 31 vs 39 ns,
// 1 KiB 81 vs 92 ns, 16 KiB 1.062 vs 1.073 us (~0.19 cycles/byte at ~3 GHz). Port tests here:
// VAES zmm and VPCLMULQDQ (any width) each issue 1/cycle on separate ports, latency 3, so a batch
// costs ~40 AES cycles plus ~50 multiply/shuffle/XOR uops on the same two 512-bit ports.
// Choices, 16 KiB: schoolbook 1.08 vs Karatsuba 1.11 us (fewer XOR/shuffle uops); batches per
// reduction 1/2/3/4: 1.19/1.15/1.11/1.15 us; 8 zmm per batch instead of 4: no gain at 16 KiB and
// 50 vs 39 ns at 256 B; forcing the stitched step inline (GCC had outlined it): 1.14 -> 1.09 us,
// 1 KiB 111 -> 98 ns.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/vec512.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
// clang-format on
using kernel = gcm_kernel<vec512, 4, /*Karatsuba=*/false, /*G=*/3>;
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx512;  // siv_vaes_avx512.cpp
extern const backend backend_vaes_avx512;
constinit const backend backend_vaes_avx512{
    "vaes-avx512",
    bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) | bit(cpu_feature::avx) |
        bit(cpu_feature::ssse3) | bit(cpu_feature::vaes) | bit(cpu_feature::vpclmulqdq) |
        bit(cpu_feature::avx2) | bit(cpu_feature::avx512f) | bit(cpu_feature::avx512bw) |
        bit(cpu_feature::avx512vl),
    &kernel::ops, &siv_ops_vaes_avx512, &kernel::and_mask};
}  // namespace vg::detail
