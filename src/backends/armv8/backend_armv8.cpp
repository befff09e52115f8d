// backend_armv8: AES-GCM and AES-GCM-SIV for arm64 with the Cryptography Extension (AESE/AESMC,
// PMULL/PMULL2), compiled with -march=armv8-a+crypto. Needs: aes, pmull (HWCAP). docs/ARMV8.md has
// the instruction counts of the main loop and what remains to measure on hardware.
//
// The kernels are kernels_armv8.inc (shared with backend_armv8_sha3.cpp, which differs only in the
// XOR-of-three policy below). This TU and that one are the only ones built with crypto flags;
// everything is in an anonymous namespace except backend_armv8, so no function compiled with
// crypto instructions can be picked by the linker for generic code.
//
// Secret: see kernels_armv8.inc. xor3 is plain data flow (no branch, no address).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"
#include "common/ct.hpp"  // ct::open_verdict, out of line

namespace {

// The XOR-of-three policy without the SHA3 extension: two EORs.
inline uint64x2_t xor3(uint64x2_t a, uint64x2_t b, uint64x2_t c) {
  return veorq_u64(veorq_u64(a, b), c);
}

}  // namespace

#include "backends/armv8/kernels_armv8.inc"

namespace vg::detail {

extern const backend backend_armv8;
const backend backend_armv8 = {
    "armv8",
    bit(cpu_feature::aes) | bit(cpu_feature::pmull),
    &kGcmOps,
    &kSivOps,
    /*uses_512bit_vectors=*/false,
    // Not measured on this backend: 8 KiB, twice the deepest measured x86 call.
    {0, 0, 8192, 8192},
    {0, 0, 8192, 8192},
};

}  // namespace vg::detail
