// Measured clocks: the time-stamp counter's rate and the core's effective frequency.
//
// Design: cycles/byte figures need the core clock, which in a VM (or with turbo) is neither the
// nominal frequency nor the TSC rate. The TSC rate is calibrated against std::chrono::steady_clock;
// the core frequency is measured by timing a chain of dependent register-to-register additions,
// each of which takes exactly one core cycle on every x86-64 and arm64 core, so the chain's length
// divided by its undisturbed wall time (fast_batch_ns) is the clock the core actually ran at.
// Register + register on purpose: Golden Cove and later rename away additions of small immediates
// (a chain of `add $1` ran at 5.7 per cycle on the development machine). Nothing here
// touches secret data.
#ifndef VG_BENCH_LIMIT_CLOCK_HPP
#define VG_BENCH_LIMIT_CLOCK_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace vg::bench {

struct clock_info {
  double core_hz = 0;      // measured effective core frequency (0 = could not measure)
  double core_spread = 0;  // (max - min) / median over the trials
  double tsc_hz = 0;       // calibrated TSC rate (0 = no TSC on this architecture)
  std::string method;      // one line saying how the numbers were obtained
};

/// Measures both clocks; takes about `budget_ms` milliseconds.
clock_info measure_clocks(int budget_ms = 150);

/// The effective core frequency alone (short dependent-add runs for about `ms` milliseconds).
double measure_core_hz(int ms);

/// Cycles per call from rounds timed in nanoseconds, each converted at the core clock measured in
/// the same round (`round_hz[i]` for `round_ns[i]`): the median of the per-round products. A
/// virtual machine's core clock can move by half between the start of a run and its end; one
/// clock measured at the start then turns a later, faster period into fewer cycles than the work
/// takes. Empty or mismatched inputs give 0.
double cycles_at_round_clocks(const std::vector<double>& round_ns,
                              const std::vector<double>& round_hz);

/// Nanoseconds from a monotonic wall clock.
std::uint64_t now_ns();

/// Runs `batch` again and again for about `budget_ns` of wall time and returns a fast run's wall
/// time: the 10th percentile of the runs. The machine may be shared: preemption and interrupts
/// only ever add time, so with batches much shorter than a scheduler time slice (tens of
/// microseconds) the fast runs are the undisturbed cost; the 10th percentile rather than the
/// minimum because a virtual machine's clock occasionally reports a run a few percent too short.
/// (The thread CPU-time clock would be the other way to ignore preemption, but in virtual machines
/// it can undercount badly: on the development VM it reported a quarter of the undisturbed time.)
template <class Batch>
double fast_batch_ns(Batch&& batch, std::uint64_t budget_ns) {
  std::vector<double> took;
  took.reserve(1024);
  const std::uint64_t start = now_ns();
  std::uint64_t now = start;
  do {
    batch();
    const std::uint64_t end = now_ns();
    took.push_back(static_cast<double>(end - now));
    now = end;
  } while (now - start < budget_ns || took.size() < 10);
  const auto tenth = took.begin() + static_cast<std::ptrdiff_t>(took.size() / 10);
  std::nth_element(took.begin(), tenth, took.end());
  return *tenth;
}

}  // namespace vg::bench

#endif  // VG_BENCH_LIMIT_CLOCK_HPP
