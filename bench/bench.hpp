// Shared state of the Google Benchmark suite: the measured core clock (for the cycles/byte
// counter) and the registration functions of each file.
#ifndef VG_BENCH_BENCH_HPP
#define VG_BENCH_BENCH_HPP

#include <benchmark/benchmark.h>

#include <cstdint>

namespace vg::bench {

/// Core frequency measured at start-up (bench_main.cpp).
double core_hz();

/// A counter that Google Benchmark turns into core cycles per byte: (iterations * bytes) / hz,
/// divided by the elapsed time (rate), inverted.
benchmark::Counter cycles_per_byte(std::int64_t total_bytes);

void register_gcm_cases();        // bench_gcm.cpp
void register_limit_cases();      // bench_limit.cpp
void register_call_path_cases();  // bench_call_path.cpp

}  // namespace vg::bench

#endif  // VG_BENCH_BENCH_HPP
