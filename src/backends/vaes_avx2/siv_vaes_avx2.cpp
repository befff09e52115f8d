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
// Open decrypts two batches per stitched step (x86/siv_kernel.inc, fused_open), which keeps 8 AES
// chains in flight and brings open within 5% of seal at 16 KiB (docs/design/gcm-siv-kernel.md).
// It adds compile time under Clang 14 ASan+UBSan (16 s instead of 11 s for this TU), none under
// GCC 12 -O3 (5.7 s).
#include "backends/x86/siv_unit.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec256.inc"
// clang-format off
#include "backends/x86/siv_kernel.inc"
// clang-format on
}  // namespace

VG_X86_SIV_UNIT(vaes_avx2, siv_kernel<vec256, 4>)
