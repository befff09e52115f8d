// Limit kernels on 256-bit registers: VAESENC ymm and VPCLMULQDQ ymm (compiled with -mavx2 -mvaes
// -mvpclmulqdq). See kernels.hpp for the design and the ISA isolation rules.
#include <immintrin.h>

#include <cstdint>
#include <utility>

#include "kernels.hpp"

namespace {

struct ymm {
  using vec = __m256i;
  static vec set(int v) { return _mm256_set1_epi32(v); }
  static vec aesenc(vec a, vec k) { return _mm256_aesenc_epi128(a, k); }
  static vec clmul(vec a, vec h) { return _mm256_clmulepi64_epi128(a, h, 0x00); }
  static vec xor2(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static void store(void* p, vec v) { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
};

#include "kernel_body.inc"

}  // namespace

namespace vg::bench::limit {

void aesenc_ymm(std::uint64_t iterations, void* sink) {
  run_aesenc<ymm>(iterations, sink);
}
void clmul_ymm(std::uint64_t iterations, void* sink) {
  run_clmul<ymm>(iterations, sink);
}
void gcm_mix_ymm(int rounds, std::uint64_t iterations, void* sink) {
  if (rounds == 10) run_gcm_mix<ymm, 10>(iterations, sink);
  if (rounds == 12) run_gcm_mix<ymm, 12>(iterations, sink);
  if (rounds == 14) run_gcm_mix<ymm, 14>(iterations, sink);
}

}  // namespace vg::bench::limit
