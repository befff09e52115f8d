// Limit kernels on 128-bit registers: AESENC and PCLMULQDQ, VEX-encoded (compiled with -maes
// -mpclmul -mavx). See kernels.hpp for the design and the ISA isolation rules.
#include <immintrin.h>

#include <cstdint>
#include <utility>

#include "kernels.hpp"

namespace {

#define VG_LIMIT_MOVE "vmovdqu"
#define VG_LIMIT_XOR "vpxor"
#define VG_LIMIT_REGISTER "%%xmm"
#include "asm_kernels.inc"
#undef VG_LIMIT_MOVE
#undef VG_LIMIT_XOR
#undef VG_LIMIT_REGISTER

struct xmm {
  using vec = __m128i;
  static vec set(int v) { return _mm_set1_epi32(v); }
  static vec aesenc(vec a, vec k) { return _mm_aesenc_si128(a, k); }
  static vec clmul(vec a, vec h) { return _mm_clmulepi64_si128(a, h, 0x00); }
  static vec xor2(vec a, vec b) { return _mm_xor_si128(a, b); }
  static void store(void* p, vec v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
};

// The xmm backend's verdict pass uses 256-bit AVX float operations (AVX1 has no 256-bit integer
// AND): half the stores of 128-bit ones.
struct avx_store {
  using vec = __m256;
  static vec set(int v) { return _mm256_castsi256_ps(_mm256_set1_epi32(v)); }
  static vec load(const unsigned char* p) {
    return _mm256_load_ps(reinterpret_cast<const float*>(p));
  }
  static vec and2(vec a, vec b) { return _mm256_and_ps(a, b); }
  static void store_aligned(unsigned char* p, vec v) {
    _mm256_store_ps(reinterpret_cast<float*>(p), v);
  }
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
void gcm_mix_xmm(int rounds, int multiplies, std::uint64_t iterations, void* sink) {
  run_gcm_mix_any<xmm>(rounds, multiplies, iterations, sink);
}
void vector_xmm(std::uint64_t iterations, void* sink) {
  run_vector<asm_kernels>(iterations, sink);
}
void memory_xmm(std::uint64_t iterations, void* buffer, bool store) {
  run_memory<asm_kernels>(iterations, buffer, store);
}
void and_pass_avx(std::uint64_t iterations, void* buffer, std::size_t bytes) {
  run_and_pass<avx_store>(iterations, buffer, bytes);
}

}  // namespace vg::bench::limit
