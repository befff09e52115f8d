// Limit kernels on 128-bit registers: AESENC and PCLMULQDQ, VEX-encoded (compiled with -maes
// -mpclmul -mavx). See kernels.hpp for the design and the ISA isolation rules.
#include <immintrin.h>

#include <cstdint>

#include "kernels.hpp"

namespace {

struct xmm {
  using vec = __m128i;
  static vec set(int v) { return _mm_set1_epi32(v); }
  static vec aesenc(vec a, vec k) { return _mm_aesenc_si128(a, k); }
  static vec clmul(vec a, vec h) { return _mm_clmulepi64_si128(a, h, 0x00); }
  static vec xor2(vec a, vec b) { return _mm_xor_si128(a, b); }
  static void store(void* p, vec v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
};

#include "kernel_body.inc"

}  // namespace

namespace vg::bench::limit {

void aesenc_xmm(std::uint64_t iterations, void* sink) {
  run_aesenc<xmm>(iterations, sink);
}
void clmul_xmm(std::uint64_t iterations, void* sink) {
  run_clmul<xmm>(iterations, sink);
}
void mixed_xmm(std::uint64_t iterations, void* sink) {
  run_mixed<xmm>(iterations, sink);
}

}  // namespace vg::bench::limit
