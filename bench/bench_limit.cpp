// limit/... cases: the machine's AES and carry-less multiply issue rates (bench/limit), reported
// as instructions per core cycle ("per_cycle"). Registered only for widths the CPU supports.
#include "bench.hpp"
#include "vg/cpu.hpp"

#if defined(__x86_64__)
#include "kernels.hpp"
#endif

namespace vg::bench {

void register_limit_cases() {
#if defined(__x86_64__)
  using cf = cpu_feature;
  using kernel_fn = void (*)(std::uint64_t, void*);
  const cpu_feature_set have = detected_features();
  auto has = [have](std::initializer_list<cpu_feature> need) {
    for (cpu_feature f : need)
      if ((have & bit(f)) == 0) return false;
    return true;
  };
  struct kernel_case {
    const char* name;
    bool usable;
    kernel_fn fn;
    double per_iteration;
  };
  const double alone = double(limit::alone_chains) * limit::steps_per_iteration;
  // The GCM-mix cases count registers of blocks (10 AES rounds and 3 multiplies each).
  const double registers = limit::gcm_mix_registers;
  const bool xmm = has({cf::aes, cf::pclmulqdq, cf::avx});
  const bool ymm = has({cf::vaes, cf::vpclmulqdq, cf::avx2});
  const bool zmm = has({cf::vaes, cf::vpclmulqdq, cf::avx512f});
  const kernel_case cases[] = {
      {"limit/aesenc-xmm", xmm, limit::aesenc_xmm, alone},
      {"limit/clmul-xmm", xmm, limit::clmul_xmm, alone},
      {"limit/gcm-mix-xmm", xmm,
       [](std::uint64_t n, void* sink) { limit::gcm_mix_xmm(10, 3, n, sink); }, registers},
      {"limit/aesenc-ymm", ymm, limit::aesenc_ymm, alone},
      {"limit/clmul-ymm", ymm, limit::clmul_ymm, alone},
      {"limit/gcm-mix-ymm", ymm,
       [](std::uint64_t n, void* sink) { limit::gcm_mix_ymm(10, 3, n, sink); }, registers},
      {"limit/aesenc-zmm", zmm, limit::aesenc_zmm, alone},
      {"limit/clmul-zmm", zmm, limit::clmul_zmm, alone},
      {"limit/gcm-mix-zmm", zmm,
       [](std::uint64_t n, void* sink) { limit::gcm_mix_zmm(10, 3, n, sink); }, registers},
  };
  for (const kernel_case& c : cases) {
    if (!c.usable) continue;
    benchmark::internal::Benchmark* b =
        benchmark::RegisterBenchmark(c.name, [c](benchmark::State& state) {
          alignas(64) unsigned char sink[64];
          constexpr std::uint64_t iterations_per_call = 1024;
          for (auto _ : state) c.fn(iterations_per_call, sink);
          benchmark::DoNotOptimize(sink);
          const double instructions =
              static_cast<double>(state.iterations()) * iterations_per_call * c.per_iteration;
          state.counters["per_cycle"] =
              benchmark::Counter(instructions / core_hz(), benchmark::Counter::kIsRate);
        });
    b->UseRealTime();  // see bench_gcm.cpp
  }
#endif
}

}  // namespace vg::bench
