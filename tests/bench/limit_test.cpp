// The lower bound's arithmetic (bench/limit/limit.hpp) on made-up rates, with the expected values
// worked out by hand from the documented formula, and the clock helpers' basic sanity.
#include "limit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "clock.hpp"

namespace {

using vg::algorithm;
using vg::bench::bound_cycles;
using vg::bench::bound_detail;
using vg::bench::bound_parts;
using vg::bench::gcm_op;
using vg::bench::gcm_scheme;
using vg::bench::kernel_counts;
using vg::bench::machine_limit;
using vg::bench::resource;
using vg::bench::width_rates;

// Cycles per register of a AES and c CLMUL instructions on a core that starts `aes` and `clmul`
// of them a cycle alone and `shared` of both together (0: separate pipes, no shared limit).
double mix_cycles(double a, double c, double aes, double clmul, double shared) {
  return std::max({a / aes, c / clmul, shared > 0 ? (a + c) / shared : 0.0});
}

width_rates rates(std::string_view name, int blocks, double aes, double clmul, double vector,
                  double loads, double stores, double shared, double and_bytes) {
  width_rates w;
  w.width = name;
  w.blocks = blocks;
  w.measured = true;
  w.aes = aes;
  w.clmul = clmul;
  w.vector = vector;
  w.loads = loads;
  w.stores = stores;
  for (int r = 0; r < 3; ++r) {
    for (int m = 0; m < 2; ++m) w.gcm_mix[r][m] = mix_cycles(10 + 2 * r, 3 + m, aes, clmul, shared);
  }
  w.and_bytes = and_bytes;
  return w;
}

// xmm: 2 AES, 1 CLMUL, 3 XORs, 2 loads, 1 store a cycle, AES and CLMUL 2.2 a cycle together;
// ymm not measured; zmm (4 blocks a register): 1 AES, 0.5 CLMUL, 2 XORs, 1 load, 0.5 store a
// cycle, AES and CLMUL 1 a cycle together (as on Zen 4, where they share pipes at 512 bits).
machine_limit made_up_limit() {
  machine_limit m;
  width_rates ymm;
  ymm.width = "ymm";
  ymm.blocks = 2;
  m.widths = {rates("xmm", 1, 2, 1, 3, 2, 1, 2.2, 32), ymm,
              rates("zmm", 4, 1, 0.5, 2, 1, 0.5, 1, 0)};
  return m;
}

// An xmm loop of 8 blocks an iteration: per block 3.5 multiplies, 20 vector ALU instructions,
// 4 loads, 2 stores.
kernel_counts xmm_counts() {
  kernel_counts k;
  k.loop_blocks = 8;
  for (int r = 0; r < 3; ++r) k.seal[r] = k.open[r] = {3.5, {20, 0, 0}, 4, 2};
  return k;
}

// A zmm loop of 48 blocks an iteration: per block 1 multiply, 0.5 xmm and 5 zmm vector ALU
// instructions, 1 load, 0.5 store.
kernel_counts zmm_counts() {
  kernel_counts k;
  k.loop_blocks = 48;
  for (int r = 0; r < 3; ++r) k.seal[r] = k.open[r] = {1.0, {0.5, 0, 5}, 1, 0.5};
  return k;
}

double part(const bound_parts& b, resource r) {
  return b.cycles[static_cast<int>(r)];
}

TEST(BenchLimit, SharedRateOnlyWhereTheMixesContend) {
  const machine_limit m = made_up_limit();
  EXPECT_DOUBLE_EQ(vg::bench::shared_rate(m.widths[0]), 2.2);
  EXPECT_DOUBLE_EQ(vg::bench::shared_rate(m.widths[2]), 1.0);
  EXPECT_EQ(vg::bench::shared_rate(m.widths[1]), 0.0);  // not measured
  // Separate pipes (Zen 5, the Intel Xeons): every mix takes max(a / aes, c / clmul): none.
  EXPECT_EQ(vg::bench::shared_rate(rates("ymm", 2, 2, 0.5, 4, 2, 1, 0, 0)), 0.0);
  // A mix 4% slower than its slower kind is scheduling slack, not contention; 6% is contention.
  width_rates w = rates("ymm", 2, 2, 0.5, 4, 2, 1, 0, 0);
  for (auto& row : w.gcm_mix)
    for (double& cycles : row) cycles *= 1.04;
  EXPECT_EQ(vg::bench::shared_rate(w), 0.0);
  w.gcm_mix[0][1] = 8 * 1.06;  // 10 AES + 4 CLMUL: 8 cycles alone
  EXPECT_DOUBLE_EQ(vg::bench::shared_rate(w), 14 / (8 * 1.06));
}

TEST(BenchLimit, EveryResourceFollowsTheFormulaXmm) {
  const kernel_counts k = xmm_counts();
  const gcm_scheme s{"test", "xmm", 3, 2, 8, "", &k};
  // 1024 bytes, 13 AAD: d = 64 blocks, a = 1 + 1; loop L = (floor(64 / 8) - 2) * 8 = 48, r = 16.
  const bound_parts b =
      bound_detail(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13);
  EXPECT_DOUBLE_EQ(part(b, resource::aes), 10.0 * 48 / 2 + 10.0 * 17 / 2);  // 240 + 85
  EXPECT_DOUBLE_EQ(part(b, resource::clmul), 3.5 * 48 + 3.0 * 18 + 2.0);    // 168 + 54 + 2
  // Shared pipes: the loop's (10 + 3.5) * 48 and the rest's 10 * 17 + 3 * 18, at 2.2 a cycle.
  EXPECT_DOUBLE_EQ(part(b, resource::mix), (13.5 * 48 + 224) / 2.2);           // 396.36
  EXPECT_DOUBLE_EQ(part(b, resource::vector), 20.0 * 48 / 3 + 16.0 * 13 / 3);  // 320 + 69.33
  EXPECT_DOUBLE_EQ(part(b, resource::load), 4.0 * 48 / 2 + 16.0 / 2);          // 96 + 8
  EXPECT_DOUBLE_EQ(part(b, resource::store), 2.0 * 48 / 1 + 16.0 / 1);         // 96 + 16
  EXPECT_EQ(b.binding, resource::mix);
  EXPECT_DOUBLE_EQ(b.total, 872 / 2.2);
  EXPECT_DOUBLE_EQ(b.verdict, 0.0);
  // Open adds the verdict pass over all batches but the last: 7 * 128 bytes at 32 a cycle.
  EXPECT_DOUBLE_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::open, 1024, 13),
                   872 / 2.2 + 28.0);
  // Without contention (separate pipes) the vector ALUs bind: 1168 / 3.
  machine_limit separate = made_up_limit();
  separate.widths[0] = rates("xmm", 1, 2, 1, 3, 2, 1, 0, 32);
  const bound_parts c = bound_detail(separate, s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13);
  EXPECT_EQ(part(c, resource::mix), 0.0);
  EXPECT_EQ(c.binding, resource::vector);
  EXPECT_DOUBLE_EQ(c.total, 1168.0 / 3);
}

TEST(BenchLimit, OutsideTheLoopTheCheapestWidthCountsZmm) {
  const kernel_counts k = zmm_counts();
  const gcm_scheme s{"test", "zmm", 3, 2, 16, "", &k};
  // 16384 bytes, 16 AAD: d = 1024, a = 2; L = (floor(1024 / 48) - 2) * 48 = 912, r = 112.
  // Outside the loop xmm and zmm compete; ymm is not measured.
  const bound_parts b =
      bound_detail(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 16384, 16);
  // AES: 10 * 912 / 4 / 1 = 2280; rest: min(xmm 10 * 113 / 2 = 565, zmm 10 * 113 / 4 = 282.5).
  EXPECT_DOUBLE_EQ(part(b, resource::aes), 2280.0 + 282.5);
  // CLMUL: 912 / 0.5 = 1824; rest min(xmm 3 * 114 = 342, zmm 3 * 114 / 4 / 0.5 = 171); one
  // reduction, 2 at the fastest rate (xmm's 1).
  EXPECT_DOUBLE_EQ(part(b, resource::clmul), 1824.0 + 171 + 2);
  // Shared: the loop's (10 / 4 + 1) * 912 at 1 a cycle; the rest's 10 * 113 + 3 * 114 = 1472,
  // min(xmm 1472 / 2.2 = 669.1, zmm 1472 / 4 / 1 = 368).
  EXPECT_DOUBLE_EQ(part(b, resource::mix), 3.5 * 912 + 368);
  // Vector: xmm instructions at xmm's rate, zmm ones at zmm's; rest min(13 / 3, 13 / 4 / 2).
  EXPECT_DOUBLE_EQ(part(b, resource::vector), 0.5 * 912 / 3 + 5.0 * 912 / 2 + 112 * 1.625);
  // Loads and stores at the fastest width's rate; rest one each a register.
  EXPECT_DOUBLE_EQ(part(b, resource::load), 912.0 / 2 + 112 * 0.25);
  EXPECT_DOUBLE_EQ(part(b, resource::store), 912.0 * 0.5 / 1 + 112 * 0.5);
  EXPECT_EQ(b.binding, resource::mix);
  EXPECT_DOUBLE_EQ(b.total, 3560.0);
  // zmm has no AND rate: open falls back to the seal bound (still a bound).
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::open, 16384, 16), 3560.0);
  // A width without contention costs the rest nothing here: with separate pipes at zmm, the
  // shared term is 0 (xmm still contends, but zmm is the cheaper choice) and the vector ALUs bind.
  machine_limit separate = made_up_limit();
  separate.widths[2] = rates("zmm", 4, 1, 0.5, 2, 1, 0.5, 0, 0);
  const bound_parts c = bound_detail(separate, s, algorithm::aes_128_gcm, gcm_op::seal, 16384, 16);
  EXPECT_EQ(part(c, resource::mix), 0.0);
  EXPECT_EQ(c.binding, resource::vector);
  EXPECT_DOUBLE_EQ(c.total, 0.5 * 912 / 3 + 5.0 * 912 / 2 + 112 * 1.625);
}

TEST(BenchLimit, ANarrowerWidthCanBeCheaperOutsideTheLoop) {
  // zmm AES at a quarter a cycle: 1 block a cycle, against xmm's 2. 1024 bytes, no loop counts:
  // all 64 blocks and E(J0) are charged at xmm's rate, 10 * 65 / 2 = 325, not zmm's 650.
  machine_limit m = made_up_limit();
  m.widths[2].aes = 0.25;
  const gcm_scheme s{"test", "zmm", 3, 2, 16, ""};
  EXPECT_DOUBLE_EQ(
      part(bound_detail(m, s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13), resource::aes),
      325.0);
  // A narrower backend never borrows a wider width's rate: xmm alone gives the same 325 here,
  // and zmm's faster CLMUL per block (3 * 66 / 4 / 0.5 = 99) does not lower xmm's 198 + 2.
  const gcm_scheme x{"test", "xmm", 3, 2, 8, ""};
  EXPECT_DOUBLE_EQ(
      part(bound_detail(m, x, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13), resource::clmul),
      200.0);
}

TEST(BenchLimit, ShortMessagesGetTheFloorsOnly) {
  // 1024 bytes with a 48-block loop: L = max(0, floor(64 / 48) - 2) * 48 = 0, so every block is
  // charged its floor; the same as a scheme without counts.
  const kernel_counts k = zmm_counts();
  const gcm_scheme with{"test", "zmm", 3, 2, 16, "", &k};
  const gcm_scheme without{"test", "zmm", 3, 2, 16, ""};
  const double b =
      bound_cycles(made_up_limit(), with, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13);
  EXPECT_DOUBLE_EQ(
      b, bound_cycles(made_up_limit(), without, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13));
  // aes 10 * 65 / 4 = 162.5; clmul 3 * 66 / 4 / 0.5 + 2 = 101; shared min(xmm (650 + 198) /
  // 2.2, zmm 848 / 4 / 1 = 212); vector 64 * 1.625 = 104; load 16, store 32: shared binds.
  EXPECT_DOUBLE_EQ(b, 212.0);
}

TEST(BenchLimit, SivSealAddsItsTwoPassesOpenInterleavesThem) {
  const gcm_scheme s{"test", "xmm", 3, 2, 8, ""};
  // 1024 bytes, 13 AAD: A = 10 * 64 = 640 (no E(J0)); g = 66; C = 3 * 66 + 2 * ceil(66 / 16) =
  // 198 + 10 = 208. Seal: 640 / 2 + 208 / 1 = 528. Open: max(320, 208, (640 + 208) / 2.2), plus
  // the verdict pass over 7 batches of 128 bytes at 32 a cycle = 28.
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm_siv, gcm_op::seal, 1024, 13), 528.0);
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm_siv, gcm_op::open, 1024, 13),
      848 / 2.2 + 28);
  // AES-256: A = 14 * 64 = 896 -> seal 448 + 208 = 656.
  EXPECT_DOUBLE_EQ(
      bound_cycles(made_up_limit(), s, algorithm::aes_256_gcm_siv, gcm_op::seal, 1024, 13), 656.0);
}

TEST(BenchLimit, NoBoundWithoutMeasuredWidth) {
  const gcm_scheme s{"test", "ymm", 3, 2, 8, ""};
  EXPECT_EQ(bound_cycles(made_up_limit(), s, algorithm::aes_128_gcm, gcm_op::seal, 1024, 13), 0.0);
  EXPECT_FALSE(vg::bench::scheme_for("portable").has_value());
  ASSERT_TRUE(vg::bench::scheme_for("aesni-avx").has_value());
  EXPECT_NE(vg::bench::scheme_for("vaes-avx512")->counts, nullptr);
  // A Karatsuba variant is charged its own loop (1.583 multiplies a block on ymm against
  // schoolbook's 2.125), on the scheme of its backend.
  const auto karatsuba = vg::bench::scheme_for("vaes-avx2/karatsuba");
  ASSERT_TRUE(karatsuba.has_value());
  EXPECT_EQ(karatsuba->width, "ymm");
  ASSERT_NE(karatsuba->counts, nullptr);
  EXPECT_EQ(karatsuba->counts->seal[0].clmul, 1.583);
  EXPECT_EQ(vg::bench::scheme_for("vaes-avx2")->counts->seal[0].clmul, 2.125);
  // The 16-block variant: its own loop and its own batch in the printed note.
  const auto wide = vg::bench::scheme_for("vaes-avx2/karatsuba-wide");
  ASSERT_TRUE(wide.has_value());
  ASSERT_NE(wide->counts, nullptr);
  EXPECT_EQ(wide->counts->seal[0].clmul, 1.625);
  EXPECT_EQ(wide->products, "Karatsuba");
  EXPECT_NE(wide->note.find("16 blocks"), std::string_view::npos);
  EXPECT_NE(vg::bench::scheme_for("vaes-avx2")->note.find("8 blocks"), std::string_view::npos);
  // The line --limit prints names the variant's products, also when the name it was given is
  // gone (vg speed passes a temporary "name/variant").
  std::string name = "vaes-avx2/karatsuba";
  const auto named = vg::bench::scheme_for(name);
  name.assign(name.size(), 'x');
  EXPECT_EQ(named->products, "Karatsuba");
  EXPECT_EQ(vg::bench::scheme_for("vaes-avx2")->products, "schoolbook");
}

TEST(BenchLimit, FastBatchRunsAtLeastTenBatches) {
  // Even with no time budget the helper needs ten runs for its 10th percentile.
  int runs = 0;
  const double ns = vg::bench::fast_batch_ns([&] { ++runs; }, 0);
  EXPECT_GE(runs, 10);
  EXPECT_GE(ns, 0.0);
}

// A clock that doubles after the first round, the work's time halving with it: every round is
// 200 cycles. Converted at the first round's clock (what one clock for the whole run did), the
// median round would read 100.
TEST(BenchLimit, CyclesConvertEachRoundAtItsOwnClock) {
  using vg::bench::cycles_at_round_clocks;
  EXPECT_DOUBLE_EQ(cycles_at_round_clocks({200, 100, 100}, {1e9, 2e9, 2e9}), 200);
  EXPECT_DOUBLE_EQ(cycles_at_round_clocks({300, 100, 200}, {1e9, 1e9, 1e9}), 200);  // the median
  EXPECT_EQ(cycles_at_round_clocks({}, {}), 0);
  EXPECT_EQ(cycles_at_round_clocks({100, 100}, {1e9}), 0);
}

TEST(BenchLimit, CoreClockIsPlausible) {
  const double hz = vg::bench::measure_core_hz(20);
  EXPECT_GT(hz, 0.2e9);
  EXPECT_LT(hz, 8e9);  // an add chain faster than this means the chain was optimised away
}

}  // namespace
