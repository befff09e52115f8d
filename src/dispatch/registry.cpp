// The backend table. Order is preference: the first runnable entry becomes the default, except
// that backends on 512-bit vectors (vaes-avx512) yield to the next on CPUs where those vectors
// lower the clock (see docs/DISPATCH.md). The choice is made once per process and stored in each
// key at creation, so seal/open pay one indirect call and no CPU checks.
#include "dispatch/registry.hpp"

#include <array>

#include "dispatch/cpu_features.hpp"

namespace vg::detail {

#if VG_HAVE_BACKEND_VAES_AVX512
extern const backend backend_vaes_avx512;
#endif
#if VG_HAVE_BACKEND_VAES_AVX2
extern const backend backend_vaes_avx2;
#endif
#if VG_HAVE_BACKEND_AESNI_AVX
extern const backend backend_aesni_avx;
#endif
#if VG_HAVE_BACKEND_ARMV8_SHA3
extern const backend backend_armv8_sha3;
#endif
#if VG_HAVE_BACKEND_ARMV8
extern const backend backend_armv8;
#endif
extern const backend backend_portable;

namespace {

constexpr auto kBackends = std::to_array<const backend*>({
#if VG_HAVE_BACKEND_VAES_AVX512
  &backend_vaes_avx512,
#endif
#if VG_HAVE_BACKEND_VAES_AVX2
      &backend_vaes_avx2,
#endif
#if VG_HAVE_BACKEND_AESNI_AVX
      &backend_aesni_avx,
#endif
#if VG_HAVE_BACKEND_ARMV8_SHA3
      &backend_armv8_sha3,
#endif
#if VG_HAVE_BACKEND_ARMV8
      &backend_armv8,
#endif
      &backend_portable,
});

const backend& choose_default() noexcept {
  const backend* b = first_runnable(kBackends, prefers_256bit_vectors());
  return b != nullptr ? *b : backend_portable;
}

}  // namespace

std::span<const backend* const> all_backends() noexcept {
  return kBackends;
}

bool is_runnable(const backend& b) noexcept {
  return (b.needs & ~allowed_features()) == 0;
}

const backend* first_runnable(std::span<const backend* const> table,
                              bool avoid_512bit_vectors) noexcept {
  for (const backend* b : table) {
    if (!is_runnable(*b)) continue;
    if (avoid_512bit_vectors && b->uses_512bit_vectors) continue;
    return b;
  }
  return nullptr;
}

const backend* find_runnable_backend(std::string_view name) noexcept {
  for (const backend* b : kBackends) {
    if (b->name == name) return is_runnable(*b) ? b : nullptr;
  }
  return nullptr;
}

const backend& default_backend_impl() noexcept {
  static const backend& chosen = choose_default();
  return chosen;
}

}  // namespace vg::detail

namespace vg {

std::vector<backend_info> backends() {
  std::vector<backend_info> out;
  for (const detail::backend* b : detail::all_backends()) {
    out.push_back({b->name, b->needs, detail::is_runnable(*b)});
  }
  return out;
}

std::string_view default_backend() noexcept {
  return detail::default_backend_impl().name;
}

}  // namespace vg
