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
// Stack hygiene: after every call the entry point zeroes 768 B (short path) or 5 KiB (long path) of
// stack below itself with aligned ymm stores, clearing the spill slots where GCC leaves derived
// round keys and H powers; the kernels wrote at most 448 / 4064 bytes deep when measured (GCC 12,
// tests/hygiene/siv_depth_test.cpp, which keeps a 256 / 512-byte margin).
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
// Stack bytes zeroed after the short / long path: the kernels' measured depth plus a margin
// (tests/hygiene checks the margin).
using kernel = siv_kernel<vec256, 4, 768, 5120>;
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx2;
// For tests/hygiene only: the kernels without the stack scrub (to measure their depth) and the
// scrub's depths {short path, long path}.
extern const siv_ops siv_ops_vaes_avx2_unscrubbed;
extern const std::size_t siv_scrub_bytes_vaes_avx2[2];
constinit const siv_ops siv_ops_vaes_avx2{&kernel::setup, &kernel::seal, &kernel::open,
                                          &kernel::open_verify};
constinit const siv_ops siv_ops_vaes_avx2_unscrubbed{&kernel::setup, &kernel::seal_unscrubbed,
                                                     &kernel::open_unscrubbed,
                                                     &kernel::open_verify_unscrubbed};
constinit const std::size_t siv_scrub_bytes_vaes_avx2[2]{kernel::scrub_short_bytes,
                                                         kernel::scrub_long_bytes};
}  // namespace vg::detail
