// Limit kernels on 256-bit registers: VAESENC ymm and VPCLMULQDQ ymm (compiled with -mavx2 -mvaes
// -mvpclmulqdq). See kernels.hpp for the design and the ISA isolation rules.
#include <immintrin.h>

#include <cstdint>
#include <utility>

#include "kernels.hpp"

namespace {

#define VG_LIMIT_MOVE "vmovdqu"
#define VG_LIMIT_XOR "vpxor"
#define VG_LIMIT_REGISTER "%%ymm"
#include "asm_kernels.inc"
#undef VG_LIMIT_MOVE
#undef VG_LIMIT_XOR
#undef VG_LIMIT_REGISTER

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
void gcm_mix_ymm(int rounds, int multiplies, std::uint64_t iterations, void* sink) {
  run_gcm_mix_any<ymm>(rounds, multiplies, iterations, sink);
}
void vector_ymm(std::uint64_t iterations, void* sink) {
  run_vector<asm_kernels>(iterations, sink);
}
void memory_ymm(std::uint64_t iterations, void* buffer, bool store) {
  run_memory<asm_kernels>(iterations, buffer, store);
}

}  // namespace vg::bench::limit
