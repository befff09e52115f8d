// AES-GCM-SIV (RFC 8452) kernels of the portable backend: per-nonce key derivation, POLYVAL and
// CTR with a 32-bit little-endian counter, all on the constant-time primitives of this folder.
//
// POLYVAL reuses the GHASH multiplier through RFC 8452 Appendix A: POLYVAL(H, X...) =
// ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X)...)). Byte-reversing a block is
// just reading it as two little-endian words in swapped order, so it costs nothing extra.
//
// A short seal is three bitsliced AES passes that depend on each other -- the derivation, the tag,
// the CTR block -- where GCM needs one, so the work goes into making each pass cheap: AES-256's
// six derivation blocks run as one pass on two 64-bit lanes, the derived encryption key goes from
// the derivation's bit planes straight into bitsliced round keys (aes_ct64_derive_siv_keys) and
// its schedule rides in slot 1 of the tag's S-box layers, and the wipes cover what was written
// (the round keys in use, the H powers prepared), not the whole state. Where the time goes and
// the floor of this design: docs/design/gcm-siv-kernel.md, "The portable kernel".
//
// Secrets: the key-generating key, the derived keys (expanded on the stack and wiped before
// returning), the POLYVAL state and the plaintext. The nonce, lengths and AAD are public; the tag
// is public once computed, and open never branches on the received one.
#include "backends/portable/siv_portable.hpp"

#include <new>

#include "backends/portable/aes_ct64.hpp"
#include "backends/portable/ctr_ct64.hpp"
#include "backends/portable/ghash_ctmul64.hpp"
#include "common/bytes.hpp"
#include "common/ct.hpp"

namespace vg::detail::portable {
namespace {

#include "backends/open_verify_adapter.inc"

using u64 = std::uint64_t;

struct siv_state {
  aes_ct64_key key_generating_key;
  std::uint32_t key_len;  // 16 or 32
};
static_assert(sizeof(siv_state) <= key_state_bytes, "portable SIV state must fit the key object");
static_assert(alignof(siv_state) <= 64);

// Everything derived for one nonce. The encryption key arrives as its first round key(s) in bit
// planes and is expanded later, in the same bitsliced rounds as its first use
// (aes_ct64_expand_encrypt*_prepared), which hides the key schedule's S-boxes.
struct message_keys {
  aes_ct64_key encryption;  // round keys 0 (, 1) from derive_keys, the rest from the first use
  hash_key authentication;  // only the last `hash_key_powers` entries are prepared
  int hash_key_powers;
};

// Wipes exactly what derive_keys and the first use of the encryption key wrote (the 1.5 KiB
// struct is mostly unused for short messages; wiping all of it cost ~3% of a 16-byte seal).
void wipe_message_keys(message_keys& keys, std::size_t key_len) noexcept {
  ct::wipe(keys.encryption.round_keys,
           aes_ct64_round_key_bytes(static_cast<unsigned>(key_len / 4) + 6));
  ct::wipe(&keys.authentication.power[hash_powers - keys.hash_key_powers],
           sizeof(gf128_multiplier) * static_cast<std::size_t>(keys.hash_key_powers));
}

void siv_setup(void* state, const std::uint8_t* key, std::size_t key_len) {
  auto* s = new (state) siv_state;
  aes_ct64_expand(s->key_generating_key, key, key_len);
  s->key_len = static_cast<std::uint32_t>(key_len);
}

// RFC 8452 §4: block i is AES(K, LE32(i) || nonce); the first 8 bytes of blocks 0, 1 form the
// authentication key and those of blocks 2, 3 (, 4, 5) the encryption key. Only the powers of H
// that POLYVAL will use are prepared: at most `hash_blocks_at_once` blocks go in one call.
void derive_keys(const siv_state& s, const std::uint8_t nonce[12], std::size_t hash_blocks_at_once,
                 message_keys& out) noexcept {
  std::uint8_t authentication_key[16];
  aes_ct64_derive_siv_keys(s.key_generating_key, s.key_len, nonce, authentication_key,
                           out.encryption);
  const int powers =
      hash_blocks_at_once >= hash_powers ? hash_powers : static_cast<int>(hash_blocks_at_once);
  out.hash_key_powers = powers < 1 ? 1 : powers;
  hash_key_init_powers(out.authentication, polyval_key_to_ghash(authentication_key),
                       out.hash_key_powers);
  ct::wipe(authentication_key, sizeof authentication_key);
}

// The most blocks one POLYVAL call takes for these lengths (public).
std::size_t max_hash_batch(std::size_t aad_len, std::size_t len) noexcept {
  return aad_len > len ? aad_len / 16 : len / 16;
}

// RFC 8452 §4: S = POLYVAL(AAD padded || message padded || lengths); the tag is the encryption of
// S with the nonce XORed into bytes 0..11 and the top bit of byte 15 cleared.
void compute_tag(message_keys& keys, std::size_t key_len, bool expand_key,
                 const std::uint8_t nonce[12], const std::uint8_t* aad, std::size_t aad_len,
                 const std::uint8_t* plaintext, std::size_t len, std::uint8_t tag[16]) noexcept {
  gf128 s = {0, 0};
  std::uint8_t last[16];
  const std::uint8_t* parts[2] = {aad, plaintext};
  const std::size_t lengths[2] = {aad_len, len};
  for (int p = 0; p < 2; ++p) {
    polyval_blocks(keys.authentication, s, parts[p], lengths[p] / 16);
    if (lengths[p] % 16 != 0) {
      std::memset(last, 0, sizeof last);
      std::memcpy(last, parts[p] + (lengths[p] & ~std::size_t{15}), lengths[p] % 16);
      polyval_blocks(keys.authentication, s, last, 1);
    }
  }
  // The length block LE64(aad bits) || LE64(message bits), byte-reversed into GHASH form.
  ghash_element(keys.authentication, s, {u64{len} * 8, u64{aad_len} * 8});

  // Back to POLYVAL's byte order: bytes 0..7 are s.lo little-endian, 8..15 s.hi.
  u64 blocks[8];  // only block 0 is used
  blocks[0] = s.lo ^ load_le64(nonce);
  blocks[1] = (s.hi ^ u64{load_le32(nonce + 8)}) & 0x7FFFFFFFFFFFFFFF;
  if (expand_key) {  // public: seal expands here, open already did in its CTR pass
    aes_ct64_expand_encrypt1_prepared(keys.encryption, key_len, blocks);
  } else {
    aes_ct64_encrypt(keys.encryption, blocks, 1);
  }
  store_le64(tag, blocks[0]);
  store_le64(tag + 8, blocks[1]);
  ct::wipe(&s, sizeof s);
  ct::wipe(last, sizeof last);
  ct::wipe(blocks, 2 * sizeof(u64));
}

// CTR from the tag with the top bit of byte 15 set (RFC 8452 §4). With `expand_key` (open), the
// first three counter blocks (one if that is all the message needs) are encrypted while the key
// is expanded, the rest by ctr_xor.
void siv_ctr(message_keys& keys, std::size_t key_len, bool expand_key, const std::uint8_t tag[16],
             const std::uint8_t* in, std::uint8_t* out, std::size_t len) noexcept {
  counter_block base = split_counter_block<counter_layout::siv>(tag);
  base.hi |= u64{1} << 63;
  if (expand_key) {  // public
    u64 keystream[8];
    // Slot 1 carries the key schedule: counters base, base + 1, base + 2 go in slots 0, 2, 3.
    put_counter<counter_layout::siv>(keystream, 0, base, base.counter);
    put_counter<counter_layout::siv>(keystream, 1, base, base.counter);
    put_counter<counter_layout::siv>(keystream, 2, base, base.counter + 1);
    put_counter<counter_layout::siv>(keystream, 3, base, base.counter + 2);
    if (len <= 16) {  // public: one block packs cheaper (as the tag in seal)
      aes_ct64_expand_encrypt1_prepared(keys.encryption, key_len, keystream);
    } else {
      aes_ct64_expand_encrypt3_prepared(keys.encryption, key_len, keystream);
    }
    for (int i = 2; i < 6; ++i) keystream[i] = keystream[i + 2];  // slots 0, 2, 3: 48 bytes
    keystream[6] = keystream[7] = 0;
    std::uint8_t scratch[64];
    const std::size_t head = len < 48 ? len : 48;
    xor_partial_batch(out, in, head, keystream, scratch);
    ct::wipe(scratch, sizeof scratch);
    ct::wipe(keystream, sizeof keystream);
    if (len <= 48) return;
    base.counter += 3;
    in += 48;
    out += 48;
    len -= 48;
  }
  ctr_xor<counter_layout::siv>(keys.encryption, base, in, out, len);
}

void siv_seal(const void* state, const std::uint8_t nonce[12], const std::uint8_t* aad,
              std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
              std::uint8_t tag[16]) {
  const auto& s = *static_cast<const siv_state*>(state);
  message_keys keys;
  derive_keys(s, nonce, max_hash_batch(aad_len, len), keys);
  compute_tag(keys, s.key_len, true, nonce, aad, aad_len, in, len, tag);
  siv_ctr(keys, s.key_len, false, tag, in, out, len);
  wipe_message_keys(keys, s.key_len);
}

void siv_open(const void* state, const std::uint8_t nonce[12], const std::uint8_t* aad,
              std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
              const std::uint8_t tag[16], std::uint8_t expected_tag[16]) {
  const auto& s = *static_cast<const siv_state*>(state);
  message_keys keys;
  derive_keys(s, nonce, max_hash_batch(aad_len, len), keys);
  siv_ctr(keys, s.key_len, true, tag, in, out, len);
  compute_tag(keys, s.key_len, false, nonce, aad, aad_len, out, len, expected_tag);
  wipe_message_keys(keys, s.key_len);
}

}  // namespace

// Open decrypts and writes the expected tag; the adapter takes the verdict.
const siv_ops siv_portable_ops = {siv_setup, siv_seal, siv_open_verify<siv_open>, nullptr};

}  // namespace vg::detail::portable
