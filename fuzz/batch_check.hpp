// The batch calls inside the fuzz targets: a batch built from the fuzzer's call must give, job by
// job, what the single calls give, and a forged tag must fail only its own job.
#ifndef VG_FUZZ_BATCH_CHECK_HPP
#define VG_FUZZ_BATCH_CHECK_HPP

#include <cstdint>
#include <vector>

#include "fuzz_input.hpp"
#include "vg/aead.hpp"

namespace vg::fuzz {

/// `ct` and `tag` are the single call's seal of `c` under `key`. Aborts (fail) on a difference.
void check_batch(const call& c, const vg::aead_key& key, const std::vector<std::uint8_t>& ct,
                 const std::vector<std::uint8_t>& tag);

}  // namespace vg::fuzz

#endif  // VG_FUZZ_BATCH_CHECK_HPP
