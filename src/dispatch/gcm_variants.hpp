// Which GCM kernel variant a backend built several ways runs: a per-CPU table, the default for
// other CPUs, and VG_GCM_VARIANT to force one. The measurements behind each row:
// docs/design/gcm-variants.md.
#ifndef VG_SRC_DISPATCH_GCM_VARIANTS_HPP
#define VG_SRC_DISPATCH_GCM_VARIANTS_HPP

#include <span>
#include <string_view>

#include "backends/backend.hpp"
#include "dispatch/cpu_features.hpp"

namespace vg::detail {

// On CPUs of `vendor`, `family` and a model in [model_first, model_last], `backend` runs
// `variant`; `why` says what was measured (the note has the numbers).
struct gcm_variant_row {
  cpu_vendor vendor;
  unsigned family, model_first, model_last;
  std::string_view backend, variant, why;
};

// The rows, in the order they are tried (the first match wins).
std::span<const gcm_variant_row> gcm_variant_rows() noexcept;

// The first row for `backend` on the CPU `id`, or null.
const gcm_variant_row* gcm_variant_row_for(const cpu_ids& id, std::string_view backend) noexcept;

struct gcm_variant_choice {
  const backend* table;  // the variant chosen (never null)
  std::string_view why;  // "VG_GCM_VARIANT", the row's why, or why the default
};

// Among `variants` (the tables of one backend, its default variant first), the one to run:
// the variant VG_GCM_VARIANT names (`forced`, null when unset) if this backend has it, else the
// table's row for the CPU `id`, else the first.
gcm_variant_choice choose_gcm_variant(std::span<const backend* const> variants, const cpu_ids& id,
                                      const char* forced) noexcept;

// The choice this process made for the backend called `name` (VG_GCM_VARIANT and this CPU), or
// {null, ""} when no backend has that name.
gcm_variant_choice gcm_variant_of(std::string_view name) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_DISPATCH_GCM_VARIANTS_HPP
