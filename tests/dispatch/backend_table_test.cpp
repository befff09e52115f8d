// The backend table's properties and the default choice made from them (dispatch/registry.hpp):
// backends on 512-bit vectors say so in their table, and the choice passes over them by that
// property, whatever they are called, on CPUs that prefer 256-bit vectors.
#include <gtest/gtest.h>

#include <string_view>

#include "backends/backend.hpp"
#include "dispatch/cpu_features.hpp"
#include "dispatch/registry.hpp"

namespace vg::detail {
namespace {

backend fake(std::string_view name, bool uses_512bit_vectors, cpu_feature_set needs = 0) {
  backend b{};
  b.name = name;
  b.needs = needs;
  b.uses_512bit_vectors = uses_512bit_vectors;
  return b;
}

// zmm kernels need AVX-512F; in this build's table only vaes-avx512 has them.
TEST(BackendTable, Uses512bitVectorsIsSetWhereTheKernelsAre) {
  for (const backend* b : all_backends()) {
    EXPECT_EQ(b->uses_512bit_vectors, b->name == "vaes-avx512") << b->name;
    if (b->uses_512bit_vectors) {
      EXPECT_NE(b->needs & bit(cpu_feature::avx512f), 0u) << b->name;
    }
  }
}

TEST(BackendTable, FirstRunnablePassesOver512bitBackendsOnlyWhenAsked) {
  const backend wide = fake("wide", true), narrow = fake("narrow", false),
                never = fake("never", false, ~cpu_feature_set{0});  // needs what no CPU has
  const backend* wide_first[] = {&wide, &narrow};
  EXPECT_EQ(first_runnable(wide_first, false), &wide);
  EXPECT_EQ(first_runnable(wide_first, true), &narrow);
  const backend* only_wide[] = {&never, &wide};
  EXPECT_EQ(first_runnable(only_wide, false), &wide);
  EXPECT_EQ(first_runnable(only_wide, true), nullptr);
  const backend* narrow_first[] = {&narrow, &wide};
  EXPECT_EQ(first_runnable(narrow_first, false), &narrow);
  EXPECT_EQ(first_runnable(narrow_first, true), &narrow);
}

TEST(BackendTable, Prefers256BitVectorsOnlyOnCoresThatDownclock) {
  EXPECT_TRUE(prefers_256bit_vectors(cpu_ids{cpu_vendor::intel, 6, 0x6a, false}));   // Ice Lake-SP
  EXPECT_TRUE(prefers_256bit_vectors(cpu_ids{cpu_vendor::intel, 6, 0xa7, false}));   // Rocket Lake
  EXPECT_FALSE(prefers_256bit_vectors(cpu_ids{cpu_vendor::intel, 6, 0xcf, true}));   // Emerald R.
  EXPECT_FALSE(prefers_256bit_vectors(cpu_ids{cpu_vendor::intel, 6, 0x8f, true}));   // Sapphire R.
  EXPECT_FALSE(prefers_256bit_vectors(cpu_ids{cpu_vendor::intel, 6, 0x97, false}));  // Alder Lake
  // A server core that a hypervisor reports under a Rocket Lake model number.
  EXPECT_FALSE(prefers_256bit_vectors(cpu_ids{cpu_vendor::intel, 6, 0xa7, true}));
  EXPECT_FALSE(prefers_256bit_vectors(cpu_ids{cpu_vendor::amd, 0x1a, 0x02, false}));  // Zen 5
  EXPECT_FALSE(prefers_256bit_vectors(cpu_ids{}));
}

TEST(BackendTable, DefaultIsTheFirstRunnableForThisCpu) {
  const backend* b = first_runnable(all_backends(), prefers_256bit_vectors());
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(&default_backend_impl(), b);
}

}  // namespace
}  // namespace vg::detail
