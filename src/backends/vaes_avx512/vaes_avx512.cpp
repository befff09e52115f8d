// Backend "vaes-avx512": AES-GCM with VAES and VPCLMULQDQ on 512-bit vectors.
//
// CPU features: aes, pclmulqdq, avx, ssse3, vaes, vpclmulqdq, avx2, avx512f, avx512bw, avx512vl.
// Technique: x86/gcm_kernel.inc instantiated with four blocks per zmm register, 4 zmm (16 blocks)
// per batch, AES of batch i+1 stitched with GHASH of batch i kept in registers, schoolbook
// products folded with vpternlogq, one reduction per 3 batches, H^1..H^82 in lane order, counter
// blocks as (base ^ rk0) XOR table rows of the public low byte, partial vectors with byte-masked
// loads/stores (no copies). Open takes the verdict in the kernel (open_verify), hashing one
// batch ahead of the AES from 512 B on. Messages up to 512 B (seal) / below 384 B (open) go to
// tail-only kernels (128-bit up to 32 B) on the same key state. Secrets: round keys, H powers,
// plaintext, GHASH state and tag only flow through vector arithmetic; control flow, addresses and
// masks depend on lengths, public counter values and the key size only.
//
// Measured (Sapphire-Rapids-class VM, taskset -c 1, best of interleaved bursts, AES-128 seal with
// a 13-byte AAD, vs intel-ipsec-mb 1.3 VAES-AVX512 path): 16 B 20.1 vs 20.3 ns, 256 B 31 vs 39 ns,
// 1 KiB 81 vs 92 ns, 16 KiB 1.062 vs 1.073 us (~0.19 cycles/byte at ~3 GHz). Port tests here:
// VAES zmm and VPCLMULQDQ (any width) each issue 1/cycle on separate ports, latency 3, so a batch
// costs ~40 AES cycles plus ~50 multiply/shuffle/XOR uops on the same two 512-bit ports.
// Choices, 16 KiB: schoolbook 1.08 vs Karatsuba 1.11 us (fewer XOR/shuffle uops); batches per
// reduction 1/2/3/4: 1.19/1.15/1.11/1.15 us; 8 zmm per batch instead of 4: no gain at 16 KiB and
// 50 vs 39 ns at 256 B; forcing the stitched step inline (GCC had outlined it): 1.14 -> 1.09 us,
// 1 KiB 111 -> 98 ns.
// Third session (Emerald-Rapids-class VM, libraries of both versions loaded in one process and
// alternated, 16-byte-aligned buffers, medians of 9; AES-128 unless said):
// - Kept: counters as base ^ table rows (one XOR with a load per vector instead of an add and
//   an XOR on the two 512-bit ports): 16 KiB seal/open -3/-4%, 4 KiB -3/-4%, 1 KiB -1/-4%.
// - Kept: open hashes one batch ahead from 512 B (see open_ahead): 2 KiB -2% (AES-256 -6%),
//   4 KiB -2% (AES-256 -3%), 16 KiB ~0.
// - Where 16 KiB open goes: the mask pass over the output (AND with the verdict, mandatory)
//   costs 88 ns (1062 -> 974 ns without it, measured): 256 64-byte stores at one per cycle
//   after the verdict. Rejected ways to hide it: hashing 2..8 batches ahead so that the pass
//   runs next to AES-only batches (16 KiB +1..2%: the hashing moved ahead has no AES to pair
//   with); masked stores of zeros instead of load/AND/store (+6..7% at 4..16 KiB).
// - Rejected: 8 blocks per ymm batch with VAESENC ymm at 2/cycle in the bulk loop: +32% at
//   1..16 KiB (ymm needs twice the multiplies, shuffles and XORs, and 3 ports for ~155 uops per
//   16 blocks against 2 ports for ~79 with zmm); encrypting up to 3 head blocks first so that
//   the loop's stores are 64-byte aligned: 16 KiB seal -0.5%, 2..4 KiB +2..12%; the hashing
//   of a batch spread over its AES rounds instead of in the first two: no change; G = 2 / 4
//   re-measured with the new counters: +2..5% at 16 KiB.
//   The first batch's counters computed in registers instead of from the table: open 512 B..1 KiB
//   +5..9%, no gain elsewhere. (AES-256 seal 512 B / 1 KiB is 2..3% slower than with the adds.)
// - Kept (issue #4): seal of exactly 512 B through the tail-only zmm kernel instead of the full
//   kernel (one batch of AES only, then the pending batch's GHASH, and the table counters' base
//   setup). vg speed vs ipsec-mb in the same run, fastest of 7..14 runs per build (medians swing
//   1.5x with the host's noise), main -> this: AES-128 52.9 -> 51.1 ns (1.04x -> 1.09x of
//   ipsec-mb), AES-256 65.1 -> 62.0 ns (0.97x -> 1.01x); other sizes unchanged.
// - Rejected, same method: open 512 B through the tail-only kernel (AES-256 0.95..0.97x against
//   1.01x: the held tail spills); a tail-only kernel of 4 vectors for <= 256 B (no change: 256 B
//   open 0.958x/0.930x either way); the tail's AES round by round over all vectors, with the
//   vector count a compile-time constant per length (seal 512 B +15%, open 256 B +1..2%);
//   open's tail GHASH from the input before its AES in program order, so that the verdict does
//   not queue behind the rounds (open 240..256 B AES-256 4..8% slower).
// - Open at 256 B (already in the tail-only kernel, held in registers, stored once) stays at
//   0.96x (AES-128) / 0.93x (AES-256) of ipsec-mb, seal at 256 B 1.02x / 1.05x; unexplained.
// Fourth session (issue #4). Method: one process alternating this backend built from main and
// from the change (exports renamed), intel-ipsec-mb and vgcrypt's public API, 120-200 rounds,
// p10 times and medians of per-round ratios (A/B: main's time / the change's), the kernel called
// directly (J0 freshly stored) or through gcm_seal/gcm_open; then vg speed, runs alternated.
// - Open at 256 B explained: (1) the kernel alone was already 1.05..1.15x of ipsec-mb there; the
//   mode layer (aead_key::open -> gcm_open: checks, J0, the indirect call with stack arguments)
//   adds ~25-30 core cycles per call (256 B AES-128 open: 99 cycles called directly, 128 through
//   aead_key), ~8 ns of ~38, more than the gap; the same decides seal at 64..192 B (kernel alone
//   1.17..1.39x of ipsec-mb, through the API 0.93..0.97x). (2) In the kernel, the tail's first
//   AES round waited for its counters: J0 load, byte swap, move to a general register, add,
//   insert, broadcast, add, byte swap, XOR with rk0.
// - Kept: tail counters as base ^ table rows, like the bulk loop (tail_table), with the base
//   straight from J0 in memory (broadcast, AND, XOR) and, for a 96-bit nonce's J0, the rows'
//   address from a constant (a predicted branch checks the stored counter word); the same for
//   the first batch of the full kernel (make_counters). Kernel alone, A/B AES-128/AES-256: open
//   128 B +7/+1%, 192 B +2..9/+8%, 256 B +10/+9%, 320 B +11/+3..9%, 384 B +4/+2..5%, 1 KiB
//   +0..5%; seal 192..320 B +8..10/+4..8% (seal was then taken out of the tail-only kernel,
//   below), 768 B..1 KiB +1..4/+5%; 64 B, 512 B and 2..16 KiB within +-2%. Through gcm_open /
//   gcm_seal the mode layer hides most of it: open 384 B..1 KiB +1..4%, the rest +-1..3%. vg
//   speed (fast-mode runs): open 192..1088 B +2..6% of ipsec-mb's time. (vaes-avx2 and
//   aesni-avx: object code unchanged.)
// - Rejected: the same in the tail-only kernel's seal (through gcm_seal AES-256 64..128 B 4..10%
//   slower, AES-128 1..3%; also with the table only from 4 vectors on; vg speed agreed: AES-256
//   seal 64/128 B 0.96/0.94x -> 0.85/0.86x of ipsec-mb), so that code is as before; the row
//   address from a load of J0's low byte without the constant (0.98..0.99x with J0 just stored:
//   the narrow load waits for the 16-byte store); the 96-bit test on the word from the vector
//   (vmovd) rather than from memory (3-4% slower at 128..320 B); the tail's GHASH products next
//   to its AES, vector by vector, instead of from the stack after all of it (seal 256..512 B
//   +2%, 64..128 B -4..6%, open -1..3%); crypt_tail unrolled over V so that held/tb stay in
//   registers (open 128 B and 512 B..1 KiB -3..5%, else +-1%); open through the tail-only
//   kernel up to 512 B again (448..512 B AES-256 -5..9%); open hashing 1 + batches/16 ahead for
//   AES-256, whose 14 rounds leave the multiply port slack (2..4 KiB 4..12% slower).
// - Partial vectors: a 48 B seal varied 90..110 cycles with the output buffer's address (not
//   with the code; likely a masked store and later loads 4K-aliasing): compare at several
//   buffer offsets before believing a change at such sizes.
// - Left: AES-256 open at 4..16 KiB, 0.94..0.97x of ipsec-mb in the kernel alone (the loop at
//   ~89% of the VAES bound plus the mandatory mask pass); short seal (the mode layer's cost).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"
#include "backends/batch_ops.hpp"

namespace {
#include "backends/x86/partial128.inc"
#include "backends/x86/vec128.inc"
#include "backends/x86/vec512.inc"
// clang-format off
#include "backends/x86/gcm_kernel.inc"
#include "backends/x86/gcm_batch.inc"
// clang-format on
using kernel = gcm_kernel<vec512, 4, /*Karatsuba=*/false, /*G=*/3>;

// The 128-bit policy with AVX-512VL byte-masked partial loads/stores instead of scalar gathers.
struct vec128_masked : vec128 {
  static __mmask16 first_bytes(std::size_t n) { return static_cast<__mmask16>((1u << n) - 1); }
  static vec load_partial(const void* p, std::size_t n) {
    return _mm_maskz_loadu_epi8(first_bytes(n), p);
  }
  static void store_partial(void* p, vec v, std::size_t n) {
    _mm_mask_storeu_epi8(p, first_bytes(n), v);
  }
  static __m128i load_block_partial(const void* p, std::size_t n) { return load_partial(p, n); }
  static vec keep_prefix(vec v, std::size_t n) { return _mm_maskz_mov_epi8(first_bytes(n), v); }
};
// Short messages go to tail-only kernels (no bulk loop) on the same key state (same 82 powers of
// H): up to narrow_max_len bytes a 128-bit one, whose GHASH needs no lane folding (two 3-cycle
// extracts) and whose AES chains use both AES ports; then a 512-bit one with up to 8 vectors,
// which without the bulk loop has fewer registers and less stack to set up and keeps the whole
// plaintext of open in registers until the verdict. Measured through the API (core cycles per
// call, back to back, AES-128, 13-byte AAD; seal/open), full kernel vs this split: 16 B 86/87 vs
// 70/69, 32 B 86/86 vs 75/76, 64 B 82/83 vs 82/76, 128 B 91/96 vs 90/88, 320 B 128/131 vs
// 122/127, 511 B 163/175 vs 157/176 (open from 384 B: no gain, more spills).
using tail_zmm = gcm_kernel<vec512, 8, /*Karatsuba=*/false, /*G=*/1, /*TailOnlyPowers=*/kernel::P>;
using tail_xmm =
    gcm_kernel<vec128_masked, 4, /*Karatsuba=*/false, /*G=*/1, /*TailOnlyPowers=*/kernel::P>;
static_assert(sizeof(kernel::state) == sizeof(tail_xmm::state) &&
              offsetof(kernel::state, rounds) == offsetof(tail_xmm::state, rounds) &&
              sizeof(kernel::state) == sizeof(tail_zmm::state));
// Seal takes the 128-bit kernel up to 48 B (3 blocks; vg speed, 3 runs each, fourth session):
// AES-128 48 B 24.1 -> 23.5 ns, AES-256 26.9 ns either way, other sizes unchanged. Open stays at
// 32 B: a helper measured the 128-bit open slower at 48 B (it holds more in registers).
constexpr std::size_t narrow_max_len = 32, narrow_seal_max = 48;
// Seal goes to tail_zmm up to and including one of its batches (512 B, 8 vectors; seal stores each
// vector as it goes). Open only below 384 B: it holds the whole tail in registers until the
// verdict, and at 512 B (with AES-256's 15 round keys) that measured slower than the full kernel.
constexpr std::size_t tail_seal_max = 512, tail_open_max = 383;
static_assert(narrow_max_len < tail_xmm::batch_bytes && narrow_seal_max < tail_xmm::batch_bytes &&
                  tail_seal_max <= tail_zmm::batch_bytes && tail_open_max <= tail_zmm::batch_bytes,
              "tail-only kernels get at most one of their batches");

// Direct calls (not a pointer picked by the length): an indirect jump measured ~1 ns slower.
void seal(const void* st, const std::uint8_t j0[16], bool pc, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
          std::uint8_t tag[16]) {
  if (len > tail_seal_max) return kernel::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
  if (len > narrow_seal_max) return tail_zmm::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
  return tail_xmm::seal(st, j0, pc, aad, aad_len, in, out, len, tag);
}
std::uint8_t open_verify(const void* st, const std::uint8_t j0[16], bool pc,
                         const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
                         std::uint8_t* out, std::size_t len, const std::uint8_t* tag,
                         std::size_t tag_len) {
  if (len > tail_open_max)
    return kernel::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
  if (len > narrow_max_len)
    return tail_zmm::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
  return tail_xmm::open_verify(st, j0, pc, aad, aad_len, in, out, len, tag, tag_len);
}
using batch = gcm_batch<kernel>;  // several short messages per call (x86/gcm_batch.inc)
constexpr vg::detail::gcm_ops ops{&kernel::setup,       &seal,          &kernel::open,
                                  &kernel::ghash,       &kernel::ctr32, &kernel::seal_blocks,
                                  &kernel::open_blocks, &open_verify};
}  // namespace

namespace vg::detail {
extern const gcm_batch_ops gcm_batch_ops_vaes_avx512;
constinit const gcm_batch_ops gcm_batch_ops_vaes_avx512{batch::max_len, batch::max_aad,
                                                        &batch::seal, &batch::open_verify};
extern const siv_ops siv_ops_vaes_avx512;  // siv_vaes_avx512.cpp
extern const backend backend_vaes_avx512;
constinit const backend backend_vaes_avx512{
    "vaes-avx512",
    bit(cpu_feature::aes) | bit(cpu_feature::pclmulqdq) | bit(cpu_feature::avx) |
        bit(cpu_feature::ssse3) | bit(cpu_feature::vaes) | bit(cpu_feature::vpclmulqdq) |
        bit(cpu_feature::avx2) | bit(cpu_feature::avx512f) | bit(cpu_feature::avx512bw) |
        bit(cpu_feature::avx512vl),
    &ops, &siv_ops_vaes_avx512, &kernel::and_mask};
}  // namespace vg::detail
