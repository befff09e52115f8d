// Backend "vaes-avx2", Karatsuba variant with 16 blocks a batch: the unit of gcm_vaes_avx2.inc
// with 3 carry-less multiplies a block and 8 ymm a batch; exported as
// backend_vaes_avx2_karatsuba_wide. Same name, features and GCM-SIV kernels as the other variants;
// the registry (src/dispatch/gcm_variants.cpp) chooses one per CPU.
#include <immintrin.h>
#include <sched.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace vg::detail {
extern const siv_ops siv_ops_vaes_avx2;  // siv_vaes_avx2.cpp
}  // namespace vg::detail

namespace {
constexpr bool unit_karatsuba = true;
constexpr bool unit_wide_batch = true;
// clang-format off
#include "backends/vaes_avx2/gcm_vaes_avx2.inc"
// clang-format on
}  // namespace

namespace vg::detail {
extern const backend backend_vaes_avx2_karatsuba_wide;
constinit const backend backend_vaes_avx2_karatsuba_wide = unit_backend;
}  // namespace vg::detail
