// The table of backends compiled into this build, and the choice among them.
#ifndef VG_SRC_DISPATCH_REGISTRY_HPP
#define VG_SRC_DISPATCH_REGISTRY_HPP

#include <span>
#include <string_view>

#include "backends/backend.hpp"

namespace vg::detail {

// Every backend in this build, best first: for a backend built in several GCM kernel variants,
// the table of the variant this process runs (gcm_variants.hpp). Chosen once per process.
std::span<const backend* const> all_backends() noexcept;

// Every table in this build, variants included: best backend first, a backend's tables next to
// each other with its default variant first.
std::span<const backend* const> all_gcm_tables() noexcept;

// needs ⊆ allowed_features().
bool is_runnable(const backend& b) noexcept;

// The first runnable backend of `table`, passing over those whose kernels use 512-bit vectors
// when `avoid_512bit_vectors` (prefers_256bit_vectors()); null when none is left.
const backend* first_runnable(std::span<const backend* const> table,
                              bool avoid_512bit_vectors) noexcept;

// The backend called `name` if it is in this build and runnable; null otherwise. "name/variant"
// (such as "vaes-avx512/karatsuba") names one GCM kernel variant of the backend, plain "name"
// the one chosen for this process.
const backend* find_runnable_backend(std::string_view name) noexcept;

// The best runnable backend (never null: portable needs nothing). Chosen once per process.
const backend& default_backend_impl() noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_DISPATCH_REGISTRY_HPP
