// Measured clocks: the time-stamp counter's rate and the core's effective frequency.
//
// Design: cycles/byte figures need the core clock, which in a VM (or with turbo) is neither the
// nominal frequency nor the TSC rate. The TSC rate is calibrated against std::chrono::steady_clock;
// the core frequency is measured by timing a chain of dependent register additions, each of which
// takes exactly one core cycle on every x86-64 and arm64 core, so the chain's length divided by its
// undisturbed wall time (min_batch_ns) is the clock the core actually ran at. Nothing here
// touches secret data.
#ifndef VG_BENCH_LIMIT_CLOCK_HPP
#define VG_BENCH_LIMIT_CLOCK_HPP

#include <cstdint>
#include <string>

namespace vg::bench {

struct clock_info {
  double core_hz = 0;     // measured effective core frequency (0 = could not measure)
  double core_spread = 0;  // (max - min) / median over the trials
  double tsc_hz = 0;      // calibrated TSC rate (0 = no TSC on this architecture)
  std::string method;     // one line saying how the numbers were obtained
};

/// Measures both clocks; takes about `budget_ms` milliseconds.
clock_info measure_clocks(int budget_ms = 150);

/// The effective core frequency alone (short dependent-add runs for about `ms` milliseconds).
double measure_core_hz(int ms);

/// Nanoseconds from a monotonic wall clock.
std::uint64_t now_ns();

/// Runs `batch` again and again for about `budget_ns` of wall time and returns the shortest
/// wall time one run took. The machine may be shared: preemption and interrupts only ever add
/// time, so with batches much shorter than a scheduler time slice (tens of microseconds) the
/// minimum is the undisturbed cost. (The thread CPU-time clock would be the other way to ignore
/// preemption, but in virtual machines it can undercount badly: on the development VM it
/// reported a quarter of the wall time of an undisturbed loop.)
template <class Batch>
double min_batch_ns(Batch&& batch, std::uint64_t budget_ns) {
  double best = 1e300;
  const std::uint64_t start = now_ns();
  std::uint64_t now = start;
  do {
    batch();
    const std::uint64_t end = now_ns();
    const double took = static_cast<double>(end - now);
    if (took < best) best = took;
    now = end;
  } while (now - start < budget_ns);
  return best;
}

}  // namespace vg::bench

#endif  // VG_BENCH_LIMIT_CLOCK_HPP
