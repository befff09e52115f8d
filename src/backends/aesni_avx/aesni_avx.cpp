// Backend "aesni-avx": AES-GCM with VEX-encoded AES-NI and PCLMULQDQ on 128-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3 (this TU is compiled with exactly those).
// Technique: x86/gcm_kernel.inc instantiated with one block per xmm register, 8 blocks per batch
// (AES of batch i+1 stitched with GHASH of batch i), schoolbook products, one reduction per 2
// batches, H^1..H^34 precomputed in the order the loop uses them, counters in registers. Partial
// blocks are gathered/scattered with at most two overlapping scalar moves (partial128.inc). This
// is the instantiation valgrind can run: tests/x86 runs it under memcheck with the key and the
// plaintext marked undefined, which checks the shared kernel source for secret-dependent
// branches and addresses.
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow and addresses depend on lengths, public counter values and the key
// size only.
//
// Measured (Sapphire-Rapids-class VM, taskset -c 1, best of interleaved bursts, AES-128 seal with
// a 13-byte AAD, vs intel-ipsec-mb 1.3 AVX path): 16 B 28 vs 28 ns, 256 B 68 vs 72 ns, 1 KiB 193
// vs 209 ns, 16 KiB 2.73 vs 3.06 us (0.89x). Choices: schoolbook vs Karatsuba 2.75 vs 2.79 us at
// 16 KiB (a tie; no extra table); 2 batches per reduction ~4% faster than 1, 3-4 slower (more
// spills with 16 registers); re-reading the hashed ciphertext from memory instead of keeping it in
// registers: no difference. Scalar gathers for partial blocks instead of a memcpy'd stack buffer:
// 16 B seal went from 1.08x to 0.90x of ipsec-mb (no store-forwarding stall). The 0.8x goal at
// 4-16 KiB is out of reach here: with 3 vector ports, 10 AES rounds plus ~13 other vector uops per
// block (4 multiplies, 4 XOR folds, counter, round-0 and data XORs, byte swap, reduction share)
// bound this loop at ~2.5 us.
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
using kernel = gcm_kernel<vec128, 8, /*Karatsuba=*/false, /*G=*/2>;
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_aesni_avx;  // siv_aesni_avx.cpp
extern const backend backend_aesni_avx;
constinit const backend backend_aesni_avx{"aesni-avx",
                                          bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) |
                                              bit(cpu_feature::avx) | bit(cpu_feature::ssse3),
                                          &kernel::ops, &siv_ops_aesni_avx, &kernel::and_mask};
}  // namespace vg::detail
