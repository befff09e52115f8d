// The per-backend instruction counts of the GCM bulk loops (see kernel_counts.hpp for how they
// were obtained). Counted on main at the time of writing: GCC 12.2, build/release.
#include "kernel_counts.hpp"

#include <utility>

namespace vg::bench {
namespace {

// {clmul, {valu xmm, ymm, zmm}, loads, stores} per block, then where the loop is.
constexpr named_counts table[] = {
    // aesni-avx: 8 blocks a batch, 2 batches per reduction, Karatsuba with paired middle factors
    // (3.125 multiplies a block), round keys read from memory by the AES instructions.
    {"aesni-avx",
     {16,
      {{3.125, {19.375, 1.125, 0}, 9.312, 3.688},
       {3.125, {21.375, 1.125, 0}, 9.750, 3.812},
       {3.125, {23.375, 1.125, 0}, 9.875, 3.750}},
      {{3.125, {19.375, 1.125, 0}, 10.312, 3.688},
       {3.125, {21.375, 1.125, 0}, 10.688, 3.812},
       {3.125, {23.375, 1.125, 0}, 11.812, 4.188}},
      {"aesni_avx.cpp.o", "vec128, 8, true, 2, 0, 0>", 1, "open_tag_outlined<#>"}}},
    // vaes-avx2: 4 ymm (8 blocks) a batch, 2 batches per reduction, schoolbook (4 products per
    // register + the reduction: 2.125 a block).
    {"vaes-avx2",
     {16,
      {{2.125, {0.062, 11.438, 0}, 4.000, 1.562},
       {2.125, {0.062, 12.438, 0}, 4.188, 1.625},
       {2.125, {0.062, 13.438, 0}, 4.312, 1.688}},
      {{2.125, {0.062, 11.438, 0}, 3.875, 1.625},
       {2.125, {0.062, 12.438, 0}, 4.250, 1.875},
       {2.125, {0.062, 13.438, 0}, 4.375, 1.500}},
      {"vaes_avx2.cpp.o", "vec256, 4, false, 2, 0, 0>", 2, "open_verify_rounds<#, false>"}}},
    // vaes-avx512: 4 zmm (16 blocks) a batch, 3 batches per reduction, schoolbook (1.042 a block).
    {"vaes-avx512",
     {48,
      {{1.042, {0.042, 0.042, 4.917}, 0.771, 0.458},
       {1.042, {0.042, 0.042, 5.417}, 0.771, 0.458},
       {1.042, {0.042, 0.042, 5.917}, 0.854, 0.458}},
      {{1.042, {0.042, 0.042, 4.917}, 1.042, 0.458},
       {1.042, {0.042, 0.042, 5.417}, 1.042, 0.458},
       {1.042, {0.083, 0.042, 5.958}, 1.104, 0.479}},
      {"vaes_avx512.cpp.o", "vec512, 4, false, 3, 0, 100>", 4, "open_verify_rounds<#, true>"}}},
    // The Karatsuba variants (dispatch/gcm_variants.cpp chooses per CPU), counted the same way:
    // vaes-avx2 'vec256, 4, true, 3, 0, 0>' (3 batches per reduction, 1.583 multiplies a block);
    // vaes-avx512 'vec512, 4, true, 3, 0, 100>' (3 batches per reduction, 0.792 multiplies a
    // block; both middle factors of a product made in one vector as the powers are loaded: 0.4
    // zmm instruction a block more than schoolbook).
    {"vaes-avx2/karatsuba",
     {24,
      {{1.583, {0.042, 11.375, 0}, 3.958, 1.375},
       {1.583, {0.042, 12.375, 0}, 4.250, 1.250},
       {1.583, {0.042, 13.375, 0}, 4.500, 1.375}},
      {{1.583, {0.042, 11.375, 0}, 4.000, 1.375},
       {1.583, {0.042, 12.375, 0}, 4.250, 1.500},
       {1.583, {0.042, 13.375, 0}, 4.500, 1.375}},
      {"vaes_avx2_karatsuba.cpp.o", "vec256, 4, true, 3, 0, 0>", 2,
       "open_verify_rounds<#, false>"}}},
    // vaes-avx2 'vec256, 8, true, 1, 0, 0>' (16 blocks a batch, a reduction per batch: 1.625
    // a block); messages up to 255 B (seal) / 767 B (open) run the 8-block loop above, on this
    // variant's key state.
    {"vaes-avx2/karatsuba-wide",
     {16,
      {{1.625, {0.188, 11.188, 0}, 4.188, 1.250},
       {1.625, {0.188, 12.188, 0}, 4.375, 1.312},
       {1.625, {0.188, 13.188, 0}, 4.438, 1.250}},
      {{1.625, {0.188, 11.188, 0}, 4.188, 1.250},
       {1.625, {0.188, 12.188, 0}, 4.375, 1.312},
       {1.625, {0.188, 13.188, 0}, 4.438, 1.250}},
      {"vaes_avx2_karatsuba_wide.cpp.o", "vec256, 8, true, 1, 0, 0>", 2,
       "open_verify_rounds<#, false>"}}},
    {"vaes-avx512/karatsuba",
     {48,
      {{0.792, {0.042, 0.042, 5.312}, 0.771, 0.458},
       {0.792, {0.083, 0.042, 5.854}, 0.812, 0.458},
       {0.792, {0.042, 0.042, 6.312}, 0.792, 0.458}},
      {{0.792, {0.042, 0.042, 5.312}, 1.042, 0.458},
       {0.792, {0.042, 0.042, 5.812}, 1.042, 0.458},
       {0.792, {0.042, 0.042, 6.312}, 1.125, 0.500}},
      {"vaes_avx512_karatsuba.cpp.o", "vec512, 4, true, 3, 0, 100>", 4,
       "open_verify_rounds<#, true>"}}},
};

// Variants that differ from another only in their router (the lengths that go to tail-only
// kernels), so their bulk loop is that one's. schoolbook-wide-seal's AES-256 seal from 2 KiB runs
// 'vec512, 8, false, 1, 0, 100>' (32 blocks a batch), which issues at least as many instructions
// a block in every class as the 16-block loop (AES-256: clmul 1.062, zmm 6.062, loads 1.156,
// stores 0.594): charged the 16-block counts, its bound stays below its time. So does
// karatsuba-wide-seal's 'vec512, 8, true, 1, 0, 100>', which takes its seal from 2 KiB (AES-128:
// clmul 0.812, zmm 5.406, loads 0.969, stores 0.500); its open is the Karatsuba loop itself.
constexpr std::pair<std::string_view, std::string_view> same_bulk_loop[] = {
    {"vaes-avx512/schoolbook-short-tails", "vaes-avx512"},
    {"vaes-avx512/schoolbook-wide-seal", "vaes-avx512"},
    {"vaes-avx512/karatsuba-wide-seal", "vaes-avx512/karatsuba"},
};

}  // namespace

const kernel_counts* counts_for(std::string_view backend) {
  for (const auto& [variant, loop_of] : same_bulk_loop)
    if (backend == variant) backend = loop_of;
  for (const named_counts& n : table)
    if (n.backend == backend) return &n.counts;
  return nullptr;
}

std::span<const named_counts> all_counts() {
  return table;
}

}  // namespace vg::bench
