// Backend "vaes-avx512": AES-GCM-SIV (RFC 8452) kernels, exported as siv_ops_vaes_avx512 for the
// backend object.
//
// CPU features: as the folder's GCM TU (aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2,
// avx512f/bw/vl); this TU is compiled with the same flags. Technique: the width-generic kernel in
// x86/siv_kernel.inc with four blocks per zmm register and 16 blocks per batch: per-nonce key
// derivation as parallel AES chains, key expansion by aesenclast, POLYVAL with per-message powers
// of H and one reduction per 2 batches, CTR with a little-endian 32-bit counter. Secrets: the
// key-generating key, derived keys, H powers, plaintext and POLYVAL state only flow through vector
// arithmetic; control flow and addresses depend on lengths and the key size only.
#include "backends/x86/siv_unit.hpp"

namespace {
#include "backends/x86/vec512.inc"
// clang-format off
#include "backends/x86/siv_kernel.inc"
// clang-format on
}  // namespace

VG_X86_SIV_UNIT(vaes_avx512, siv_kernel<vec512, 4>)
