// The machine's limit for AES-GCM: how many AES rounds, carry-less multiplies, vector ALU
// operations, loads and stores the core can start per cycle at each vector width, alone, AES and
// CLMUL together in GCM's mix, and the lower bound in cycles that those rates put under each
// vgcrypt backend.
//
// Design: the rates come from the kernels in kernels_{xmm,ymm,zmm}.cpp (independent chains, so
// only issue throughput limits them), timed (fast short runs) and converted to core cycles with
// the measured core frequency (clock.hpp). The bound charges the instructions a backend's bulk
// loop issues per block (kernel_counts.hpp, counted from its object code) to each resource in
// turn and takes the slowest: AES alone, CLMUL alone, the measured AES+CLMUL mix (which is where
// cores that issue both on shared pipes show it), the vector ALUs, the load and the store units.
// Each term is a time the code cannot beat whether or not the others overlap it, so the maximum
// is a floor on every core whose rates were measured, not a prediction: `eff` = bound / measured
// stays at or below 100% up to measurement noise, and a reading above means a count or a rate is
// wrong. Blocks outside the steady loop (short messages, the first and last group, AAD) are
// charged only what any code must issue for them, at the cheapest measured width up to the
// backend's. Open adds one more term after all of that: the output is written before the tag is
// known, so the verdict can only reach it in a second pass (read, AND, store) after the last
// multiply; its rate is measured too. The model and its numbers: docs/design/gcm-bound.md.
// Nothing here touches secret data.
#ifndef VG_BENCH_LIMIT_LIMIT_HPP
#define VG_BENCH_LIMIT_LIMIT_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clock.hpp"
#include "kernel_counts.hpp"
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
  double vector = 0;       // vector XOR alone (the vector ALUs' rate)
  double loads = 0;        // register-width loads alone (L1)
  double stores = 0;       // register-width stores alone (L1)
  // Cycles per register of blocks for GCM's bulk mix, issued together: [r][m] = 10, 12 or 14 AES
  // rounds (r = 0, 1, 2) and 3 or 4 multiplies (m = 0, 1); see shared_rate().
  double gcm_mix[3][2] = {};
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
  double clmul_per_block;       // fewest multiplies per block of GHASH input (Karatsuba: 3)
  double reductions_per_batch;  // multiplies per reduction
  int batch_blocks;             // GHASH blocks aggregated before one reduction (GCM-SIV bound)
  std::string_view note;        // the scheme in words, products aside
  const kernel_counts* counts = nullptr;  // the bulk loop's counts; nullptr: floors only
  // The product scheme of the variant measured: the default's in words ("schoolbook",
  // "Karatsuba"), another variant's name.
  std::string_view products = {};
};

/// Seal, or open with the verdict pass over its output.
enum class gcm_op { seal, open };

/// The scheme of `backend`, or nullopt (portable code has no AES/CLMUL instructions to count).
/// "name/variant" names a GCM kernel variant other than the backend's default, whose loop has
/// its own counts (kernel_counts.hpp).
std::optional<gcm_scheme> scheme_for(std::string_view backend);

/// AES and CLMUL instructions started per cycle together at width `w`, where its timed mixes show
/// that the two kinds contend; 0 where they do not. A mix of a AES and c CLMUL instructions (per
/// register) that takes T cycles contends when T > 1.05 * max(a / aes, c / clmul) (on separate
/// pipes T is that maximum; 5% allows for scheduling slack). Then the pipes both kinds share start
/// (a + c) / T of them a cycle, and any code needs at least (A + C) / that rate for A AES and C
/// CLMUL instructions at that width, whatever their proportion. The largest estimate over the six
/// mixes is kept (the least contention seen).
double shared_rate(const width_rates& w);

/// The resources the bound charges.
enum class resource { aes, clmul, mix, vector, load, store };
inline constexpr int resource_count = 6;
std::string_view resource_name(resource r);

/// The bound and its parts, in core cycles.
struct bound_parts {
  double cycles[resource_count] = {};  // each resource's time for the whole message
  double verdict = 0;                  // open's pass, after everything else
  double total = 0;                    // max over cycles[] + verdict; 0 = no bound
  resource binding = resource::aes;    // the largest of cycles[]
};

/// Lower bound for one GCM seal/open of `bytes` of data with `aad_bytes` of AAD. With
/// d = ceil(bytes/16) data blocks, the steady loop covers L = max(0, floor(d/I) - 2) * I of them
/// at least (I = counts->loop_blocks; 0 without counts; the first batch's AES and the last
/// group's GHASH run outside it) and the rest are r = d - L, plus a = ceil(aad/16)
/// + 1 GHASH-only blocks (AAD, length). For the backend's width w (lanes b) and the loop's counts
/// c[rounds] per block, with best_v(x) = the least x over the measured widths v up to w:
///   aes    = R*L/b / aes_w            + best_v(R*(r+1)/b_v / aes_v)          (+1: E(J0))
///   clmul  = c.clmul*L / clmul_w       + best_v(3*(r+a)/b_v / clmul_v) + 2 / max_v clmul_v
///   mix    = (R + c.clmul*b) * L/b / shared_w
///            + best_v((R*(r+1) + 3*(r+a)) / b_v / shared_v)   (shared = shared_rate(); a term
///            with shared 0 is 0: AES and CLMUL do not contend there)
///   vector = L * sum_u c.valu[u] / vector_u + r * best_v((R+3)/b_v / vector_v)
///   load   = L * c.loads / max_v loads_v  + r * best_v(1 / (b_v * loads_v))
///   store  = L * c.stores / max_v stores_v + r * best_v(1 / (b_v * stores_v))
///   cycles >= max(aes, clmul, mix, vector, load, store)
/// with R = 10/12/14 (the initial AddRoundKey is an XOR). Open adds the verdict pass over the
/// whole batches but the last (a kernel may hold the last batch and the tail in registers and
/// store them masked): + (floor(bytes/(16*batch)) - 1) * 16*batch / rate_and when positive.
/// GCM-SIV keeps the floors only: A = R*d/b (no E(J0)), C = 3*g/b + 2*ceil(g/(2*batch)) with
/// g = d + a; seal cannot overlap its passes (CTR starts from the tag): A/aes_w + C/clmul_w;
/// open: max(A/aes_w, C/clmul_w, (A + C)/shared_w) + the verdict pass.
/// total = 0 when the width was not measured.
bound_parts bound_detail(const machine_limit& limit, const gcm_scheme& scheme, algorithm alg,
                         gcm_op op, std::size_t bytes, std::size_t aad_bytes);

/// bound_detail(...).total.
double bound_cycles(const machine_limit& limit, const gcm_scheme& scheme, algorithm alg, gcm_op op,
                    std::size_t bytes, std::size_t aad_bytes);

/// The formula above in one line, for tool output.
std::string_view bound_formula();

}  // namespace vg::bench

#endif  // VG_BENCH_LIMIT_LIMIT_HPP
