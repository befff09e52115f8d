// Backend "aesni-avx": AES-GCM-SIV (RFC 8452) kernels, exported as siv_ops_aesni_avx for the
// backend object.
//
// CPU features: as the folder's GCM TU (aes, pclmulqdq, avx, ssse3); this TU is compiled with the
// same flags. Technique: the width-generic kernel in x86/siv_kernel.inc with one block per xmm
// register and 8 blocks per batch: per-nonce key derivation as parallel AES chains, key expansion
// by aesenclast, POLYVAL with per-message powers of H and one reduction per 2 batches, CTR with a
// little-endian 32-bit counter. Secrets: the key-generating key, derived keys, H powers, plaintext
// and POLYVAL state only flow through vector arithmetic; control flow and addresses depend on
// lengths and the key size only. Seal is a hashing pass bound by the multiply port, then a CTR
// pass bound by the AES port; GCM's stitched loop overlaps the two, so a 16 KiB seal here costs
// ~1.2x GCM seal on this backend (docs/design/gcm-siv-kernel.md, "What bounds a seal").
#include "backends/x86/siv_unit.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
// clang-format off
#include "backends/x86/siv_kernel.inc"
// clang-format on
}  // namespace

VG_X86_SIV_UNIT(aesni_avx, siv_kernel<vec128, 8>)
