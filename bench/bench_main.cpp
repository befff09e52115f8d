// The benchmark suite's entry point: measures the core clock, records the code paths in the
// context, registers the cases (their set depends on the peers built in and on the CPU), runs.
#include <cstdio>
#include <string>

#include "bench.hpp"
#include "clock.hpp"
#include "peer.hpp"
#include "vg/cpu.hpp"

namespace vg::bench {
namespace {
double measured_core_hz = 0;
}

double core_hz() {
  return measured_core_hz;
}

benchmark::Counter cycles_per_byte(std::int64_t total_bytes) {
  return benchmark::Counter(static_cast<double>(total_bytes) / core_hz(),
                            benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace vg::bench

int main(int argc, char** argv) {
  using namespace vg::bench;
  const clock_info clock = measure_clocks(200);
  measured_core_hz = clock.core_hz;
  benchmark::AddCustomContext("vg_clock", clock.method);
  benchmark::AddCustomContext("vg_backend", std::string(vg::default_backend()));
  benchmark::AddCustomContext("vg_allowed_features", vg::feature_list(vg::allowed_features()));
  for (const peer* p : all_peers())
    benchmark::AddCustomContext("peer_" + std::string(p->name()), p->code_path());
  register_gcm_cases();
  register_limit_cases();
  register_call_path_cases();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
