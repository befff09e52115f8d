// Backend "aesni-avx": AES-GCM with VEX-encoded AES-NI and PCLMULQDQ on 128-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3 (this TU is compiled with exactly those).
// Technique: x86/gcm_kernel.inc instantiated with one block per xmm register, 8 blocks per batch
// (AES of batch i+1 stitched with GHASH of batch i, one block's products per AES round),
// Karatsuba products with blocks paired for the middle factors, one reduction per 2 batches,
// H^1..H^34 precomputed in the order the loop uses them, counter blocks from a table row per
// low byte and the data XORed into the last round key, both two blocks per 256-bit vxorps.
// Partial blocks are gathered/scattered with at most two overlapping scalar moves
// (partial128.inc). This is the instantiation valgrind can run: tests/x86 runs it under memcheck
// with the key and the plaintext marked undefined, which checks the shared kernel source for
// secret-dependent branches and addresses.
// Secrets: round keys, H powers, plaintext, GHASH state and tag only flow through vector
// arithmetic; control flow and addresses depend on lengths, public counter values and the key
// size only.
//
// Measured (Emerald-Rapids-class VM, 2.98 GHz, taskset -c 1, 13-byte AAD, through the API
// against intel-ipsec-mb 1.3's AVX path in the same process, bursts alternated, time ratio,
// median of 3 runs; seal/open): AES-128 16 B 0.81/0.84, 256 B 0.89/0.91, 1 KiB 0.84/0.88,
// 4 KiB 0.81/0.84, 16 KiB 0.80/0.83; AES-256 16 B 0.78/0.84, 256 B 0.91/0.90, 1 KiB 0.85/0.90,
// 4 KiB 0.82/0.86, 16 KiB 0.81/0.86. The loop is bound by vector-port uops: per block 10 AES
// rounds (14) + 3.1 PCLMULQDQ + 7.3 others on 3 ports; 16 KiB seal runs at 6.87 cycles per
// block against the 6.8 the uop count allows (ipsec-mb's AVX loop: 24.5 uops per block for
// AES-128). From 0.96x: XOR chains pinned in order (GCC's reassociation spilled ~4 products per
// block) -3%; multiplies spread over all rounds instead of the first four -2% (AES-256 -6%);
// Karatsuba pairs -0.4 uop; data XOR on ymm -0.5 uop, -5%; counter blocks from a table row on
// ymm a batch ahead (-0.6 uop, -5%; for the current batch it was 4% slower: the first round
// waited for the reloads). 3 or 4 batches per reduction: more spills, no gain.
// Fixed cost per message (kernel alone, t(4 KiB) - t(16 KiB) / 4): ~17 ns AES-128, ~20 ns
// AES-256 (first batch unstitched, last batch's products and the final reduction); the mode
// layer adds ~12 ns per call (16 B seal: 12.6 ns in the kernel, 24 ns through the API).
// Open pays the verdict pass over the written output (vec128::and_blocks, store-bound): ~140 ns
// at 16 KiB, the gap between open and seal. Tried and dropped: the Karatsuba middle factors of
// four blocks with 256-bit vunpck{l,h}pd from a copy of the pending batch on the stack (0.75
// uop per block less) ran 8-20% slower: its 32-byte loads of the 16-byte stores made one step
// before cannot be forwarded and stall the products until the stores commit.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
// clang-format on
using kernel = gcm_kernel<vec128, 8, /*Karatsuba=*/true, /*G=*/2>;

// Messages below 256 B go to a tail-only instantiation (no bulk loop, up to 16 blocks) on the
// same key state (same 34 powers of H): without the loop's registers, zeroed pending batch,
// counter table and stack buffers there is less to set up. Measured per kernel call (in-process
// A/B, AES-128, 13-byte AAD, seal/open): 16 B 17.3/20.4 -> 12.6/14.9 ns, 32 B 19.1/23.4 ->
// 16.2/18.1 ns, 128 B seal 34.8 -> 32.4 ns; through the API against intel-ipsec-mb (time
// ratio, AES-128 open): 160 B 0.84 -> 0.81, 192 B 0.71 -> 0.69, 255 B 0.62 -> 0.60; AES-256
// open at 128 B was ~1% slower (0.92 -> 0.93).
using tail = gcm_kernel<vec128, 16, /*Karatsuba=*/true, /*G=*/1, /*TailOnlyPowers=*/kernel::P>;
static_assert(sizeof(kernel::state) == sizeof(tail::state) &&
              offsetof(kernel::state, rounds) == offsetof(tail::state, rounds));
constexpr std::size_t tail_below = 256;
static_assert(tail_below <= tail::batch_bytes, "the tail-only kernel gets less than one batch");

// Direct calls (not a pointer picked by the length).
void seal(const void* st, const std::uint8_t j0[16], bool pc, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
          std::uint8_t tag[16]) {
  if (len >= tail_below) return kernel::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
  return tail::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
}
std::uint8_t open_verify(const void* st, const std::uint8_t j0[16], bool pc,
                         const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
                         std::uint8_t* out, std::size_t len, const std::uint8_t* tag,
                         std::size_t tag_len) {
  if (len >= tail_below)
    return kernel::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
  return tail::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
}
constexpr vg::detail::gcm_ops ops{&kernel::setup,       &seal,          &kernel::open,
                                  &kernel::ghash,       &kernel::ctr32, &kernel::seal_blocks,
                                  &kernel::open_blocks, &open_verify};
}  // namespace

namespace vg::detail {
extern const siv_ops siv_ops_aesni_avx;  // siv_aesni_avx.cpp
extern const backend backend_aesni_avx;
constinit const backend backend_aesni_avx{"aesni-avx",
                                          bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) |
                                              bit(cpu_feature::avx) | bit(cpu_feature::ssse3),
                                          &ops, &siv_ops_aesni_avx, &kernel::and_mask};
}  // namespace vg::detail
