// XAES-256-GCM: the key derivation of c2sp.org/XAES-256-GCM ("Detailed key derivation algorithm")
// through the backend's AES, then the mode layer's AES-256-GCM under the derived key.
#include "modes/xaes.hpp"

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "modes/block.hpp"
#include "modes/modes.hpp"

namespace vg::detail {
namespace {

constexpr std::size_t kKeyBytes = 32;

std::uint8_t* k1_of(void* state) noexcept {
  return static_cast<std::uint8_t*>(state) + backend_state_bytes;
}
const std::uint8_t* k1_of(const void* state) noexcept {
  return static_cast<const std::uint8_t*>(state) + backend_state_bytes;
}

}  // namespace

void xaes::setup(const backend& b, void* state, const std::uint8_t* key) noexcept {
  b.gcm->setup(state, key, kKeyBytes);
  alignas(16) std::uint8_t l[kBlockBytes];
  aes_encrypt_blocks(b, state, kZeroBlock, l, 1);  // L = AES_K(0^128)
  // K1 = L << 1, with 0x87 folded into the last byte when the top bit of L was set; the bit picks
  // a mask, not a branch.
  std::uint8_t* k1 = k1_of(state);
  const auto carry = static_cast<std::uint8_t>(0u - (l[0] >> 7));
  for (std::size_t i = 0; i + 1 < kBlockBytes; ++i) {
    k1[i] = static_cast<std::uint8_t>((l[i] << 1) | (l[i + 1] >> 7));
  }
  k1[kBlockBytes - 1] = static_cast<std::uint8_t>((l[kBlockBytes - 1] << 1) ^ (0x87 & carry));
  ct::wipe(l, sizeof l);
}

void xaes::derive(const backend& b, const void* state, const std::uint8_t* nonce, void* derived,
                  std::size_t blocks, bool seal) noexcept {
  const std::uint8_t* k1 = k1_of(state);
  if (b.gcm->xaes_derive != nullptr) {
    // Both blocks, the message key's expansion and its powers in one kernel call: the blocks and
    // the key never leave registers.
    b.gcm->xaes_derive(state, k1, nonce, derived, blocks, seal);
    return;
  }
  // M_i ^ K1 with M_i = 0x00 || i || 'X' || 0x00 || N[:12], for i = 1 and 2.
  alignas(16) std::uint8_t m[2 * kBlockBytes];
  const std::uint8_t prefix[4] = {0x00, 0x01, 0x58, 0x00};
  for (std::size_t i = 0; i < 4; ++i) m[i] = static_cast<std::uint8_t>(prefix[i] ^ k1[i]);
  for (std::size_t i = 4; i < kBlockBytes; ++i)
    m[i] = static_cast<std::uint8_t>(nonce[i - 4] ^ k1[i]);
  for (std::size_t i = 0; i < kBlockBytes; ++i) m[kBlockBytes + i] = m[i];
  m[kBlockBytes + 1] ^= 0x01 ^ 0x02;  // the KDF counter i = 2
  alignas(16) std::uint8_t kx[kKeyBytes];
  aes_encrypt_blocks(b, state, m, kx, 2);
  b.gcm->setup(derived, kx, kKeyBytes);
  ct::wipe(kx, sizeof kx);
  ct::wipe(m, sizeof m);
}

namespace {

// Runs `call(derived_state, gcm_nonce)` on the message's AES-256-GCM key, then wipes that key.
// `aad`, `len` and `seal`: the call's lengths and kind, which say which powers of H it reads
// (derive).
template <class Call>
status with_message_key(const backend& b, const void* state, const bytes_view& nonce,
                        std::size_t aad_len, std::size_t len, bool seal,
                        const Call& call) noexcept {
  alignas(64) unsigned char derived[key_state_bytes];
  // GHASH blocks: AAD, message, length block (lengths within GCM's limits: no overflow).
  const std::size_t blocks = (aad_len + 15) / 16 + (len + 15) / 16 + 1;
  xaes::derive(b, state, nonce.data(), derived, blocks, seal);
  const status s = call(static_cast<const void*>(derived), nonce.subspan(xaes::kKdfNonceBytes));
  if (b.gcm->wipe != nullptr) {
    b.gcm->wipe(derived);  // what setup and the call wrote: a short message's few powers of H
  } else {
    ct::wipe(derived, backend_state_bytes);
  }
  return s;
}

// The checks inline with the tag length as a constant for the one tag length XAES takes (the
// call is short: at 16 B the out-of-line checker measured ~2% of a seal's samples), out of line
// else.
[[gnu::always_inline]] inline status xaes_check(const bytes_view& nonce, const bytes_view& aad,
                                                const bytes_view& in, const bytes_span& out,
                                                const std::uint8_t* tag, std::size_t tag_len,
                                                bool tag_is_output) noexcept {
  if (tag_len == max_tag_length)
    return check_call(xaes::kLimits, nonce, aad, in, out, tag, max_tag_length, tag_is_output);
  return check_call_any(xaes::kLimits, nonce, aad, in, out, tag, tag_len, tag_is_output);
}

}  // namespace

status xaes::seal(const backend& b, const void* state, const bytes_view& nonce,
                  const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                  const bytes_span& tag) noexcept {
  if (const status s = xaes_check(nonce, aad, in, out, tag.data(), tag.size(), true);
      s != status::ok) {
    return s;
  }
  return with_message_key(b, state, nonce, aad.size(), in.size(), true,
                          [&](const void* key, const bytes_view& gcm_nonce) {
                            return gcm::seal(b, key, gcm_nonce, aad, in, out, tag);
                          });
}

status xaes::open(const backend& b, const void* state, const bytes_view& nonce,
                  const bytes_view& aad, const bytes_view& in, const bytes_span& out,
                  const bytes_view& tag) noexcept {
  if (const status s = xaes_check(nonce, aad, in, out, tag.data(), tag.size(), false);
      s != status::ok) {
    return s;
  }
  return with_message_key(b, state, nonce, aad.size(), in.size(), false,
                          [&](const void* key, const bytes_view& gcm_nonce) {
                            return gcm::open(b, key, gcm_nonce, aad, in, out, tag);
                          });
}

}  // namespace vg::detail
