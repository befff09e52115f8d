// Backend "vaes-avx512", Karatsuba variants: the unit of gcm_vaes_avx512.inc with 3 carry-less
// multiplies a block, 3 batches per reduction; exported as backend_vaes_avx512_karatsuba (and its
// batch ops) and, with the Zen 5 router on the same kernels, as
// backend_vaes_avx512_karatsuba_wide_seal. Same name, features and GCM-SIV kernels as the
// schoolbook variants; the registry (src/dispatch/gcm_variants.cpp) chooses one per CPU.
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
constexpr bool unit_karatsuba = true;
// clang-format off
#include "backends/vaes_avx512/gcm_vaes_avx512.inc"
// clang-format on
}  // namespace

namespace vg::detail {
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512_karatsuba;
constinit const gcm_batch_ops gcm_batch_ops_vaes_avx512_karatsuba = unit_batch_ops;
extern const backend backend_vaes_avx512_karatsuba;
constinit const backend backend_vaes_avx512_karatsuba =
    unit_backend_of(wide_tails::ops, "karatsuba");
extern const backend backend_vaes_avx512_karatsuba_wide_seal;
constinit const backend backend_vaes_avx512_karatsuba_wide_seal =
    unit_backend_of(wide_seal::ops, "karatsuba-wide-seal");
}  // namespace vg::detail
