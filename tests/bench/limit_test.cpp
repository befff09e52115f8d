// The lower bound's arithmetic (bench/limit/limit.hpp) on made-up rates, with the expected values
// worked out by hand from the documented formula, and the clock helpers' basic sanity.
#include "limit.hpp"

#include <gtest/gtest.h>

#include "clock.hpp"

namespace {

using vg::algorithm;
using vg::bench::bound_cycles;
using vg::bench::gcm_op;
using vg::bench::gcm_scheme;
using vg::bench::machine_limit;

machine_limit made_up_limit() {
  machine_limit m;
  // xmm: 2 AES/cycle, 1 CLMUL/cycle, 3 together; zmm: 1, 1, 1.5.
  // AND pass: xmm 32 bytes a cycle, zmm not measured.
  m.widths = {
      {"xmm", 1, true, 2.0, 1.0, 3.0, 32.0}, {"ymm", 2, false}, {"zmm", 4, true, 1.0, 1.0, 1.5}};
  return m;
}

TEST(BenchLimit, BoundFollowsTheFormulaXmm) {
  const gcm_scheme s{"test", "xmm", 3, 2, 8, ""};
  // 1024 bytes, 13 AAD: data blocks 64; A = 10 * 65 = 650; g = 1 + 64 + 1 = 66;
  // C = 3 * 66 + 2 * ceil(66 / 8) = 198 + 18 = 216.
  // max(650 / 2, 216 / 1, 866 / 3) = max(325, 216, 288.67) = 325.
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13),
                   325.0);
  // AES-256: A = 14 * 65 = 910 -> max(455, 216, 1126 / 3 = 375.33) = 455.
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_256_gcm, gcm_op::seal, 1024, 13),
                   455.0);
}

TEST(BenchLimit, BoundFollowsTheFormulaZmm) {
  const gcm_scheme s{"test", "zmm", 3, 2, 16, ""};
  // 16 bytes, 13 AAD: data blocks 1; A = 10 * 2 / 4 = 5; g = 3; C = 3 * 3 / 4 + 2 * 1 = 4.25;
  // max(5 / 1, 4.25 / 1, 9.25 / 1.5 = 6.1667) = 6.1667.
  EXPECT_NEAR(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 16, 13),
              9.25 / 1.5, 1e-12);
}

TEST(BenchLimit, OpenAddsTheVerdictPassOverAllButTheLastBatch) {
  const gcm_scheme s{"test", "xmm", 3, 2, 8, ""};
  // 1024 bytes = 8 batches of 128: the pass covers 7 * 128 = 896 bytes at 32 a cycle = 28 cycles
  // after the seal's 325 (BoundFollowsTheFormulaXmm).
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::open, 1024, 13),
                   325.0 + 28.0);
  // One batch or less: the kernel may store it masked from registers, nothing is added.
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::open, 128, 13),
                   bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 128, 13));
  // zmm has no measured AND rate: the open bound falls back to the seal bound (still a bound).
  const gcm_scheme z{"test", "zmm", 3, 2, 16, ""};
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), z, algorithm::aes_128_gcm, gcm_op::open, 4096, 13),
      bound_cycles(made_up_limit(), z, algorithm::aes_128_gcm, gcm_op::seal, 4096, 13));
}

TEST(BenchLimit, SivSealAddsItsTwoPassesOpenInterleavesThem) {
  const gcm_scheme s{"test", "xmm", 3, 2, 8, ""};
  // 1024 bytes, 13 AAD: A = 10 * 64 = 640 (no E(J0)); g = 66; C = 3 * 66 + 2 * ceil(66 / 16) =
  // 198 + 10 = 208. Seal: 640 / 2 + 208 / 1 = 528. Open: max(320, 208, 848 / 3) = 320, plus
  // the verdict pass over 7 batches of 128 bytes at 32 a cycle = 28.
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm_siv, gcm_op::seal, 1024, 13), 528.0);
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm_siv, gcm_op::open, 1024, 13), 348.0);
  // AES-256: A = 14 * 64 = 896 -> seal 448 + 208 = 656.
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_256_gcm_siv, gcm_op::seal, 1024, 13), 656.0);
}

TEST(BenchLimit, NoBoundWithoutMeasuredWidth) {
  const gcm_scheme s{"test", "ymm", 3, 2, 8, ""};
  EXPECT_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13), 0.0);
  EXPECT_FALSE(vg::bench::scheme_for("portable").has_value());
  EXPECT_TRUE(vg::bench::scheme_for("aesni-avx").has_value());
}

TEST(BenchLimit, FastBatchRunsAtLeastTenBatches) {
  // Even with no time budget the helper needs ten runs for its 10th percentile.
  int runs = 0;
  const double ns = vg::bench::fast_batch_ns([&] { ++runs; }, 0);
  EXPECT_GE(runs, 10);
  EXPECT_GE(ns, 0.0);
}

TEST(BenchLimit, CoreClockIsPlausible) {
  const double hz = vg::bench::measure_core_hz(20);
  EXPECT_GT(hz, 0.2e9);
  EXPECT_LT(hz, 8e9);  // an add chain faster than this means the chain was optimised away
}

}  // namespace
