// Measuring the machine's limit and the per-backend lower bound; see limit.hpp.
#include "limit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#if defined(__x86_64__)
#include "kernels.hpp"
#endif

namespace vg::bench {
namespace {

using kernel_fn = void (*)(std::uint64_t, void*);

// Instructions per core cycle of `kernel` executing `per_iteration` instructions per iteration,
// from its fast short runs (fast_batch_ns) within `ms` milliseconds (a limit is what the core does
// when nothing disturbs it; see fast_batch_ns).
template <class Kernel>
[[maybe_unused]] double rate(Kernel kernel, double per_iteration, double core_hz, int ms) {
  alignas(64) unsigned char sink[64];
  constexpr std::uint64_t iterations = 64;  // 64 * 96 instructions: tens of microseconds
  kernel(iterations, sink);  // warm-up: brings the wide units up and the code into cache
  const double best_ns =
      fast_batch_ns([&] { kernel(iterations, sink); }, static_cast<std::uint64_t>(ms) * 1'000'000);
  return static_cast<double>(iterations) * per_iteration / (best_ns * 1e-9 * core_hz);
}

// Bytes per core cycle of an AND pass (kernels.hpp) over a 16 KiB buffer, which stays in L1 as
// open's output does in the sizes the bound is quoted for.
using and_pass_fn = void (*)(std::uint64_t, void*, std::size_t);
[[maybe_unused]] double and_rate(and_pass_fn pass, double core_hz, int ms) {
  constexpr std::size_t bytes = 16384;
  alignas(64) unsigned char buffer[bytes] = {};
  constexpr std::uint64_t iterations = 16;  // 256 KiB stored: tens of microseconds
  pass(iterations, buffer, bytes);          // warm-up: the buffer into L1, the units up
  const double best_ns = fast_batch_ns([&] { pass(iterations, buffer, bytes); },
                                       static_cast<std::uint64_t>(ms) * 1'000'000);
  return static_cast<double>(iterations * bytes) / (best_ns * 1e-9 * core_hz);
}

[[maybe_unused]] bool has_all(cpu_feature_set have, std::initializer_list<cpu_feature> need) {
  for (cpu_feature f : need)
    if ((have & bit(f)) == 0) return false;
  return true;
}

// The schemes of the x86 backends, as src/backends/x86/gcm_kernel.inc instantiates them:
// Karatsuba products (lo, hi, middle: 3 multiplies per block, summed unreduced), one Montgomery
// reduction (2 multiplies, all lanes of a register at once) per batch. That is the cheapest scheme
// in multiplies, so the bound is a floor for any of them: the kernels themselves use schoolbook
// (4 multiplies, measured as fast or faster here because VPCLMULQDQ has its own port) and reduce
// once per 2 (xmm, ymm) or 3 (zmm) batches. Keep the batch sizes in step with the kernels:
// gcm_kernel<vec128, 8>, <vec256, 4>, <vec512, 4>.
constexpr gcm_scheme schemes[] = {
    {"aesni-avx", "xmm", 3, 2, 8, "AES-NI + PCLMULQDQ xmm, batch 8 blocks, Karatsuba 3 mul/block"},
    {"vaes-avx2", "ymm", 3, 2, 8, "VAES + VPCLMULQDQ ymm, batch 4 regs = 8 blocks, 3 mul/block"},
    {"vaes-avx512", "zmm", 3, 2, 16,
     "VAES + VPCLMULQDQ zmm, batch 4 regs = 16 blocks, 3 mul/block"},
};

}  // namespace

const width_rates* machine_limit::find(std::string_view width) const {
  for (const width_rates& w : widths)
    if (w.width == width) return &w;
  return nullptr;
}

machine_limit measure_limit(cpu_feature_set features, int budget_ms) {
  machine_limit out;
  out.clock = measure_clocks(std::max(50, budget_ms / 4));
  out.widths = {{"xmm", 1}, {"ymm", 2}, {"zmm", 4}};
#if defined(__x86_64__)
  using cf = cpu_feature;
  struct kernels_at {
    bool usable;
    kernel_fn aes, clmul;
    void (*gcm_mix)(int rounds, std::uint64_t iterations, void* sink);
    and_pass_fn and_pass;  // the store width of that width's backend
  };
  const kernels_at by_width[3] = {
      {has_all(features, {cf::aes, cf::pclmulqdq, cf::avx}), limit::aesenc_xmm, limit::clmul_xmm,
       limit::gcm_mix_xmm, limit::and_pass_avx},
      {has_all(features, {cf::vaes, cf::vpclmulqdq, cf::avx2}), limit::aesenc_ymm, limit::clmul_ymm,
       limit::gcm_mix_ymm, limit::and_pass_avx},
      {has_all(features, {cf::vaes, cf::vpclmulqdq, cf::avx512f}), limit::aesenc_zmm,
       limit::clmul_zmm, limit::gcm_mix_zmm, limit::and_pass_zmm},
  };
  const double alone = double(limit::alone_chains) * limit::steps_per_iteration;
  const int per_kernel = std::max(10, (budget_ms * 3 / 4) / 18);
  const double hz = out.clock.core_hz;
  for (int i = 0; i < 3; ++i) {
    if (!by_width[i].usable || hz <= 0) continue;
    width_rates& w = out.widths[static_cast<std::size_t>(i)];
    w.measured = true;
    w.aes = rate(by_width[i].aes, alone, hz, per_kernel);
    w.clmul = rate(by_width[i].clmul, alone, hz, per_kernel);
    for (int r = 0; r < 3; ++r) {
      const int rounds = 10 + 2 * r;
      // rate() counts registers of blocks per cycle here: one per AES chain per iteration.
      const double registers_per_cycle =
          rate([&](std::uint64_t n, void* sink) { by_width[i].gcm_mix(rounds, n, sink); },
               limit::gcm_mix_registers, hz, per_kernel);
      w.gcm_mix[r] = registers_per_cycle > 0 ? 1 / registers_per_cycle : 0;
    }
    w.and_bytes = and_rate(by_width[i].and_pass, hz, per_kernel);
  }
#else
  (void)features;
#endif
  return out;
}

std::optional<gcm_scheme> scheme_for(std::string_view backend) {
  for (const gcm_scheme& s : schemes)
    if (s.backend == backend) return s;
  return std::nullopt;
}

double bound_cycles(const machine_limit& limit, const gcm_scheme& scheme, algorithm alg, gcm_op op,
                    std::size_t bytes, std::size_t aad_bytes) {
  const width_rates* w = limit.find(scheme.width);
  const int rounds_index = key_length(alg) == 16 ? 0 : key_length(alg) == 24 ? 1 : 2;
  if (w == nullptr || !w->measured || w->aes <= 0 || w->clmul <= 0 || w->gcm_mix[rounds_index] <= 0)
    return 0;
  const bool siv = alg == algorithm::aes_128_gcm_siv || alg == algorithm::aes_256_gcm_siv;
  const double rounds = key_length(alg) == 16 ? 10 : key_length(alg) == 24 ? 12 : 14;
  const double data_blocks = std::ceil(static_cast<double>(bytes) / 16);
  const double ghash_blocks = std::ceil(static_cast<double>(aad_bytes) / 16) + data_blocks + 1;
  // GCM-SIV has no E(J0); its per-message key derivation and tag block are left out (a few
  // dozen single-block AES instructions), and POLYVAL reduces once per pair of batches.
  const double aes = rounds * (data_blocks + (siv ? 0 : 1)) / w->blocks;
  const double blocks_per_reduction = (siv ? 2.0 : 1.0) * scheme.batch_blocks;
  const double clmul = scheme.clmul_per_block * ghash_blocks / w->blocks +
                       scheme.reductions_per_batch * std::ceil(ghash_blocks / blocks_per_reduction);
  // GCM-SIV seal: CTR starts from the tag, which needs all of POLYVAL, so the passes add. Its
  // open knows the counter (the received tag) and can interleave them as GCM does.
  const double work = siv && op == gcm_op::seal
                          ? aes / w->aes + clmul / w->clmul
                          : std::max({aes / w->aes, clmul / w->clmul,
                                      data_blocks / w->blocks * w->gcm_mix[rounds_index]});
  const double batch_bytes = 16.0 * scheme.batch_blocks;
  const double masked = (std::floor(static_cast<double>(bytes) / batch_bytes) - 1) * batch_bytes;
  if (op == gcm_op::open && masked > 0 && w->and_bytes > 0) return work + masked / w->and_bytes;
  return work;
}

std::string_view bound_formula() {
  return "cycles >= max(A/rate_aes, C/rate_clmul, ceil(n/16)/lanes*mix_rounds) [+ open: "
         "M/rate_and], "
         "A = rounds*(ceil(n/16)+1)/lanes, C = mul_per_block*g/lanes + 2*ceil(g/batch), "
         "g = ceil(aad/16)+ceil(n/16)+1, M = (floor(n/(16*batch))-1)*16*batch bytes; "
         "GCM-SIV: A without the +1, 2*batch per reduction, seal A/rate_aes + C/rate_clmul";
}

}  // namespace vg::bench
