// backend_armv8: AES-GCM and AES-GCM-SIV for arm64 with the Cryptography Extension (AESE/AESMC,
// PMULL/PMULL2), compiled with -march=armv8-a+crypto. Needs: aes, pmull (HWCAP). docs/ARMV8.md has
// the instruction counts of the main loop and what remains to measure on hardware.
//
// This is the only translation unit built with those flags. The .inc files are its parts, in
// dependency order: AES rounds and key schedule, the PMULL field arithmetic shared by GHASH and
// POLYVAL, the GCM kernels, the GCM-SIV kernels. Everything is in an anonymous namespace except
// backend_armv8, so no function compiled with crypto instructions can be picked by the linker for
// generic code.
//
// Secret: round keys, hash key powers, plaintext, keystream, the GHASH/POLYVAL state and the tag.
// Public: lengths, the nonce, the AAD, the key length. Only public values choose branches, loop
// counts and addresses; see each part's note.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {

// Overwrites secret stack data; the empty asm with a memory clobber keeps the stores alive.
void wipe(void* p, std::size_t n) {
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

// p[i] &= mask for i < len (mask 0x00 or 0xff): the verdict of open applied without a branch.
void and_mask(std::uint8_t* p, std::size_t len, std::uint8_t mask) {
  const uint8x16_t m = vdupq_n_u8(mask);
  for (; len >= 16; len -= 16, p += 16) vst1q_u8(p, vandq_u8(vld1q_u8(p), m));
  for (; len != 0; --len, ++p) *p &= mask;
}

}  // namespace

// clang-format off
#include "backends/armv8/aes_armv8.inc"
#include "backends/armv8/clmul_armv8.inc"
#include "backends/armv8/gcm_armv8.inc"
#include "backends/armv8/siv_armv8.inc"
// clang-format on

namespace vg::detail {

extern const backend backend_armv8;
const backend backend_armv8 = {
    "armv8", bit(cpu_feature::aes) | bit(cpu_feature::pmull), &kGcmOps, &kSivOps, and_mask,
};

}  // namespace vg::detail
