// The portable backend: AES-GCM for CPUs without AES/carry-less-multiply instructions, built with
// no ISA flags. Constant time throughout: bitsliced AES (aes_ct64.cpp) and GHASH by integer
// multiplication with holes (ghash_ctmul64.cpp); no table lookup or branch depends on the key,
// the data, the hash state or the tag. Lengths, J0 and AAD are public.
//
// Where the time goes (Sapphire-Rapids-class VM, 2.3 GHz TSC, rdtsc, best of 30 runs, shared
// machine): seal is ~21 cycles/byte for AES-128 and ~25 for AES-256 at 1 KiB and 16 KiB alike.
// The bitsliced AES takes ~700 cycles per four-block call (~11 c/B for AES-128; each round is
// ~115 logic operations for the S-box circuit, 96 for ShiftRows and ~60 for MixColumns, with
// spills since 16 registers cannot hold the circuit's live values). GHASH takes ~7.8 c/B: 75
// widening multiplies per block plus the XORs that gather them; the reduction is amortised over
// four blocks. Fixed costs (AAD, the length block, E(J0) riding in the last batch) are small
// next to one AES call, so 1 KiB already runs at the bulk rate.
//
// Structure of seal/open: AAD is hashed first; the message is processed in 64-byte batches (one
// bitsliced call = four counter blocks, then GHASH of the four ciphertext blocks with H^4..H^1 and
// one reduction). The last batch always holds at most three message blocks plus J0, so E(J0) costs
// no extra AES call for most lengths and the number of AES calls is ceil((blocks + 1) / 4).
#include <new>

#include "backends/backend.hpp"
#include "backends/portable/aes_ct64.hpp"
#include "backends/portable/ctr_ct64.hpp"
#include "backends/portable/ghash_ctmul64.hpp"
#include "backends/portable/siv_portable.hpp"
#include "common/bytes.hpp"
#include "common/ct.hpp"

namespace vg::detail::portable {
namespace {

#include "backends/open_verify_adapter.inc"

using u64 = std::uint64_t;

struct gcm_state {
  aes_ct64_key aes;
  hash_key hash;
};
static_assert(sizeof(gcm_state) <= backend_state_bytes,
              "portable GCM state must fit the key object");
static_assert(alignof(gcm_state) <= 64);

const gcm_state& state_of(const void* state) noexcept {
  return *static_cast<const gcm_state*>(state);
}

// y = GHASH continuation over `len` bytes, the last block zero-padded.
void hash_padded(const hash_key& key, gf128& y, const std::uint8_t* data,
                 std::size_t len) noexcept {
  ghash_blocks(key, y, data, len / 16);
  if (len % 16 != 0) {
    std::uint8_t last[16] = {};
    std::memcpy(last, data + (len & ~std::size_t{15}), len % 16);
    ghash_blocks(key, y, last, 1);
    ct::wipe(last, sizeof last);
  }
}

void gcm_setup(void* state, const std::uint8_t* key, std::size_t key_len) {
  auto* s = new (state) gcm_state;
  aes_ct64_expand(s->aes, key, key_len);
  u64 zero_blocks[8] = {};
  aes_ct64_encrypt4(s->aes, zero_blocks);
  std::uint8_t h[16];
  store_le64(h, zero_blocks[0]);
  store_le64(h + 8, zero_blocks[1]);
  hash_key_init(s->hash, {load_be64(h), load_be64(h + 8)});
  ct::wipe(zero_blocks, sizeof zero_blocks);
  ct::wipe(h, sizeof h);
}

// Seal (Decrypt = false) hashes what it writes; open hashes what it reads, before writing it
// (in == out is allowed).
template <bool Decrypt>
// public_counter is not needed: the counters only pass through arithmetic here.
void gcm_crypt(const void* state, const std::uint8_t j0[16], bool /*public_counter*/,
               const std::uint8_t* aad, std::size_t aad_len, const std::uint8_t* in,
               std::uint8_t* out, std::size_t len, std::uint8_t tag[16]) {
  const gcm_state& s = state_of(state);
  gf128 y = {0, 0};
  hash_padded(s.hash, y, aad, aad_len);

  const counter_block base = split_counter_block<counter_layout::gcm>(j0);
  std::uint32_t counter = base.counter + 1;
  u64 keystream[8];
  std::uint8_t scratch[64];
  std::size_t done = 0;

  // Whole batches while more than three blocks remain; a 49..63-byte rest is a partial batch.
  while (len - done > 48) {
    for (int slot = 0; slot < 4; ++slot) {
      put_counter<counter_layout::gcm>(keystream, slot, base, counter + slot);
    }
    counter += 4;
    aes_ct64_encrypt4(s.aes, keystream);
    if (len - done >= 64) {
      if constexpr (Decrypt) ghash_blocks(s.hash, y, in + done, 4);
      xor_batch(out + done, in + done, keystream);
      if constexpr (!Decrypt) ghash_blocks(s.hash, y, out + done, 4);
      done += 64;
    } else {
      const std::size_t n = len - done;
      if constexpr (Decrypt) hash_padded(s.hash, y, in + done, n);
      xor_partial_batch(out + done, in + done, n, keystream, scratch);
      if constexpr (!Decrypt) ghash_blocks(s.hash, y, scratch, 4);
      done = len;
    }
  }

  // Final batch: up to three message blocks in slots 0..2, J0 in slot 3.
  const std::size_t rest = len - done;
  for (int slot = 0; slot < 3; ++slot) {
    put_counter<counter_layout::gcm>(keystream, slot, base, counter + slot);
  }
  put_counter<counter_layout::gcm>(keystream, 3, base, base.counter);
  aes_ct64_encrypt4(s.aes, keystream);
  if (rest != 0) {
    if constexpr (Decrypt) hash_padded(s.hash, y, in + done, rest);
    xor_partial_batch(out + done, in + done, rest, keystream, scratch);  // rest <= 48: J0 unused
    if constexpr (!Decrypt) ghash_blocks(s.hash, y, scratch, (rest + 15) / 16);
  }
  ghash_element(s.hash, y, {u64{aad_len} * 8, u64{len} * 8});

  store_be64(tag, y.hi);
  store_be64(tag + 8, y.lo);
  store_le64(tag, load_le64(tag) ^ keystream[6]);
  store_le64(tag + 8, load_le64(tag + 8) ^ keystream[7]);
  ct::wipe(keystream, sizeof keystream);
  ct::wipe(scratch, sizeof scratch);
  ct::wipe(&y, sizeof y);
}

void gcm_ghash(const void* state, std::uint8_t y_bytes[16], const std::uint8_t* data,
               std::size_t len) {
  gf128 y = {load_be64(y_bytes), load_be64(y_bytes + 8)};
  hash_padded(state_of(state).hash, y, data, len);
  store_be64(y_bytes, y.hi);
  store_be64(y_bytes + 8, y.lo);
  ct::wipe(&y, sizeof y);
}

void gcm_ctr32(const void* state, std::uint8_t ctr[16], bool /*public_counter*/,
               const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
  const counter_block base = split_counter_block<counter_layout::gcm>(ctr);
  const std::uint32_t next = ctr_xor<counter_layout::gcm>(state_of(state).aes, base, in, out, len);
  const std::uint8_t next_bytes[4] = {
      static_cast<std::uint8_t>(next >> 24), static_cast<std::uint8_t>(next >> 16),
      static_cast<std::uint8_t>(next >> 8), static_cast<std::uint8_t>(next)};
  std::memcpy(ctr + 12, next_bytes, 4);
}

// No stitched block ops (null): incremental callers use ctr32 + ghash. Open decrypts and writes
// the expected tag; the adapter takes the verdict. No xaes_derive (null): XAES derives through
// ctr32.
constexpr gcm_ops gcm_portable_ops = {
    gcm_setup,
    gcm_crypt<false>,
    gcm_ghash,
    gcm_ctr32,
    nullptr,
    nullptr,
    gcm_open_verify<gcm_crypt<true>>,
    nullptr,
    nullptr,
};

}  // namespace
}  // namespace vg::detail::portable

namespace vg::detail {

extern const backend backend_portable;
const backend backend_portable = {
    "portable",
    0,
    &portable::gcm_portable_ops,
    &portable::siv_portable_ops,
    /*uses_512bit_vectors=*/false,
    // Stack depths (tests/hygiene/stack_reach_test.cpp): GCM ~3.0 KiB, GCM-SIV ~4.5 KiB measured,
    // with margins.
    as_compiled({0, 0, 3840, 3840}),
    as_compiled({0, 0, 5312, 5312}),
};

}  // namespace vg::detail
