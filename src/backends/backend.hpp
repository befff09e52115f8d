// The contract between the mode layer and a backend: a table of bulk kernels.
//
// A backend fills one `backend` object with pointers to its kernels. The mode layer (src/modes/)
// owns everything that is the same on every CPU: argument and length checks, J0 for nonces that are
// not 12 bytes and tag truncation. Open has one entry, open_verify: the kernel takes the verdict
// (constant-time compare into a mask, the output ANDed with it) and returns the mask, from which
// the mode layer derives the status arithmetically. Kernels that only decrypt and write the tag
// they expect (portable, armv8) reach it through open_verify_adapter.inc.
//
// ISA isolation: a translation unit compiled with -maes/-mavx512f/... defines everything in an
// anonymous namespace except the tables it exports (its `backend` object, or the siv_ops and
// gcm_batch_ops that object points to). The kernel sources it shares with other such units
// (x86/*.inc, armv8/*.inc, open_verify_adapter.inc) are included inside that namespace; the headers
// it includes (this one: data, declarations, constexpr helpers; common/ct.hpp for the out-of-line
// ct::open_verdict; <immintrin.h>/<arm_neon.h>, C headers) give it no inline code that it calls.
// tests/isa_isolation checks that its object defines no weak (inline/template) or global function
// that could leak into generic code.
#ifndef VG_SRC_BACKENDS_BACKEND_HPP
#define VG_SRC_BACKENDS_BACKEND_HPP

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/asm_barrier.hpp"  // macros only: the kernels' empty-asm barriers
#include "vg/aead.hpp"
#include "vg/cpu.hpp"

namespace vg::detail {

// The last key_state_mode_bytes of a key's state belong to the mode layer (XAES-256-GCM keeps its
// CMAC subkey there): a backend's GCM state must fit in the backend_state_bytes before them.
inline constexpr std::size_t key_state_mode_bytes = 64;
inline constexpr std::size_t backend_state_bytes = key_state_bytes - key_state_mode_bytes;

// Every kernel receives the 64-byte aligned, key_state_bytes-long state its setup function wrote.
// All byte pointers may be unaligned. `in == out` is allowed wherever both appear; other overlaps
// never reach a kernel (the mode layer rejects them). Lengths may be 0 (pointers may then be null).
struct gcm_ops {
  // Expands a 16/24/32-byte AES key and precomputes H = E(0^128) and the powers of H the
  // backend's GHASH needs, or those the shortest messages need (then the kernels compute the rest
  // on the first call that reads them, once per key and safely when threads share the key:
  // setup's caller publishes the state, the kernels may write into it).
  void (*setup)(void* state, const std::uint8_t* key, std::size_t key_len);

  // Counter values (J0 and the blocks after it) are public when they come from a 96-bit nonce or
  // from a CTR caller's IV; then a kernel may let them choose paths and table rows (e.g. "the low
  // byte does not wrap within this batch"). For any other GCM nonce J0 = GHASH_H(nonce) depends on
  // the key: callers pass public_counter = false and the kernel must not branch on or index memory
  // by the counter values.
  //
  // Whole-message GCM seal for a prepared pre-counter block J0: encrypts with counters
  // inc32(J0), inc32(inc32(J0)), ...; hashes aad || ct || lengths; writes the full 16-byte tag
  // GHASH ^ E(J0).
  void (*seal)(const void* state, const std::uint8_t j0[16], bool public_counter,
               const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
               std::uint8_t* out, std::size_t len, std::uint8_t tag[16]);

  // GHASH continuation: for each 16-byte block X of `data` (the last one zero-padded),
  // y = (y ^ X) * H. Used for J0 of nonces that are not 12 bytes, and by incremental APIs.
  void (*ghash)(const void* state, std::uint8_t y[16], const std::uint8_t* data, std::size_t len);

  // GCM's CTR: out = in ^ E(ctr), ctr = inc32(ctr) (the low 32 bits, big-endian, wrap), for
  // ceil(len/16) counter blocks; a final partial block uses a prefix of the keystream. `ctr` is
  // advanced past every block used.
  void (*ctr32)(const void* state, std::uint8_t ctr[16], bool public_counter,
                const std::uint8_t* in, std::uint8_t* out, std::size_t len);

  // Optional (null: the caller runs ctr32 and ghash in two passes). Whole blocks of a message in
  // progress, for incremental APIs: `blocks` 16-byte blocks are en/decrypted with counters from
  // `ctr` (advanced as by ctr32) while GHASH continues from y over the ciphertext (seal: the
  // output; open: the input), in one stitched pass like seal and open_verify.
  void (*seal_blocks)(const void* state, std::uint8_t ctr[16], bool public_counter,
                      std::uint8_t y[16], const std::uint8_t* in, std::uint8_t* out,
                      std::size_t blocks);
  void (*open_blocks)(const void* state, std::uint8_t ctr[16], bool public_counter,
                      std::uint8_t y[16], const std::uint8_t* in, std::uint8_t* out,
                      std::size_t blocks);

  // Whole-message GCM open, the verdict taken by the backend: decrypts `in` into `out` (counters
  // as seal's), compares the first `tag_len` (4..16) bytes of the tag it expects with `tag` in
  // constant time, ANDs every byte of `out` with the verdict and returns it: 0xff (match) or 0x00.
  // No branch or address depends on the verdict or the tags. The x86 kernels take it while the
  // expected tag is in a register and store short plaintexts once, already masked.
  std::uint8_t (*open_verify)(const void* state, const std::uint8_t j0[16], bool public_counter,
                              const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
                              std::uint8_t* out, std::size_t len, const std::uint8_t* tag,
                              std::size_t tag_len);

  // Optional (null: the caller zeroes all backend_state_bytes). Zeroes every byte of `state` that
  // setup or a kernel wrote (a backend whose key state is small, or filled lazily, wipes only
  // that), in a way the compiler may not elide. Called when no other thread uses the state.
  void (*wipe)(void* state);

  // Optional (null: the mode layer encrypts the blocks with ctr32 and calls setup). XAES-256-GCM's
  // message key (c2sp.org/XAES-256-GCM): with M_i = 0x00 || i || 'X' || 0x00 || nonce[0..12),
  // encrypts M_1 ^ k1 and M_2 ^ k1 under the AES-256 key of `state` and sets up `derived`
  // (64-byte aligned, key_state_bytes) as setup would for their 32 bytes as an AES-256 key. The
  // blocks and the derived key are built and used in registers only. `blocks` is the number of
  // GHASH blocks of the one call that will use `derived` (AAD, message, length block): the powers
  // of H it reads are all in place when the call starts (0: only those setup computes); `seal`:
  // whether that call seals (a router may send seal and open of one length to kernels that read
  // different powers). A `derived` made for one call is private to it: wiped with `wipe`, never
  // shared between threads.
  void (*xaes_derive)(const void* state, const std::uint8_t k1[16], const std::uint8_t nonce[12],
                      void* derived, std::size_t blocks, bool seal);
};

// AES-GCM-SIV (RFC 8452): per-nonce key derivation, POLYVAL, tag, CTR with a 32-bit little-endian
// counter. `setup` expands the key-generating key (16 or 32 bytes).
struct siv_ops {
  void (*setup)(void* state, const std::uint8_t* key, std::size_t key_len);
  void (*seal)(const void* state, const std::uint8_t nonce[12], const std::uint8_t* aad,
               std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
               std::uint8_t tag[16]);
  // Open with the verdict taken by the backend, as gcm_ops::open_verify: decrypts with the
  // received 16-byte `tag` as the initial counter, compares the tag it expects with `tag` in
  // constant time, ANDs every byte of `out` with the verdict and returns it: 0xff (match) or 0x00.
  // No branch or address depends on the verdict or the tags.
  std::uint8_t (*open_verify)(const void* state, const std::uint8_t nonce[12],
                              const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
                              std::uint8_t* out, std::size_t len, const std::uint8_t tag[16]);
  // Optional, as gcm_ops::wipe.
  void (*wipe)(void* state);
};

// Stack depths in bytes: short_call for key setup and for whole-message seal/open of at most
// short_len bytes with at most short_aad bytes of AAD (short kernels, no completion of the powers
// of H), any_call for every call.
struct stack_reach {
  std::size_t short_len, short_aad;
  std::size_t short_call, any_call;
};

// The backends' depths are measured in GCC 12 builds. Clang 14 lays out the same calls' frames up
// to 2.9 KiB deeper (vaes-avx512 open of 1 KiB; 2.1 KiB on its 16-byte open), so a Clang build adds
// 2 KiB to both and the GCC records' margins cover the rest: 136 B are left on vaes-avx512's
// 16-byte GCM open (tests/hygiene in the clang preset).
consteval stack_reach as_compiled(stack_reach gcc_measured) {
#if defined(__clang__)
  gcc_measured.short_call += 2048;
  gcc_measured.any_call += 2048;
#endif
  return gcc_measured;
}

struct backend {
  std::string_view name;  // "portable", "aesni-avx", ... (the spelling used everywhere)
  cpu_feature_set needs;  // features the kernels execute
  const gcm_ops* gcm;
  const siv_ops* siv;  // null until the backend implements GCM-SIV

  // Whether the kernels run on 512-bit (zmm) vectors: on CPUs whose clock drops while such
  // vectors are busy, the default choice skips the backend (dispatch/registry.cpp).
  bool uses_512bit_vectors;

  // How far below an API entry point's stack pointer a call into this backend may write, through
  // the mode layer's frames: what a key's destruction zeroes below the deepest entry
  // (common/ct.hpp). Measured by tests/hygiene (stack_reach_test.cpp) on every path, with a margin.
  stack_reach gcm_stack, siv_stack;

  // The GCM kernel variant of this table ("schoolbook", "karatsuba"), empty for a backend built
  // one way only. A backend built several ways has one table per variant, each with the same
  // name: a variant's key state has its own layout, so every entry of gcm_ops (and its batch
  // ops) comes from that variant. dispatch/gcm_variants.cpp picks one per CPU, once per process;
  // a key stores the table it was created on.
  std::string_view gcm_variant{};
};

}  // namespace vg::detail

#endif  // VG_SRC_BACKENDS_BACKEND_HPP
