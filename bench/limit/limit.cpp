// Measuring the machine's limit and the per-backend lower bound; see limit.hpp.
#include "limit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

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

#if defined(__x86_64__)  // the load and store kernels (kernels.hpp) are x86 only
// Bytes moved per core cycle by `memory` (loads or stores of one width) over an L1-resident
// buffer, converted to instructions per cycle.
using memory_fn = void (*)(std::uint64_t, void*, bool);
[[maybe_unused]] double memory_rate(memory_fn memory, bool store, double core_hz, int ms) {
  alignas(64) static unsigned char buffer[1024];
  return rate([&](std::uint64_t n, void*) { memory(n, buffer, store); },
              double(limit::memory_ops_per_iteration), core_hz, ms);
}
#endif

// The schemes of the x86 backends, as src/backends/x86/gcm_kernel.inc instantiates them. The
// floors (clmul_per_block, reductions_per_batch) are Karatsuba's 3 multiplies a block and one
// 2-multiply reduction, the cheapest of any scheme; the loops' own counts are in
// kernel_counts.cpp (aesni-avx Karatsuba 3.125 a block, the wider backends schoolbook).
const gcm_scheme schemes[] = {
    {"aesni-avx", "xmm", 3, 2, 8, "AES-NI + PCLMULQDQ xmm, 8 blocks a batch", nullptr, "Karatsuba"},
    {"vaes-avx2", "ymm", 3, 2, 8, "VAES + VPCLMULQDQ ymm, 4 regs = 8 blocks a batch", nullptr,
     "schoolbook"},
    {"vaes-avx512", "zmm", 3, 2, 16, "VAES + VPCLMULQDQ zmm, 4 regs = 16 blocks a batch", nullptr,
     "schoolbook"},
};

// Variants whose batch differs from their backend's default.
constexpr std::pair<std::string_view, std::string_view> variant_notes[] = {
    {"vaes-avx2/karatsuba-wide", "VAES + VPCLMULQDQ ymm, 8 regs = 16 blocks a batch"},
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
    kernel_fn aes, clmul, vector;
    void (*gcm_mix)(int rounds, int multiplies, std::uint64_t iterations, void* sink);
    memory_fn memory;
    and_pass_fn and_pass;  // the store width of that width's backend
  };
  const kernels_at by_width[3] = {
      {has_all(features, {cf::aes, cf::pclmulqdq, cf::avx}), limit::aesenc_xmm, limit::clmul_xmm,
       limit::vector_xmm, limit::gcm_mix_xmm, limit::memory_xmm, limit::and_pass_avx},
      {has_all(features, {cf::vaes, cf::vpclmulqdq, cf::avx2}), limit::aesenc_ymm, limit::clmul_ymm,
       limit::vector_ymm, limit::gcm_mix_ymm, limit::memory_ymm, limit::and_pass_avx},
      {has_all(features, {cf::vaes, cf::vpclmulqdq, cf::avx512f}), limit::aesenc_zmm,
       limit::clmul_zmm, limit::vector_zmm, limit::gcm_mix_zmm, limit::memory_zmm,
       limit::and_pass_zmm},
  };
  const double alone = double(limit::alone_chains) * limit::steps_per_iteration;
  // Every kernel in `passes` passes, each rate the best of its passes: a limit is what the core
  // does undisturbed, and on a shared host one kernel's window can land in a slow period (the zmm
  // GCM mix measured up to 17% apart in consecutive 20 ms windows on a Zen 5 VM while the other
  // core compiled; AES alone stayed within 3%). Each pass converts at a clock measured just
  // before it. 5 single-kind kernels, 6 mixes and the AND pass per width.
  constexpr int passes = 3;
  const int per_kernel = std::max(4, (budget_ms * 3 / 4) / (36 * passes));
  const auto keep_max = [](double& best, double v) { best = std::max(best, v); };
  for (int pass = 0; pass < passes; ++pass) {
    const double hz = pass == 0 ? out.clock.core_hz : measure_core_hz(2);
    for (int i = 0; i < 3; ++i) {
      if (!by_width[i].usable || hz <= 0) continue;
      width_rates& w = out.widths[static_cast<std::size_t>(i)];
      const kernels_at& k = by_width[i];
      w.measured = true;
      keep_max(w.aes, rate(k.aes, alone, hz, per_kernel));
      keep_max(w.clmul, rate(k.clmul, alone, hz, per_kernel));
      keep_max(w.vector, rate(k.vector, alone, hz, per_kernel));
      keep_max(w.loads, memory_rate(k.memory, false, hz, per_kernel));
      keep_max(w.stores, memory_rate(k.memory, true, hz, per_kernel));
      for (int r = 0; r < 3; ++r) {
        for (int m = 0; m < 2; ++m) {
          const int rounds = 10 + 2 * r, multiplies = 3 + m;
          // rate() counts registers of blocks per cycle here: one per AES chain per iteration.
          const double registers_per_cycle =
              rate([&](std::uint64_t n, void* sink) { k.gcm_mix(rounds, multiplies, n, sink); },
                   limit::gcm_mix_registers, hz, per_kernel);
          double& cycles = w.gcm_mix[r][m];  // per register: the fewest of the passes
          if (registers_per_cycle > 0 && (cycles == 0 || 1 / registers_per_cycle < cycles))
            cycles = 1 / registers_per_cycle;
        }
      }
      keep_max(w.and_bytes, and_rate(k.and_pass, hz, per_kernel));
    }
  }
#else
  (void)features;
#endif
  return out;
}

std::optional<gcm_scheme> scheme_for(std::string_view backend) {
  const std::size_t slash = backend.find('/');
  const std::string_view name = backend.substr(0, slash);
  for (gcm_scheme s : schemes) {
    if (s.backend != name) continue;
    s.counts = counts_for(backend);  // a variant without counts of its own: floors only
    // The variant's name as a literal: `backend` may not outlive the returned scheme.
    if (slash != std::string_view::npos)
      s.products = backend.substr(slash + 1).starts_with("karatsuba") ? "Karatsuba" : "schoolbook";
    for (const auto& [variant, note] : variant_notes)
      if (backend == variant) s.note = note;
    return s;
  }
  return std::nullopt;
}

double shared_rate(const width_rates& w) {
  if (!w.measured || w.aes <= 0 || w.clmul <= 0) return 0;
  double best = 0;
  for (int r = 0; r < 3; ++r) {
    for (int m = 0; m < 2; ++m) {
      const double aes = 10 + 2 * r, clmul = 3 + m, cycles = w.gcm_mix[r][m];
      if (cycles > 1.05 * std::max(aes / w.aes, clmul / w.clmul))
        best = std::max(best, (aes + clmul) / cycles);
    }
  }
  return best;
}

std::string_view resource_name(resource r) {
  switch (r) {
    case resource::aes:
      return "aes";
    case resource::clmul:
      return "clmul";
    case resource::mix:
      return "aes+clmul";
    case resource::vector:
      return "vector";
    case resource::load:
      return "load";
    case resource::store:
      return "store";
  }
  return "?";
}

namespace {

// The least of f(v) over the measured widths up to `w` (code outside the loop may use any of
// them); f returns 0 for a rate that was not measured, which is skipped.
template <class F>
double best_up_to(const machine_limit& limit, const width_rates& w, F f) {
  double best = 0;
  for (const width_rates& v : limit.widths) {
    if (v.measured && v.blocks <= w.blocks) {
      const double x = f(v);
      if (x > 0 && (best == 0 || x < best)) best = x;
    }
  }
  return best;
}

// The highest measured rate of one kind over all widths (the loops' loads and stores mix widths;
// charging each at the fastest keeps the term a floor).
template <class F>
double fastest(const machine_limit& limit, F rate_of) {
  double best = 0;
  for (const width_rates& v : limit.widths)
    if (v.measured) best = std::max(best, rate_of(v));
  return best;
}

double over(double count, double rate) {
  return rate > 0 ? count / rate : 0;
}

}  // namespace

bound_parts bound_detail(const machine_limit& limit, const gcm_scheme& scheme, algorithm alg,
                         gcm_op op, std::size_t bytes, std::size_t aad_bytes) {
  bound_parts out;
  const width_rates* wp = limit.find(scheme.width);
  if (wp == nullptr || !wp->measured || wp->aes <= 0 || wp->clmul <= 0) return out;
  const width_rates& w = *wp;
  const int ri = key_length(alg) == 16 ? 0 : key_length(alg) == 24 ? 1 : 2;
  const double rounds = 10 + 2 * ri;
  const double lanes = w.blocks;
  const bool siv = alg == algorithm::aes_128_gcm_siv || alg == algorithm::aes_256_gcm_siv;
  const double data = std::ceil(static_cast<double>(bytes) / 16);
  const double ghash_only = std::ceil(static_cast<double>(aad_bytes) / 16) + 1;
  double* t = out.cycles;
  auto at = [&](resource r) -> double& { return t[static_cast<int>(r)]; };

  if (siv) {
    // Floors only: no E(J0) (the key derivation and the tag block are left out), POLYVAL reduced
    // once per pair of batches.
    const double g = data + ghash_only;
    const double aes = rounds * data / lanes;
    const double clmul = scheme.clmul_per_block * g / lanes +
                         scheme.reductions_per_batch * std::ceil(g / (2.0 * scheme.batch_blocks));
    at(resource::aes) = aes / w.aes;
    at(resource::clmul) = clmul / w.clmul;
    at(resource::mix) = over(aes + clmul, shared_rate(w));
    if (op == gcm_op::seal) {
      // CTR starts from the tag, which needs all of POLYVAL: the passes add.
      at(resource::aes) += at(resource::clmul);
      at(resource::clmul) = at(resource::mix) = 0;
    }
  } else {
    const kernel_counts* k = scheme.counts;
    // The loop runs at least floor(d/I) - 2 whole iterations: the first batch's AES runs before
    // it (nothing to hash yet) and the last group's GHASH after it (joined to the final
    // reduction), so up to two iterations' worth of blocks may be handled outside.
    const double per_iteration = k != nullptr ? k->loop_blocks : 0;
    const double loop =
        per_iteration > 0 ? std::max(0.0, std::floor(data / per_iteration) - 2) * per_iteration : 0;
    const double rest = data - loop;
    const loop_counts c = k == nullptr         ? loop_counts{}
                          : op == gcm_op::open ? k->open[ri]
                                               : k->seal[ri];

    at(resource::aes) =
        over(rounds * loop / lanes, w.aes) + best_up_to(limit, w, [&](const width_rates& v) {
          return over(rounds * (rest + 1) / v.blocks, v.aes);
        });
    at(resource::clmul) =
        over(c.clmul * loop, w.clmul) +
        best_up_to(limit, w,
                   [&](const width_rates& v) {
                     return over(scheme.clmul_per_block * (rest + ghash_only) / v.blocks, v.clmul);
                   }) +
        over(scheme.reductions_per_batch,
             fastest(limit, [](const width_rates& v) { return v.clmul; }));
    // AES and CLMUL on the pipes they share (shared_rate; none where they do not contend). Outside
    // the loop the cheapest width counts, and a width without contention costs nothing here.
    const double shared_w = shared_rate(w);
    double shared_rest = -1;
    for (const width_rates& v : limit.widths) {
      if (!v.measured || v.blocks > w.blocks) continue;
      const double shared_v = shared_rate(v);
      const double x = shared_v > 0
                           ? (rounds * (rest + 1) + scheme.clmul_per_block * (rest + ghash_only)) /
                                 v.blocks / shared_v
                           : 0;
      if (shared_rest < 0 || x < shared_rest) shared_rest = x;
    }
    at(resource::mix) =
        over((rounds / lanes + c.clmul) * loop, shared_w) + std::max(0.0, shared_rest);
    double loop_vector = 0;
    for (int u = 0; u < 3; ++u) {
      if (c.valu[u] > 0 && limit.widths.size() > static_cast<std::size_t>(u))
        loop_vector += over(c.valu[u] * loop, limit.widths[static_cast<std::size_t>(u)].vector);
    }
    at(resource::vector) =
        loop_vector + rest * best_up_to(limit, w, [&](const width_rates& v) {
                        return over((rounds + scheme.clmul_per_block) / v.blocks, v.vector);
                      });
    at(resource::load) =
        over(c.loads * loop, fastest(limit, [](const width_rates& v) { return v.loads; })) +
        rest * best_up_to(limit, w,
                          [](const width_rates& v) { return over(1.0 / v.blocks, v.loads); });
    at(resource::store) =
        over(c.stores * loop, fastest(limit, [](const width_rates& v) { return v.stores; })) +
        rest * best_up_to(limit, w,
                          [](const width_rates& v) { return over(1.0 / v.blocks, v.stores); });
  }
  for (int r = 0; r < resource_count; ++r) {
    if (t[r] > t[static_cast<int>(out.binding)]) out.binding = static_cast<resource>(r);
  }
  const double work = t[static_cast<int>(out.binding)];
  const double batch_bytes = 16.0 * scheme.batch_blocks;
  const double masked = (std::floor(static_cast<double>(bytes) / batch_bytes) - 1) * batch_bytes;
  if (op == gcm_op::open && masked > 0 && w.and_bytes > 0) out.verdict = masked / w.and_bytes;
  out.total = work + out.verdict;
  return out;
}

double bound_cycles(const machine_limit& limit, const gcm_scheme& scheme, algorithm alg, gcm_op op,
                    std::size_t bytes, std::size_t aad_bytes) {
  return bound_detail(limit, scheme, alg, op, bytes, aad_bytes).total;
}

std::string_view bound_formula() {
  return "cycles >= max over resources (aes, clmul, aes+clmul mix, vector, load, store) of the "
         "time the bulk loop's counted instructions need at the measured rates, plus floors for "
         "blocks outside the loop [+ open: the verdict pass]; see bench/limit/limit.hpp and "
         "docs/design/gcm-bound.md";
}

}  // namespace vg::bench
