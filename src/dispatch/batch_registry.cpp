// Which backends have batch kernels (backends/batch_ops.hpp), and where their medium kernels give
// way to single calls on the CPU at hand. A table beside the backend objects rather than a field
// in them, so that backends without batch kernels stay as they are. Each GCM kernel variant has
// its own batch kernels: they read the key state its setup wrote.
#include <cstdlib>
#include <cstring>

#include "backends/batch_ops.hpp"
#include "dispatch/cpu_features.hpp"

namespace vg::detail {

#if defined(VG_HAVE_BACKEND_VAES_AVX512)
extern const backend backend_vaes_avx512;
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512;
extern const backend backend_vaes_avx512_short_tails;
extern const backend backend_vaes_avx512_wide_seal;
extern const backend backend_vaes_avx512_karatsuba;
extern const backend backend_vaes_avx512_karatsuba_wide_seal;
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512_karatsuba;

namespace {

// VG_BATCH_ROUTES=kernels: the kernels' own limits on every CPU, so that the tests run the
// medium kernels at every length and count on any machine (tests/api/batch, tests/ct).
bool kernel_routes_forced() noexcept {
  const char* env = std::getenv("VG_BATCH_ROUTES");
  return env != nullptr && std::strcmp(env, "kernels") == 0;
}

// The backend's tables as the CPU runs them best. On Intel (AES on one 512-bit port, which the
// single-message kernel already keeps busy with 4 zmm a batch) the four-lane medium kernel lost to
// single calls for open of 1024-1520 B (1.04-1.11x their time at 8 and 16 jobs, AES-128; as
// single calls 0.99-1.02x) and won or tied up to 768 B (0.92-1.02x; single calls 1.00-1.03x at
// 640-768 B): longer open jobs run as single calls there (docs/design/batch.md, "Intel").
// Elsewhere (AMD Zen 4 and Zen 5) the kernels' own limits.
gcm_batch_ops tuned(const gcm_batch_ops& ops) noexcept {
  gcm_batch_ops t = ops;
  const cpu_ids id = cpu_identity();
  if (id.vendor == cpu_vendor::intel && id.family == 6 && !kernel_routes_forced())
    t.open_max_len = 768;
  return t;
}

struct tuned_tables {
  gcm_batch_ops schoolbook, karatsuba;
};

const tuned_tables& tables() noexcept {
  static const tuned_tables t{tuned(gcm_batch_ops_vaes_avx512),
                              tuned(gcm_batch_ops_vaes_avx512_karatsuba)};
  return t;
}

}  // namespace
#endif

const gcm_batch_ops* gcm_batch_for(const backend& b) noexcept {
#if defined(VG_HAVE_BACKEND_VAES_AVX512)
  if (&b == &backend_vaes_avx512 || &b == &backend_vaes_avx512_short_tails ||
      &b == &backend_vaes_avx512_wide_seal)
    return &tables().schoolbook;
  if (&b == &backend_vaes_avx512_karatsuba || &b == &backend_vaes_avx512_karatsuba_wide_seal)
    return &tables().karatsuba;
#endif
  (void)b;
  return nullptr;
}

}  // namespace vg::detail
