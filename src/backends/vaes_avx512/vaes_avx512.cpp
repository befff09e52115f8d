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

namespace {
constexpr bool unit_karatsuba = false;
// clang-format off
#include "backends/vaes_avx512/gcm_vaes_avx512.inc"
// clang-format on
}  // namespace

namespace vg::detail {
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512;
constinit const gcm_batch_ops gcm_batch_ops_vaes_avx512 = unit_batch_ops;
extern const siv_ops siv_ops_vaes_avx512;  // siv_vaes_avx512.cpp
extern const backend backend_vaes_avx512;
constinit const backend backend_vaes_avx512{.name = "vaes-avx512",
                                            .needs = unit_needs,
                                            .gcm = &ops,
                                            .siv = &siv_ops_vaes_avx512,
                                            .uses_512bit_vectors = true,
                                            .gcm_stack = unit_gcm_stack,
                                            .siv_stack = unit_siv_stack,
                                            .gcm_variant = "schoolbook"};
}  // namespace vg::detail
