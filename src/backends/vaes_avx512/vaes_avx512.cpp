// Backend "vaes-avx512", schoolbook variant: the unit of gcm_vaes_avx512.inc with 4 carry-less
// multiplies a block, 3 batches per reduction; exported as backend_vaes_avx512 (and its batch ops).
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
// clang-format on
}  // namespace

namespace vg::detail {
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512;
constinit const gcm_batch_ops gcm_batch_ops_vaes_avx512 = unit_batch_ops;
extern const backend backend_vaes_avx512;
constinit const backend backend_vaes_avx512 = unit_backend;
}  // namespace vg::detail
