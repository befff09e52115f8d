// Backend "vaes-avx512", schoolbook variants: the unit of gcm_vaes_avx512.inc with 4 carry-less
// multiplies a block, 3 batches per reduction; exported as backend_vaes_avx512 (and its batch ops)
// and, with the short-tails router on the same kernels and key state, as
// backend_vaes_avx512_short_tails (the same batch ops).
#include <immintrin.h>
#include <sched.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backends/backend.hpp"
#include "backends/batch_ops.hpp"

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx512;  // siv_vaes_avx512.cpp
}  // namespace vg::detail

namespace {
constexpr bool unit_karatsuba = false;
// clang-format off
#include "backends/vaes_avx512/gcm_vaes_avx512.inc"

// The second router, short tails: the 128-bit kernel as in wide_tails, then the full kernel from
// one batch (256 B) on, for seal and open. On AMD Zen 4 (VAESENC zmm at one a cycle, sharing pipes
// with VPCLMULQDQ) the tail kernel's GHASH after all of its AES costs more than the full kernel's
// stitching: 256-512 B 3-17% faster, 192 B 4% slower (docs/design/gcm-variants.md).
namespace short_tails {
using seal_tiers = tiers<up_to<48, tail_xmm>, up_to<255, tail_zmm>, any_length<kernel>>;
using open_tiers = tiers<up_to<32, tail_xmm>, up_to<255, tail_zmm>, any_length<kernel>>;
#include "backends/x86/gcm_unit.inc"
}  // namespace short_tails
// clang-format on
}  // namespace

namespace vg::detail {
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512;
constinit const gcm_batch_ops gcm_batch_ops_vaes_avx512 = unit_batch_ops;
extern const backend backend_vaes_avx512;
constinit const backend backend_vaes_avx512 = unit_backend_of(wide_tails::ops, "schoolbook");
extern const backend backend_vaes_avx512_short_tails;
constinit const backend backend_vaes_avx512_short_tails =
    unit_backend_of(short_tails::ops, "schoolbook-short-tails");
}  // namespace vg::detail
