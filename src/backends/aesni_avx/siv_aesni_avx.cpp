// Backend "aesni-avx": AES-GCM-SIV (RFC 8452) kernels, exported as siv_ops_aesni_avx for the
// backend object.
//
// CPU features: as the folder's GCM TU (aes, pclmulqdq, avx, ssse3); this TU is compiled with the
// same flags. Technique: the width-generic kernel in x86/siv_kernel.inc with one block per xmm
// register and 8 blocks per batch: per-nonce key derivation as parallel AES chains, key expansion
// by aesenclast, POLYVAL with per-message powers of H and one reduction per 2 batches, CTR with a
// little-endian 32-bit counter. Secrets: the key-generating key, derived keys, H powers, plaintext
// and POLYVAL state only flow through vector arithmetic; control flow and addresses depend on
// lengths and the key size only. Measured (16 KiB, 13-byte AAD, one core at ~2.99 GHz): seal
// is a hashing pass at 3.12 cycles a block (multiply-port bound) then a CTR pass at 5.0 / 7.0
// (AES-port bound), 2.89 us (AES-128) and 3.62 us (AES-256): 1.21x and 1.26x GCM seal on this
// backend (its stitched loop needs 6.9 / 8.4 cycles a block); open 2.79 / 3.28 us.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
// clang-format off
#include "backends/x86/siv_kernel.inc"
// clang-format on
using kernel = siv_kernel<vec128, 8>;
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_aesni_avx;
constinit const siv_ops siv_ops_aesni_avx{&kernel::setup, &kernel::seal, &kernel::open,
                                          &kernel::open_verify};
}  // namespace vg::detail
