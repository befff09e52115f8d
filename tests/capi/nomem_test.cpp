// VG_ERR_NOMEM: vg_aead_new is the only allocating function; make its allocation fail and check
// the status and that *out is NULL. If the library stops allocating through aligned operator new,
// the injection is not reached and the test says so (skip) instead of passing silently.
#include <gtest/gtest.h>

#include <array>

#include "capi/failing_allocator.hpp"
#include "vg/vg.h"

namespace vg::test {
namespace {

TEST(CApiNomem, NewReportsAllocationFailure) {
  const std::array<uint8_t, 16> key{};
  vg_aead* aead = reinterpret_cast<vg_aead*>(1);
  fail_next_aligned_allocation();
  const vg_status st = vg_aead_new(&aead, VG_AES_128_GCM, key.data(), key.size());
  if (!injected_failure_consumed()) {
    vg_aead_free(st == VG_OK ? aead : nullptr);
    GTEST_SKIP() << "vg_aead_new does not allocate through aligned operator new any more";
  }
  EXPECT_EQ(st, VG_ERR_NOMEM);
  EXPECT_EQ(aead, nullptr);
  // And the next allocation works again.
  ASSERT_EQ(vg_aead_new(&aead, VG_AES_128_GCM, key.data(), key.size()), VG_OK);
  vg_aead_free(aead);
}

}  // namespace
}  // namespace vg::test
