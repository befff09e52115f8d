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

// The third router, for AES-256 seal: the default routes, but AES-256 seal of 384-512 B runs the
// full kernel (below) and from wide_seal_min bytes 8 zmm (32 blocks) a batch, one reduction each,
// on the same key state (100 powers; the bulk loop reads 98). On AMD Zen 5 (VAESENC zmm two a
// cycle, VPCLMULQDQ one every two) 8 AES chains instead of 4 measured 6-11% faster at 4-16 KiB
// for AES-256 seal, whose 14 rounds on 4 chains a batch leave the pipes waiting, but slower for
// AES-128 and for open. There the zmm tail kernel also takes over from the xmm one earlier: open
// from 17 B (17-32 B 6-8% faster), seal from 33 B (33-48 B 1-5% faster; at 17-32 B it measured
// 6-11% slower) (docs/design/gcm-variants.md).
namespace wide_seal {
constexpr std::size_t wide_seal_min = 2048;
using wide_kernel = gcm_kernel<vec512, 8, false, /*G=*/1, 0, kernel::P>;
static_assert(sizeof(wide_kernel::state) == sizeof(kernel::state) &&
                  offsetof(wide_kernel::state, rounds) == offsetof(kernel::state, rounds),
              "the wide seal runs on the schoolbook key state");
// The key's round count is public: AES-256 seal may take other kernels than the default's.
inline bool aes256(const void* st) {
  return static_cast<const kernel::state*>(st)->rounds == 14;
}
// The default kernel but for AES-256 seal, which goes to the wide one.
struct kernel_wide_seal_256 : kernel {
  static void seal(const void* st, const std::uint8_t j0[16], bool pc, const std::uint8_t* aad,
                   std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t len, std::uint8_t tag[16]) {
    if (aes256(st)) return wide_kernel::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
    return kernel::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
  }
  // A derived XAES key gets only the powers its message's bulk loop reads: the wide loop's (98)
  // where the message may be long enough to take it.
  static void xaes_derive(const void* st, const std::uint8_t k1[16], const std::uint8_t nonce[12],
                          void* derived, std::size_t blocks) {
    if (blocks * 16 >= wide_seal_min)
      return wide_kernel::xaes_derive(st, k1, nonce, derived, blocks);
    return kernel::xaes_derive(st, k1, nonce, derived, blocks);
  }
};
// AES-256 seal from full_seal_256_min to 512 B: the full kernel, which stitches a batch's
// GHASH into the next batch's AES, instead of the tail-only kernel (all of its AES, then all of
// its GHASH).
constexpr std::size_t full_seal_256_min = 384;
struct tail_zmm_or_full_256 : tail_zmm {
  static void seal(const void* st, const std::uint8_t j0[16], bool pc, const std::uint8_t* aad,
                   std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t len, std::uint8_t tag[16]) {
    if (len >= full_seal_256_min && aes256(st))
      return kernel::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
    return tail_zmm::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
  }
};
using seal_tiers =
    tiers<up_to<32, tail_xmm>, up_to<512, tail_zmm_or_full_256>, up_to<wide_seal_min - 1, kernel>,
          any_length<kernel_wide_seal_256>>;
using open_tiers =
    tiers<up_to<16, tail_xmm>, up_to<383, tail_zmm>, any_length<kernel_wide_seal_256>>;
#include "backends/x86/gcm_unit.inc"
}  // namespace wide_seal
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
