// The backend table. Order is preference: the first runnable entry becomes the default, except
// that backends on 512-bit vectors (vaes-avx512) yield to the next on CPUs where those vectors
// lower the clock (see docs/DISPATCH.md). A backend built in several GCM kernel variants has a
// table per variant, of which one is chosen per CPU (gcm_variants.cpp). The choices are made once
// per process and the table stored in each key at creation, so seal/open pay one indirect call
// and no CPU checks.
#include "dispatch/registry.hpp"

#include <array>

#include "dispatch/cpu_features.hpp"
#include "dispatch/gcm_variants.hpp"

namespace vg::detail {

#if VG_HAVE_BACKEND_VAES_AVX512
extern const backend backend_vaes_avx512;
extern const backend backend_vaes_avx512_short_tails;
extern const backend backend_vaes_avx512_wide_seal;
extern const backend backend_vaes_avx512_karatsuba;
extern const backend backend_vaes_avx512_karatsuba_wide_seal;
#endif
#if VG_HAVE_BACKEND_VAES_AVX2
extern const backend backend_vaes_avx2;
extern const backend backend_vaes_avx2_karatsuba;
extern const backend backend_vaes_avx2_karatsuba_wide;
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

// Every table, best backend first; a backend built several ways has its tables next to each
// other, its default variant first (gcm_variants.cpp picks one of them).
constexpr auto kTables = std::to_array<const backend*>({
#if VG_HAVE_BACKEND_VAES_AVX512
  &backend_vaes_avx512, &backend_vaes_avx512_short_tails, &backend_vaes_avx512_wide_seal,
      &backend_vaes_avx512_karatsuba, &backend_vaes_avx512_karatsuba_wide_seal,
#endif
#if VG_HAVE_BACKEND_VAES_AVX2
      &backend_vaes_avx2, &backend_vaes_avx2_karatsuba, &backend_vaes_avx2_karatsuba_wide,
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

// One table per backend: the variant chosen for this process.
struct chosen_tables {
  std::array<const backend*, kTables.size()> table{};
  std::size_t count = 0;
};

chosen_tables choose_variants() noexcept {
  chosen_tables out;
  for (std::size_t i = 0; i < kTables.size(); ++i)
    if (i == 0 || kTables[i]->name != kTables[i - 1]->name)
      out.table[out.count++] = gcm_variant_of(kTables[i]->name).table;
  return out;
}

const backend& choose_default() noexcept {
  const backend* b = first_runnable(all_backends(), prefers_256bit_vectors());
  return b != nullptr ? *b : backend_portable;
}

}  // namespace

std::span<const backend* const> all_backends() noexcept {
  static const chosen_tables chosen = choose_variants();
  return std::span(chosen.table).first(chosen.count);
}

std::span<const backend* const> all_gcm_tables() noexcept {
  return kTables;
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
  const std::size_t slash = name.find('/');
  if (slash != std::string_view::npos) {
    const std::string_view variant = name.substr(slash + 1);
    name = name.substr(0, slash);
    for (const backend* b : kTables) {
      if (b->name == name && !variant.empty() && b->gcm_variant == variant)
        return is_runnable(*b) ? b : nullptr;
    }
    return nullptr;
  }
  for (const backend* b : all_backends()) {
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
