// backend_armv8_sha3: the armv8 kernels (../armv8/kernels_armv8.inc, the same source as
// backend_armv8.cpp) built with -march=armv8.2-a+crypto+sha3, so that every three-way XOR of the
// GHASH/POLYVAL accumulation and reduction is one EOR3. Needs: aes, pmull, sha3 (HWCAP); sits
// before `armv8` in the backend table. docs/ARMV8.md compares the main loops' instruction counts.
//
// GCC also fuses other pairs of dependent EORs into EOR3 under +sha3 (for example the output XOR
// E ^ last round key ^ input); xor3 makes the grouping of the hash sums explicit rather than
// leaving it to the compiler.
//
// ISA isolation: this is the only TU built with +sha3; everything is in an anonymous namespace
// except backend_armv8_sha3. Secret data: see kernels_armv8.inc (EOR3 is data-independent like
// EOR; nothing branches on or indexes memory by secrets).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"
#include "common/ct.hpp"  // ct::open_verdict, out of line

#if !defined(__ARM_FEATURE_SHA3)
#error "backend_armv8_sha3.cpp must be compiled with the SHA3 extension (+sha3)"
#endif

namespace {

// The XOR-of-three policy with the SHA3 extension: one EOR3.
inline uint64x2_t xor3(uint64x2_t a, uint64x2_t b, uint64x2_t c) {
  return veor3q_u64(a, b, c);
}

}  // namespace

#include "backends/armv8/kernels_armv8.inc"

namespace vg::detail {

extern const backend backend_armv8_sha3;
const backend backend_armv8_sha3 = {
    "armv8-sha3",
    bit(cpu_feature::aes) | bit(cpu_feature::pmull) | bit(cpu_feature::sha3),
    &kGcmOps,
    &kSivOps,
    /*uses_512bit_vectors=*/false,
    {0, 0, 8192, 8192},
    {0, 0, 8192, 8192},  // as armv8
};

}  // namespace vg::detail
