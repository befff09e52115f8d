// What each x86 backend's GCM bulk loop issues per 16-byte block, by instruction class: the
// counts the lower bound (limit.hpp) charges against the measured rates.
//
// How they were counted: bench/limit/count_loop.py on the release objects (GCC 12, -O3), e.g.
//   O=build/release/src/backends/vaes_avx512/CMakeFiles/vg_backend_vaes_avx512.dir
//   bench/limit/count_loop.py $O/vaes_avx512.cpp.o 'vec512, 4, false, 3, 0>::gcm<10>' 4 10
// Seal runs gcm<R>. Open runs what the backend's open_verify reaches: open_verify_rounds<R>
// on vaes-avx2 and vaes-avx512, open_tag_outlined<R> on aesni-avx. Kernels: aesni-avx
// 'vec128, 8, true, 2, 0>' (lanes 1), vaes-avx2 'vec256, 4, false, 2, 0>' (lanes 2), vaes-avx512
// 'vec512, 4, false, 3, 0>' (lanes 4); the Karatsuba variants (vaes_avx2_karatsuba.cpp.o,
// vaes_avx512_karatsuba.cpp.o) 'vec256, 4, true, 3, 0>' and 'vec512, 4, true, 1, 0>'. The script
// takes the steady loop (the densest backward jump in AES and CLMUL), counts its instructions by
// class and divides by the blocks one iteration covers. AES is exactly rounds / lanes a block and
// is not listed. Recount after any change to src/backends/x86/gcm_kernel.inc or the compiler; a
// count that is too high can make the bound exceed the measured time (eff above 100%), one that is
// too low only loosens it.
#ifndef VG_BENCH_LIMIT_KERNEL_COUNTS_HPP
#define VG_BENCH_LIMIT_KERNEL_COUNTS_HPP

#include <string_view>

namespace vg::bench {

/// Per 16-byte block in the steady bulk loop, for one round count and direction.
struct loop_counts {
  double clmul = 0;   // carry-less multiply instructions (products and the amortised reduction)
  double valu[3]{};   // vector ALU instructions (AES and CLMUL included) by widest register:
                      // xmm, ymm, zmm; register copies, pure loads/stores and broadcasts left out
  double loads = 0;   // instructions reading memory (data, round keys, stack)
  double stores = 0;  // instructions writing memory (output, stack)
};

/// A backend's bulk loop.
struct kernel_counts {
  int loop_blocks = 0;  // blocks per loop iteration (G batches of N blocks)
  loop_counts seal[3];  // rounds 10, 12, 14
  loop_counts open[3];
};

/// The counts of `backend`'s loop, or nullptr. A backend built in several GCM kernel variants is
/// named by its default variant's plain name ("vaes-avx2") or as "name/variant" for another
/// ("vaes-avx2/karatsuba").
const kernel_counts* counts_for(std::string_view backend);

}  // namespace vg::bench

#endif  // VG_BENCH_LIMIT_KERNEL_COUNTS_HPP
