// Backend "vaes-avx512": AES-GCM with VAES and VPCLMULQDQ on 512-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2, avx512f, avx512bw, avx512vl.
// Technique: the width-generic kernel in x86/gcm_kernel.inc with four blocks per zmm register and
// 4 zmm (16 blocks) per batch: AES of batch i+1 stitched with Karatsuba GHASH of batch i,
// H^1..H^34 kept in lane order, one reduction per batch, three-way XORs with vpternlogq, counters
// in registers, partial vectors with byte-masked loads/stores (no copies).
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow, addresses and masks depend on lengths and the key size only.
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
