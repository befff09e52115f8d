// Limit kernels on 512-bit registers: VAESENC zmm and VPCLMULQDQ zmm (compiled with -mavx512f
// -mvaes -mvpclmulqdq). See kernels.hpp for the design and the ISA isolation rules.
#include <immintrin.h>

#include <cstdint>
#include <utility>

#include "kernels.hpp"

namespace {

#define VG_LIMIT_MOVE "vmovdqu64"
#define VG_LIMIT_XOR "vpxorq"
#define VG_LIMIT_REGISTER "%%zmm"
#include "asm_kernels.inc"
#undef VG_LIMIT_MOVE
#undef VG_LIMIT_XOR
#undef VG_LIMIT_REGISTER

struct zmm {
  using vec = __m512i;
  static vec set(int v) { return _mm512_set1_epi32(v); }
  static vec aesenc(vec a, vec k) { return _mm512_aesenc_epi128(a, k); }
  static vec clmul(vec a, vec h) { return _mm512_clmulepi64_epi128(a, h, 0x00); }
  static vec xor2(vec a, vec b) { return _mm512_xor_si512(a, b); }
  static void store(void* p, vec v) { _mm512_storeu_si512(p, v); }
  static vec load(const unsigned char* p) { return _mm512_load_si512(p); }
  static vec and2(vec a, vec b) { return _mm512_and_si512(a, b); }
  static void store_aligned(unsigned char* p, vec v) { _mm512_store_si512(p, v); }
};

#include "kernel_body.inc"

}  // namespace

namespace vg::bench::limit {

void aesenc_zmm(std::uint64_t iterations, void* sink) {
  run_aesenc<zmm>(iterations, sink);
}
void clmul_zmm(std::uint64_t iterations, void* sink) {
  run_clmul<zmm>(iterations, sink);
}
void gcm_mix_zmm(int rounds, int multiplies, std::uint64_t iterations, void* sink) {
  run_gcm_mix_any<zmm>(rounds, multiplies, iterations, sink);
}
void vector_zmm(std::uint64_t iterations, void* sink) {
  run_vector<asm_kernels>(iterations, sink);
}
void memory_zmm(std::uint64_t iterations, void* buffer, bool store) {
  run_memory<asm_kernels>(iterations, buffer, store);
}
void and_pass_zmm(std::uint64_t iterations, void* buffer, std::size_t bytes) {
  run_and_pass<zmm>(iterations, buffer, bytes);
}

}  // namespace vg::bench::limit
