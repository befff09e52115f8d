// The GCM kernel variants (dispatch/gcm_variants.hpp): the per-CPU table's lookup and rows, the
// precedence of VG_GCM_VARIANT, and that the tables of one backend are its variants: the same
// backend, each with its own kernels, and a table called "karatsuba" running the Karatsuba kernel
// (its key state holds the middle factors).
#include "dispatch/gcm_variants.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "backends/batch_ops.hpp"
#include "dispatch/cpu_features.hpp"
#include "dispatch/registry.hpp"

namespace vg::detail {
namespace {

backend fake(std::string_view name, std::string_view variant) {
  backend b{};
  b.name = name;
  b.gcm_variant = variant;
  return b;
}

constexpr cpu_ids intel_spr{cpu_vendor::intel, 6, 0x8f};
constexpr cpu_ids zen4_genoa{cpu_vendor::amd, 0x19, 0x11};
constexpr cpu_ids zen4_raphael{cpu_vendor::amd, 0x19, 0x61};
constexpr cpu_ids zen3{cpu_vendor::amd, 0x19, 0x21};
constexpr cpu_ids zen5_turin{cpu_vendor::amd, 0x1a, 0x02};
constexpr cpu_ids zen5_granite_ridge{cpu_vendor::amd, 0x1a, 0x44};
constexpr cpu_ids zen5_strix_point{cpu_vendor::amd, 0x1a, 0x24};
constexpr cpu_ids unknown{};

template <std::size_t N>
std::string_view chosen(const backend* const (&tables)[N], const cpu_ids& id, const char* forced) {
  return choose_gcm_variant(tables, id, forced).table->gcm_variant;
}

// The rows measured (docs/design/gcm-variants.md): Intel keeps schoolbook on zmm and runs
// Karatsuba with 16-block batches on ymm; Zen 4 runs Karatsuba with 16-block batches on ymm and
// schoolbook with short tails on zmm; the Zen 5 desktop and server parts Karatsuba with 16-block
// batches on ymm and Karatsuba with a wide AES-256 seal on zmm; CPUs not measured (Zen 3, the
// mobile Zen 5 parts) get the default (the first table).
TEST(GcmVariants, RowsForMeasuredCpusDefaultForOthers) {
  const backend s2 = fake("vaes-avx2", "schoolbook"), k2 = fake("vaes-avx2", "karatsuba");
  const backend w2 = fake("vaes-avx2", "karatsuba-wide");
  const backend s5 = fake("vaes-avx512", "schoolbook"), k5 = fake("vaes-avx512", "karatsuba");
  const backend t5 = fake("vaes-avx512", "schoolbook-short-tails");
  const backend ws5 = fake("vaes-avx512", "schoolbook-wide-seal");
  const backend kws5 = fake("vaes-avx512", "karatsuba-wide-seal");
  const backend* const ymm[] = {&s2, &k2, &w2};
  const backend* const zmm[] = {&s5, &t5, &ws5, &k5, &kws5};
  EXPECT_EQ(chosen(ymm, intel_spr, nullptr), "karatsuba-wide");
  EXPECT_EQ(chosen(zmm, intel_spr, nullptr), "schoolbook");
  for (const cpu_ids& zen4 : {zen4_genoa, zen4_raphael}) {
    EXPECT_EQ(chosen(ymm, zen4, nullptr), "karatsuba-wide") << zen4.model;
    EXPECT_EQ(chosen(zmm, zen4, nullptr), "schoolbook-short-tails") << zen4.model;
  }
  for (const cpu_ids& zen5 : {zen5_turin, zen5_granite_ridge}) {
    EXPECT_EQ(chosen(ymm, zen5, nullptr), "karatsuba-wide") << zen5.model;
    EXPECT_EQ(chosen(zmm, zen5, nullptr), "karatsuba-wide-seal") << zen5.model;
  }
  for (const cpu_ids& other : {zen3, zen5_strix_point, unknown}) {
    EXPECT_EQ(choose_gcm_variant(ymm, other, nullptr).table, &s2) << other.model;
    EXPECT_EQ(choose_gcm_variant(zmm, other, nullptr).table, &s5) << other.model;
  }
  EXPECT_EQ(gcm_variant_row_for(unknown, "vaes-avx2"), nullptr);
  EXPECT_EQ(gcm_variant_row_for(zen4_genoa, "aesni-avx"), nullptr);
}

TEST(GcmVariants, EnvironmentValueTakesPrecedence) {
  const backend s2 = fake("vaes-avx2", "schoolbook"), k2 = fake("vaes-avx2", "karatsuba");
  const backend w2 = fake("vaes-avx2", "karatsuba-wide");
  const backend* const ymm[] = {&s2, &k2, &w2};
  const backend* const ymm_without_wide[] = {&s2, &k2};
  EXPECT_EQ(chosen(ymm, zen4_genoa, "schoolbook"), "schoolbook");
  EXPECT_EQ(chosen(ymm, intel_spr, "karatsuba"), "karatsuba");
  EXPECT_EQ(choose_gcm_variant(ymm, intel_spr, "karatsuba").why, "VG_GCM_VARIANT");
  // A value this backend lacks: the table's row as if unset (the row's variant must be one of
  // the backend's tables; otherwise the default).
  EXPECT_EQ(chosen(ymm, zen5_turin, "no-such-variant"), "karatsuba-wide");
  EXPECT_EQ(chosen(ymm, intel_spr, "no-such-variant"), "karatsuba-wide");
  EXPECT_EQ(chosen(ymm_without_wide, zen5_turin, "no-such-variant"), "schoolbook");
  const backend only = fake("aesni-avx", "");
  const backend* const one[] = {&only};
  EXPECT_EQ(choose_gcm_variant(one, zen4_genoa, "karatsuba").table, &only);
}

// Every row names a backend of this build (where it is built) and a variant that backend has,
// so that no row silently falls back to the default.
TEST(GcmVariants, RowsNameBuiltVariants) {
  for (const gcm_variant_row& r : gcm_variant_rows()) {
    bool backend_built = false, variant_built = false;
    for (const backend* b : all_gcm_tables()) {
      if (b->name != r.backend) continue;
      backend_built = true;
      variant_built |= b->gcm_variant == r.variant;
    }
    if (!backend_built) continue;  // another architecture's build
    EXPECT_TRUE(variant_built) << r.backend << " has no variant " << r.variant;
    EXPECT_FALSE(r.why.empty());
    EXPECT_LE(r.model_first, r.model_last);
  }
}

// A backend's tables: listed together, default first; the same backend (name, features, GCM-SIV
// kernels, vector width); each variant its own GCM kernels and, where there are batch kernels,
// its own batch kernels.
TEST(GcmVariants, TablesOfOneBackendAreItsVariants) {
  const auto all = all_gcm_tables();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const backend& b = *all[i];
    const bool first = i == 0 || all[i - 1]->name != b.name;
    const bool last = i + 1 == all.size() || all[i + 1]->name != b.name;
    if (first && last) {
      EXPECT_TRUE(b.gcm_variant.empty()) << b.name << " is built one way";
      continue;
    }
    EXPECT_FALSE(b.gcm_variant.empty()) << b.name;
    if (first) {
      EXPECT_EQ(b.gcm_variant, "schoolbook") << b.name << ": the default variant comes first";
      continue;
    }
    for (std::size_t j = i; j-- > 0 && all[j]->name == b.name;) {
      const backend& a = *all[j];
      EXPECT_NE(a.gcm_variant, b.gcm_variant) << b.name;
      EXPECT_EQ(a.needs, b.needs) << b.name;
      EXPECT_EQ(a.siv, b.siv) << b.name;
      EXPECT_EQ(a.uses_512bit_vectors, b.uses_512bit_vectors) << b.name;
      EXPECT_NE(a.gcm, b.gcm) << b.name << "/" << b.gcm_variant;
      EXPECT_NE(a.gcm->seal, b.gcm->seal) << b.name << "/" << b.gcm_variant;
      EXPECT_NE(a.gcm->open_verify, b.gcm->open_verify) << b.name << "/" << b.gcm_variant;
      EXPECT_EQ(gcm_batch_for(a) == nullptr, gcm_batch_for(b) == nullptr) << b.name;
      // Variants on one key state (the same setup: routers over the same kernels) share every
      // entry that reads it but the two routes, and their batch kernels; the others share none.
      const bool same_state = a.gcm->setup == b.gcm->setup;
      EXPECT_EQ(a.gcm->ghash == b.gcm->ghash, same_state) << b.name << "/" << b.gcm_variant;
      EXPECT_EQ(a.gcm->wipe == b.gcm->wipe, same_state) << b.name << "/" << b.gcm_variant;
      if (gcm_batch_for(a) != nullptr) {
        EXPECT_EQ(gcm_batch_for(a) == gcm_batch_for(b), same_state) << b.name;
      }
    }
  }
}

// "name/variant" names one table; plain "name" the one this process chose.
TEST(GcmVariants, NamesOfVariants) {
  for (const backend* t : all_gcm_tables()) {
    const std::string name(t->name);
    if (t->gcm_variant.empty()) {
      EXPECT_EQ(find_runnable_backend(name + "/schoolbook"), nullptr) << name;
      continue;
    }
    EXPECT_EQ(find_runnable_backend(name + "/" + std::string(t->gcm_variant)),
              is_runnable(*t) ? t : nullptr);
    EXPECT_EQ(find_runnable_backend(name + "/"), nullptr) << name;
    EXPECT_EQ(find_runnable_backend(name + "/no-such-variant"), nullptr) << name;
  }
  EXPECT_EQ(find_runnable_backend("no-such-backend/karatsuba"), nullptr);
  for (const backend* b : all_backends()) {
    EXPECT_EQ(gcm_variant_of(b->name).table, b) << b->name;
    EXPECT_EQ(find_runnable_backend(b->name), is_runnable(*b) ? b : nullptr) << b->name;
  }
  EXPECT_EQ(gcm_variant_of("no-such-backend").table, nullptr);
}

// A Karatsuba key state with room for it keeps K.lo ^ K.hi of every power of H in both halves of
// a 16-byte entry, after the powers themselves (x86/gcm_key.inc): so the entry made from the
// state's first 16 bytes (the highest power) is somewhere in such a state, and (but for a 2^-64
// chance) in no schoolbook one. This tells a variant's kernels by what they write. vaes-avx512's
// Karatsuba key keeps 100 powers and no table (its products make the factors as they load the
// powers): there the bulk loop's multiplies a block, which bench/limit's count check recounts
// from the object, tell the schemes apart.
bool holds_middle_factor_table(const unsigned char* state, std::size_t bytes) {
  std::uint64_t k[2];
  std::memcpy(k, state, 16);
  const std::uint64_t m = k[0] ^ k[1];
  for (std::size_t at = 16; at + 16 <= bytes; at += 16) {
    std::uint64_t e[2];
    std::memcpy(e, state + at, 16);
    if (e[0] == m && e[1] == m) return true;
  }
  return false;
}

TEST(GcmVariants, EachVariantRunsItsOwnProductScheme) {
  int checked = 0;
  for (const backend* b : all_gcm_tables()) {
    if (b->gcm_variant.empty() || !is_runnable(*b)) continue;
    alignas(64) static unsigned char state[key_state_bytes];
    std::memset(state, 0, sizeof state);
    std::uint8_t key[16], j0[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 1}, tag[16];
    for (int i = 0; i < 16; ++i) key[i] = static_cast<std::uint8_t>(0x3c * i + 7);
    std::vector<std::uint8_t> msg(4096, 0x5a), out(4096);
    b->gcm->setup(state, key, sizeof key);
    // A long message reads every power, so the state holds them all (and their factors).
    b->gcm->seal(state, j0, true, nullptr, 0, msg.data(), out.data(), msg.size(), tag);
    const bool table_expected =
        b->gcm_variant.starts_with("karatsuba") && b->name != std::string_view("vaes-avx512");
    EXPECT_EQ(holds_middle_factor_table(state, backend_state_bytes), table_expected)
        << b->name << "/" << b->gcm_variant;
    if (b->gcm->wipe != nullptr) b->gcm->wipe(state);
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "no backend with GCM kernel variants runs here";
}

}  // namespace
}  // namespace vg::detail
