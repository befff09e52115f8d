// Backend "vaes-avx2", schoolbook variant: the unit of gcm_vaes_avx2.inc with 4 carry-less
// multiplies a block; exported as backend_vaes_avx2.
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
constexpr bool unit_karatsuba = false;
constexpr bool unit_wide_batch = false;
// clang-format off
#include "backends/vaes_avx2/gcm_vaes_avx2.inc"
// clang-format on
}  // namespace

namespace vg::detail {
extern const backend backend_vaes_avx2;
constinit const backend backend_vaes_avx2 = unit_backend;
}  // namespace vg::detail
