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
  // xmm: 2 AES/cycle, 1 CLMUL/cycle, the GCM mix (R rounds + 3 CLMUL) in (R + 3) / 3 cycles per
  // register, as if the two shared a port issuing 3 a cycle; zmm: 1 AES, 1 CLMUL a cycle, the mix
  // in max(R, 3) cycles, as with separate ports. AND pass: xmm 32 bytes a cycle, zmm not measured.
  m.widths = {{"xmm", 1, true, 2.0, 1.0, {13.0 / 3, 15.0 / 3, 17.0 / 3}, 32.0},
              {"ymm", 2, false},
              {"zmm", 4, true, 1.0, 1.0, {10.0, 12.0, 14.0}}};
  return m;
}

TEST(BenchLimit, BoundFollowsTheFormulaXmm) {
  const gcm_scheme s{"test", "xmm", 3, 2, 8, ""};
  // 1024 bytes, 13 AAD: data blocks 64; A = 10 * 65 = 650; g = 1 + 64 + 1 = 66;
  // C = 3 * 66 + 2 * ceil(66 / 8) = 198 + 18 = 216; mix = 64 * 13 / 3 = 277.33.
  // max(650 / 2, 216 / 1, 277.33) = 325.
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13),
                   325.0);
  // AES-256: A = 14 * 65 = 910 -> max(455, 216, 64 * 17 / 3 = 362.67) = 455.
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_256_gcm, gcm_op::seal, 1024, 13),
                   455.0);
  // With a slower mix (the ports shared more), the mix term binds: 64 * 7 = 448 > 325.
  machine_limit shared = made_up_limit();
  shared.widths[0].gcm_mix[0] = 7.0;
  EXPECT_DOUBLE_EQ(bound_cycles(shared, s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13), 448.0);
}

TEST(BenchLimit, BoundFollowsTheFormulaZmm) {
  const gcm_scheme s{"test", "zmm", 3, 2, 16, ""};
  // 16 bytes, 13 AAD: data blocks 1; A = 10 * 2 / 4 = 5; g = 3; C = 3 * 3 / 4 + 2 * 1 = 4.25;
  // mix = 1 / 4 * 10 = 2.5; max(5 / 1, 4.25 / 1, 2.5) = 5.
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 16, 13),
                   5.0);
  // 16 KiB: data blocks 1024; A = 10 * 1025 / 4 = 2562.5; g = 1026; C = 3 * 1026 / 4 + 2 * 65 =
  // 899.5; mix = 1024 / 4 * 10 = 2560: max = 2562.5 (AES binds; separate ports add nothing).
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 16384, 13), 2562.5);
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
  // 198 + 10 = 208. Seal: 640 / 2 + 208 / 1 = 528. Open: max(320, 208, 64 * 13 / 3) = 320, plus
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
