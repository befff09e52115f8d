// Backend "aesni-avx": AES-GCM with VEX-encoded AES-NI and PCLMULQDQ on 128-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3 (this TU is compiled with exactly those).
// Technique: the width-generic kernel in x86/gcm_kernel.inc with one block per xmm register and
// 8 blocks per batch: AES of batch i+1 stitched with Karatsuba GHASH of batch i, H^1..H^18 kept,
// one reduction per batch, counters in registers. Partial blocks go through a 16-byte stack
// buffer (bounded memcpy). This is the instantiation valgrind can run, so the constant-time checks
// of the shared kernel are made here.
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow and addresses depend on lengths and the key size only.
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
constinit const backend backend_aesni_avx{
    "aesni-avx",
    bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) | bit(cpu_feature::avx) |
        bit(cpu_feature::ssse3),
    &kernel::ops, &siv_ops_aesni_avx, &kernel::and_mask};
}  // namespace vg::detail
