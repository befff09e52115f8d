// Which backends have batch kernels (backends/batch_ops.hpp). A table beside the backend objects
// rather than a field in them, so that backends without batch kernels stay as they are. Each GCM
// kernel variant has its own batch kernels: they read the key state its setup wrote.
#include "backends/batch_ops.hpp"

namespace vg::detail {

#if defined(VG_HAVE_BACKEND_VAES_AVX512)
extern const backend backend_vaes_avx512;
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512;
extern const backend backend_vaes_avx512_short_tails;
extern const backend backend_vaes_avx512_wide_seal;
extern const backend backend_vaes_avx512_karatsuba;
extern const backend backend_vaes_avx512_karatsuba_wide_seal;
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512_karatsuba;
#endif

const gcm_batch_ops* gcm_batch_for(const backend& b) noexcept {
#if defined(VG_HAVE_BACKEND_VAES_AVX512)
  if (&b == &backend_vaes_avx512 || &b == &backend_vaes_avx512_short_tails ||
      &b == &backend_vaes_avx512_wide_seal)
    return &gcm_batch_ops_vaes_avx512;
  if (&b == &backend_vaes_avx512_karatsuba || &b == &backend_vaes_avx512_karatsuba_wide_seal)
    return &gcm_batch_ops_vaes_avx512_karatsuba;
#endif
  (void)b;
  return nullptr;
}

}  // namespace vg::detail
