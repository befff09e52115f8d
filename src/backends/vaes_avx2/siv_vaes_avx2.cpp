// Backend "vaes-avx2": AES-GCM-SIV (RFC 8452) kernels, exported as siv_ops_vaes_avx2 for the
// backend object.
//
// CPU features: as the folder's GCM TU (aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2); this
// TU is compiled with the same flags. Technique: the width-generic kernel in x86/siv_kernel.inc
// with two blocks per ymm register and 8 blocks per batch: per-nonce key derivation as parallel AES
// chains, key expansion by aesenclast, POLYVAL with per-message powers of H and one reduction per
// batch, CTR with a little-endian 32-bit counter. Secrets: the key-generating key, derived keys, H
// powers, plaintext and POLYVAL state only flow through vector arithmetic; control flow and
// addresses depend on lengths and the key size only.
// Open decrypts two batches per stitched step (x86/siv_kernel.inc, fused_open): open/seal at
// 16 KiB went from 1.05..1.20 to 1.00..1.05 (AES-128) and 0.92..0.94 (AES-256); the numbers and
// the method are in the kernel's header. Compile time of this TU (-j1): GCC 12 -O3 5.7 s either
// way, Clang 14 -O1 ASan+UBSan -g 11 -> 16 s.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec256.inc"
// clang-format off
#include "backends/x86/siv_kernel.inc"
// clang-format on
using kernel = siv_kernel<vec256, 4>;
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx2;
constinit const siv_ops siv_ops_vaes_avx2{&kernel::setup, &kernel::seal, &kernel::open,
                                          &kernel::open_verify};
}  // namespace vg::detail
