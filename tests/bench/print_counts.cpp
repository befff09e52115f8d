// Prints bench/limit's table of bulk-loop instruction counts, one line per backend, direction and
// round count, tab-separated, for check_counts.py to compare with a recount of the objects.
#include <cstdio>
#include <string>
#include <string_view>

#include "kernel_counts.hpp"

int main() {
  using vg::bench::loop_counts;
  for (const vg::bench::named_counts& n : vg::bench::all_counts()) {
    const vg::bench::loop_source& s = n.counts.source;
    for (int dir = 0; dir < 2; ++dir) {
      for (int i = 0; i < 3; ++i) {
        const int rounds = 10 + 2 * i;
        const loop_counts& c = dir == 0 ? n.counts.seal[i] : n.counts.open[i];
        const std::string_view name = dir == 0 ? "gcm<#>" : s.open;  // # = the round count
        const std::size_t at = name.find('#');
        const std::string function = std::string(name.substr(0, at)) + std::to_string(rounds) +
                                     std::string(name.substr(at + 1));
        std::printf("%.*s\t%.*s\t%.*s::%s\t%d\t%d\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\n",
                    static_cast<int>(n.backend.size()), n.backend.data(),
                    static_cast<int>(s.object.size()), s.object.data(),
                    static_cast<int>(s.kernel.size()), s.kernel.data(), function.c_str(), s.lanes,
                    rounds, n.counts.loop_blocks, c.clmul, c.valu[0], c.valu[1], c.valu[2], c.loads,
                    c.stores);
      }
    }
  }
  return 0;
}
