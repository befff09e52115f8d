// What each x86 backend's GCM bulk loop issues per 16-byte block, by instruction class: the
// counts the lower bound (limit.hpp) charges against the measured rates.
//
// How they were counted: bench/limit/count_loop.py on the release objects (GCC 12, -O3), e.g.
//   O=build/release/src/backends/vaes_avx512/CMakeFiles/vg_backend_vaes_avx512.dir
//   bench/limit/count_loop.py $O/vaes_avx512.cpp.o 'vec512, 4, false, 3, 0, 100>::gcm<10>' 4 10
// Seal runs gcm<R>; open runs what the backend's open_verify reaches. Each row names its object,
// kernel, lanes and open function (loop_source). The script takes the steady loop (the densest
// backward jump in AES and CLMUL), counts its instructions by class and divides by the blocks one
// iteration covers. AES is exactly rounds / lanes a block and is not listed. The release build's
// test vg_bench_kernel_counts_current recounts every row (bench/limit/check_counts.py) and fails
// when the kernels have moved: a count that is too high can make the bound exceed the measured
// time (eff above 100%), one that is too low only loosens it.
#ifndef VG_BENCH_LIMIT_KERNEL_COUNTS_HPP
#define VG_BENCH_LIMIT_KERNEL_COUNTS_HPP

#include <span>
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

/// Where a backend's bulk loop is in the release objects: what count_loop.py is given to count it
/// again (bench/limit/check_counts.py does, in the release build's tests).
struct loop_source {
  std::string_view object;  // the backend unit's object file name, e.g. "vaes_avx512.cpp.o"
  std::string_view kernel;  // the kernel's template arguments, e.g. "vec512, 4, false, 3, 0, 100>"
  int lanes = 0;            // blocks per vector register
  std::string_view open;    // the function open's loop is in, # for its round count:
                            // "open_verify_rounds<#, true>" (hashing ahead on zmm, in order
                            // on ymm: false) or "open_tag_outlined<#>" (seal's is gcm<#>)
};

/// A backend's bulk loop.
struct kernel_counts {
  int loop_blocks = 0;  // blocks per loop iteration (G batches of N blocks)
  loop_counts seal[3];  // rounds 10, 12, 14
  loop_counts open[3];
  loop_source source;
};

/// A row of the table: the backend (or "name/variant") and its loop's counts.
struct named_counts {
  std::string_view backend;
  kernel_counts counts;
};

/// The counts of `backend`'s loop, or nullptr. A backend built in several GCM kernel variants is
/// named by its default variant's plain name ("vaes-avx2") or as "name/variant" for another
/// ("vaes-avx2/karatsuba").
const kernel_counts* counts_for(std::string_view backend);

/// Every row of the table.
std::span<const named_counts> all_counts();

}  // namespace vg::bench

#endif  // VG_BENCH_LIMIT_KERNEL_COUNTS_HPP
