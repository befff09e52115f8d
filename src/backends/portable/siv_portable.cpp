// AES-GCM-SIV (RFC 8452) kernels of the portable backend: per-nonce key derivation, POLYVAL and
// CTR with a 32-bit little-endian counter, all on the constant-time primitives of this folder.
//
// POLYVAL reuses the GHASH multiplier through RFC 8452 Appendix A: POLYVAL(H, X...) =
// ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X)...)). Byte-reversing a block is
// just reading it as two little-endian words in swapped order, so it costs nothing extra.
//
// Secrets: the key-generating key, the derived keys (expanded on the stack and wiped before
// returning), the POLYVAL state and the plaintext. The nonce, lengths and AAD are public; the tag
// is public once computed, and open never branches on the received one.
#include "backends/portable/siv_portable.hpp"

#include <new>

#include "backends/portable/aes_ct64.hpp"
#include "backends/portable/byte_order.hpp"
#include "backends/portable/ctr_ct64.hpp"
#include "backends/portable/ghash_ctmul64.hpp"

namespace vg::detail::portable {
namespace {

using u64 = std::uint64_t;

struct siv_state {
  aes_ct64_key key_generating_key;
  std::uint32_t key_len;  // 16 or 32
};
static_assert(sizeof(siv_state) <= key_state_bytes, "portable SIV state must fit the key object");
static_assert(alignof(siv_state) <= 64);

// Everything derived for one nonce.
struct message_keys {
  aes_ct64_key encryption;
  hash_key authentication;
};

void siv_setup(void* state, const std::uint8_t* key, std::size_t key_len) {
  auto* s = new (state) siv_state;
  aes_ct64_expand(s->key_generating_key, key, key_len);
  s->key_len = static_cast<std::uint32_t>(key_len);
}

// RFC 8452 §4: block i is AES(K, LE32(i) || nonce); the first 8 bytes of blocks 0, 1 form the
// authentication key and those of blocks 2, 3 (, 4, 5) the encryption key.
void derive_keys(const siv_state& s, const std::uint8_t nonce[12], message_keys& out) noexcept {
  const u64 nonce_lo = u64{load_le32(nonce)} << 32, nonce_hi = load_le64(nonce + 4);
  u64 blocks[16];
  for (u64 i = 0; i < 8; ++i) {
    blocks[2 * i] = nonce_lo | i;
    blocks[2 * i + 1] = nonce_hi;
  }
  aes_ct64_encrypt4(s.key_generating_key, blocks);
  if (s.key_len == 32) aes_ct64_encrypt4(s.key_generating_key, blocks + 8);  // public length

  std::uint8_t derived[48];  // authentication key (16), encryption key (16 or 32)
  for (int i = 0; i < 6; ++i) store_le64(derived + 8 * i, blocks[2 * i]);
  hash_key_init(out.authentication, polyval_key_to_ghash(derived));
  aes_ct64_expand(out.encryption, derived + 16, s.key_len);
  secure_wipe(blocks, sizeof blocks);
  secure_wipe(derived, sizeof derived);
}

// RFC 8452 §4: S = POLYVAL(AAD padded || message padded || lengths); the tag is the encryption of
// S with the nonce XORed into bytes 0..11 and the top bit of byte 15 cleared.
void compute_tag(const message_keys& keys, const std::uint8_t nonce[12], const std::uint8_t* aad,
                 std::size_t aad_len, const std::uint8_t* plaintext, std::size_t len,
                 std::uint8_t tag[16]) noexcept {
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
  u64 blocks[8] = {};
  blocks[0] = s.lo ^ load_le64(nonce);
  blocks[1] = (s.hi ^ u64{load_le32(nonce + 8)}) & 0x7FFFFFFFFFFFFFFF;
  aes_ct64_encrypt4(keys.encryption, blocks);
  store_le64(tag, blocks[0]);
  store_le64(tag + 8, blocks[1]);
  secure_wipe(&s, sizeof s);
  secure_wipe(last, sizeof last);
  secure_wipe(blocks, sizeof blocks);
}

// CTR from the tag with the top bit of byte 15 set (RFC 8452 §4).
void siv_ctr(const message_keys& keys, const std::uint8_t tag[16], const std::uint8_t* in,
             std::uint8_t* out, std::size_t len) noexcept {
  counter_block base = split_counter_block<counter_layout::siv>(tag);
  base.hi |= u64{1} << 63;
  ctr_xor<counter_layout::siv>(keys.encryption, base, in, out, len);
}

void siv_seal(const void* state, const std::uint8_t nonce[12], const std::uint8_t* aad,
              std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
              std::uint8_t tag[16]) {
  message_keys keys;
  derive_keys(*static_cast<const siv_state*>(state), nonce, keys);
  compute_tag(keys, nonce, aad, aad_len, in, len, tag);
  siv_ctr(keys, tag, in, out, len);
  secure_wipe(&keys, sizeof keys);
}

void siv_open(const void* state, const std::uint8_t nonce[12], const std::uint8_t* aad,
              std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
              const std::uint8_t tag[16], std::uint8_t expected_tag[16]) {
  message_keys keys;
  derive_keys(*static_cast<const siv_state*>(state), nonce, keys);
  siv_ctr(keys, tag, in, out, len);
  compute_tag(keys, nonce, aad, aad_len, out, len, expected_tag);
  secure_wipe(&keys, sizeof keys);
}

}  // namespace

// No open_verify (null): the mode layer compares the tag and wipes.
const siv_ops siv_portable_ops = {siv_setup, siv_seal, siv_open, nullptr};

}  // namespace vg::detail::portable
