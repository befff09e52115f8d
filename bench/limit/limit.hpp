// The machine's limit for AES-GCM: how many AES rounds and carry-less multiplies the core can
// start per cycle at each vector width, alone and in GCM's mix, and the lower bound in cycles per
// byte that those rates put under each vgcrypt backend.
//
// Design: the rates come from the kernels in kernels_{xmm,ymm,zmm}.cpp (independent chains, so
// only issue throughput limits them), timed (fast short runs) and converted to core cycles with
// the measured core frequency (clock.hpp). The bound counts the instructions a backend's scheme
// must execute for a message (see bound_cycles) and divides by those rates; it ignores loads,
// stores, XORs and shuffles, so it is a bound no implementation of that scheme can beat, not a
// prediction. Open adds one more term: the output is written before the tag is known, so the
// verdict can only reach it in a second pass (read, AND, store) after the last multiply; its rate
// is measured too (bytes per cycle, L1-resident, the backends' store width). Nothing here
// touches secret data.
#ifndef VG_BENCH_LIMIT_LIMIT_HPP
#define VG_BENCH_LIMIT_LIMIT_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clock.hpp"
#include "vg/aead.hpp"
#include "vg/cpu.hpp"

namespace vg::bench {

/// Measured issue rates at one vector width, in instructions per core cycle.
struct width_rates {
  std::string_view width;  // "xmm", "ymm", "zmm"
  int blocks = 0;          // 16-byte blocks per register
  bool measured = false;   // false: the CPU lacks the features (or they are not allowed)
  double aes = 0;          // AESENC alone
  double clmul = 0;        // PCLMULQDQ alone
  // Cycles per register of blocks for GCM's bulk mix, issued together: 10, 12 or 14 AES rounds
  // (index 0, 1, 2) and 3 multiplies.
  double gcm_mix[3] = {0, 0, 0};
  double and_bytes = 0;  // open's verdict pass, bytes per cycle (0: not measured)
};

struct machine_limit {
  clock_info clock;
  std::vector<width_rates> widths;  // xmm, ymm, zmm in that order
  const width_rates* find(std::string_view width) const;
};

/// Measures the rates for every width whose features are in `features` (~budget_ms in total).
machine_limit measure_limit(cpu_feature_set features, int budget_ms = 400);

/// How a backend does GCM's bulk work, as counted by the bound.
struct gcm_scheme {
  std::string_view backend;     // vgcrypt backend name
  std::string_view width;       // register width its AES and CLMUL run at
  double clmul_per_block;       // carry-less multiplies per 16-byte block of GHASH input
  double reductions_per_batch;  // multiplies per reduction (once per batch of blocks)
  int batch_blocks;             // GHASH blocks aggregated before one reduction
  std::string_view note;        // the scheme in words
};

/// Seal, or open with the verdict pass over its output.
enum class gcm_op { seal, open };

/// The scheme of `backend`, or nullopt (portable code has no AES/CLMUL instructions to count).
std::optional<gcm_scheme> scheme_for(std::string_view backend);

/// Lower bound in core cycles for one GCM seal/open of `bytes` of data with `aad_bytes` of AAD:
///   aes   = rounds * (ceil(bytes/16) + 1) / blocks_per_register      (+1: E(J0) for the tag)
///   g     = ceil(aad/16) + ceil(bytes/16) + 1                         (+1: the length block)
///   clmul = clmul_per_block * g / blocks_per_register + reductions_per_batch * ceil(g / batch)
///   mix   = ceil(bytes/16) / blocks_per_register * gcm_mix[rounds]  (the data's rounds and 3
///           multiplies per block, issued together at the rate the core measured for that mix)
///   cycles >= max(aes / rate_aes, clmul / rate_clmul, mix)
/// with rounds = 10/12/14 (the initial AddRoundKey is an XOR, not an AES instruction). Every
/// term is work any implementation of the scheme must issue, so the bound holds whether AES and
/// CLMUL share ports or not: eff = bound / measured cannot exceed 100% beyond measurement noise.
/// Open adds, after all of that, the verdict pass over the whole batches but the last (a kernel
/// may hold the last batch and the tail in registers and store them masked):
///   + (floor(bytes / (16 * batch)) - 1) * 16 * batch / rate_and      (when positive and measured)
/// GCM-SIV (the x86 SIV kernels use the same widths and batches): A has no +1 (no E(J0); the key
/// derivation and the tag block are left out), POLYVAL reduces once per 2 * batch blocks, and
/// seal's two passes cannot overlap (CTR starts from the tag): cycles >= A/rate_aes +
/// C/rate_clmul. GCM-SIV open is bounded as GCM's.
/// Returns 0 when the width was not measured.
double bound_cycles(const machine_limit& limit, const gcm_scheme& scheme, algorithm alg, gcm_op op,
                    std::size_t bytes, std::size_t aad_bytes);

/// The formula above in one line, for tool output.
std::string_view bound_formula();

}  // namespace vg::bench

#endif  // VG_BENCH_LIMIT_LIMIT_HPP
