// Backend "vaes-avx512", schoolbook variants: the unit of gcm_vaes_avx512.inc with 4 carry-less
// multiplies a block, 3 batches per reduction; exported as backend_vaes_avx512 (and its batch ops)
// and, with other routers on the same key state, as backend_vaes_avx512_short_tails (the same
// kernels) and backend_vaes_avx512_wide_seal (AES-256 seal through 32-block batches); all three
// share the batch ops.
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
// stitching: 256-512 B 3-17% faster, 192 B 4% slower. There open also hashes ahead only from
// 1280 B: below, in program order measured 2-10% faster (docs/design/gcm-variants.md).
namespace short_tails {
// The full kernel opening in program order at every length: from open_ahead_min through its
// in-order entry, below it through its own entry, which opens in order there (a separate
// instantiation of the same source measured 3-6% slower at 256 B).
struct kernel_in_order : kernel {
  static std::uint8_t open_verify(const void* st, const std::uint8_t j0[16], bool pc,
                                  const std::uint8_t* aad, std::size_t aad_len,
                                  const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                                  const std::uint8_t* tag, std::size_t tag_len) {
    if (len < kernel::open_ahead_min)
      return kernel::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
    return kernel::open_verify<false>(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
  }
};
using seal_tiers = tiers<up_to<48, tail_xmm>, up_to<255, tail_zmm>, any_length<kernel>>;
using open_tiers = tiers<up_to<32, tail_xmm>, up_to<255, tail_zmm>,
                         up_to<1279, kernel_in_order>, any_length<kernel>>;
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
extern const backend backend_vaes_avx512_wide_seal;
constinit const backend backend_vaes_avx512_wide_seal =
    unit_backend_of(wide_seal::ops, "schoolbook-wide-seal");
}  // namespace vg::detail
