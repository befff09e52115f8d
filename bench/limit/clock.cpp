// Clock measurement; see clock.hpp for the method.
#include "clock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace vg::bench {
namespace {

// 100 dependent register-to-register additions per loop iteration: the chain costs 100 cycles,
// the loop's own counter and branch run beside it on other ports. (Not `add $1`: recent Intel
// cores eliminate small-immediate additions at rename, several per cycle.)
void dependent_adds(std::uint64_t iterations) {
  std::uint64_t x = 0;
  std::uint64_t one = 1;
  asm volatile("" : "+r"(one));  // the compiler must not know the addend
  for (std::uint64_t i = 0; i < iterations; ++i) {
#if defined(__x86_64__)
#define VG_ADD10                                                           \
  "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t" \
  "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
    asm volatile(
        VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10
        : "+r"(x)
        : "r"(one));
#undef VG_ADD10
#elif defined(__aarch64__)
#define VG_ADD10                                                             \
  "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t" \
  "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t" \
  "add %0, %0, %1\n\tadd %0, %0, %1\n\t"
    asm volatile(
        VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10 VG_ADD10
        : "+r"(x)
        : "r"(one));
#undef VG_ADD10
#else
    x = x * 3 + one;  // no portable dependent-add chain; the result is then only approximate
    asm volatile("" : "+r"(x));
#endif
  }
}

constexpr double adds_per_iteration = 100;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}

double measure_core_hz(int ms) {
  // 200 iterations = 20,000 dependent adds: a few microseconds, far below a time slice.
  constexpr std::uint64_t iterations = 200;
  const double best_ns =
      fast_batch_ns([] { dependent_adds(iterations); }, static_cast<std::uint64_t>(ms) * 1'000'000);
  return static_cast<double>(iterations) * adds_per_iteration / (best_ns * 1e-9);
}

double cycles_at_round_clocks(const std::vector<double>& round_ns,
                              const std::vector<double>& round_hz) {
  if (round_ns.empty() || round_ns.size() != round_hz.size()) return 0;
  std::vector<double> cycles;
  for (std::size_t i = 0; i < round_ns.size(); ++i)
    cycles.push_back(round_ns[i] * 1e-9 * round_hz[i]);
  return median(cycles);
}

clock_info measure_clocks(int budget_ms) {
  clock_info info;
  const int trials = 5;
  const int per_trial = std::max(4, budget_ms / (2 * trials));
  measure_core_hz(per_trial);  // warm-up: lets the core reach its working frequency
  std::vector<double> hz;
  for (int t = 0; t < trials; ++t) hz.push_back(measure_core_hz(per_trial));
  info.core_hz = median(hz);
  const auto [lo, hi] = std::minmax_element(hz.begin(), hz.end());
  info.core_spread = info.core_hz > 0 ? (*hi - *lo) / info.core_hz : 0;
#if defined(__x86_64__)
  std::vector<double> tsc;
  for (int t = 0; t < trials; ++t) {
    const std::uint64_t n0 = now_ns();
    const std::uint64_t c0 = __rdtsc();
    while (now_ns() - n0 < static_cast<std::uint64_t>(per_trial) * 1'000'000 / 2) {
    }
    const std::uint64_t c1 = __rdtsc();
    const std::uint64_t n1 = now_ns();
    tsc.push_back(static_cast<double>(c1 - c0) / (static_cast<double>(n1 - n0) * 1e-9));
  }
  info.tsc_hz = median(tsc);
#endif
  char line[256];
  std::snprintf(
      line, sizeof line,
      "core clock %.3f GHz from a dependent-add chain (1 add = 1 cycle) timed with "
      "steady_clock (10th percentile of short runs), median of %d trials (spread %.1f%%); TSC %.3f "
      "GHz calibrated against steady_clock",
      info.core_hz * 1e-9, trials, info.core_spread * 100, info.tsc_hz * 1e-9);
  info.method = line;
  return info;
}

}  // namespace vg::bench
