// Backend "vaes-avx2": AES-GCM with VAES and VPCLMULQDQ on 256-bit vectors, no AVX-512.
//
// CPU features: aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2.
// Technique: the width-generic kernel in x86/gcm_kernel.inc with two blocks per ymm register and
// 4 ymm (8 blocks) per batch: AES of batch i+1 stitched with Karatsuba GHASH of batch i, H^1..H^18
// kept in lane order, one reduction per batch (lanes reduced in parallel, then XORed), counters
// in registers. A partial vector goes through a 32-byte stack buffer (bounded memcpy).
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow and addresses depend on lengths and the key size only.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
#include "backends/x86/vec256.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
// clang-format on
using wide = gcm_kernel<vec256, 4, /*Karatsuba=*/false, /*G=*/2>;
// Same batch size and scheme, hence the same key-state layout: single-block messages go to the
// 128-bit instantiation, which does not move half-empty ymm lanes around.
using narrow = gcm_kernel<vec128, 8, /*Karatsuba=*/false, /*G=*/2>;
static_assert(sizeof(wide::state) == sizeof(narrow::state) &&
              offsetof(wide::state, rounds) == offsetof(narrow::state, rounds));
constexpr std::size_t narrow_max_len = 16;

void seal(const void* st, const std::uint8_t j0[16], const std::uint8_t* aad, std::size_t aad_len,
          const std::uint8_t* in, std::uint8_t* out, std::size_t len, std::uint8_t tag[16]) {
  (len <= narrow_max_len ? narrow::seal : wide::seal)(st, j0, aad, aad_len, in, out, len, tag);
}
void open(const void* st, const std::uint8_t j0[16], const std::uint8_t* aad, std::size_t aad_len,
          const std::uint8_t* in, std::uint8_t* out, std::size_t len, std::uint8_t tag[16]) {
  (len <= narrow_max_len ? narrow::open : wide::open)(st, j0, aad, aad_len, in, out, len, tag);
}
constexpr vg::detail::gcm_ops ops{&wide::setup, &seal, &open, &wide::ghash, &wide::ctr32};
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx2;  // siv_vaes_avx2.cpp
extern const backend backend_vaes_avx2;
constinit const backend backend_vaes_avx2{
    "vaes-avx2",
    bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) | bit(cpu_feature::avx) |
        bit(cpu_feature::ssse3) | bit(cpu_feature::vaes) | bit(cpu_feature::vpclmulqdq) |
        bit(cpu_feature::avx2),
    &ops, &siv_ops_vaes_avx2, &wide::and_mask};
}  // namespace vg::detail
