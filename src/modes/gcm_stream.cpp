// The rules of incremental AES-GCM (vg::gcm_stream, include/vg/gcm_stream.hpp) over the backend's
// CTR and GHASH kernels: what a stream does once the API (api/gcm_stream.cpp) has checked a call.
//
// Technique: the stream keeps what one-shot GCM keeps in registers: the GHASH accumulator, the next
// counter block, E(J0) for the tag, plus the two things chunking adds: the keystream of a block
// that an update() ended in the middle of (so the next update() continues it and no output is ever
// held back), and the bytes of an incomplete AAD or ciphertext block waiting for GHASH. Whole
// blocks go straight to the bulk kernels: the backend's stitched block ops
// (seal_blocks/open_blocks: CTR and GHASH in one pass, the loop of one-shot seal/open) when it has
// them; otherwise, slice by slice, for sealing CTR then GHASH over the output, for opening GHASH
// over the input first, which is what makes in-place decryption correct.
//
// Secrets: the keystream, plaintext, ciphertext-to-be and tag bytes are only XORed, copied and
// hashed; the only branches are on lengths and on the direction, which are public.
#include "vg/gcm_stream.hpp"

#include <algorithm>
#include <cstring>

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "modes/modes.hpp"
#include "modes/xaes.hpp"

namespace vg {
namespace {

// Without block ops, whole blocks are processed in slices small enough that the second pass (GHASH
// after CTR, or CTR after GHASH) finds its data still in L1.
constexpr std::size_t kSliceBytes = 8192;

}  // namespace

void gcm_stream::start(const aead_key& key, bytes_view nonce, bool sealing) noexcept {
  key_ = &key;
  const bool xaes = key.alg_ == algorithm::xaes_256_gcm;
  full_tag_only_ = xaes;
  if (xaes) {  // AES-256-GCM under the derived key, with the nonce's last 12 bytes
    // Lengths unknown yet: the eager powers, the rest on first need as for any key.
    detail::xaes::derive(*key.backend_, key.state_, nonce.data(), derived_.state_, 0, sealing);
    derived_.backend_ = key.backend_;
    derived_.alg_ = algorithm::aes_256_gcm;
    key_ = &derived_;
    nonce = nonce.subspan(detail::xaes::kKdfNonceBytes);
  }
  sealing_ = sealing;
  // Any other nonce length makes J0 = GHASH_H(nonce): the kernels must treat counters as secret.
  public_counter_ = nonce.size() == 12;
  phase_ = phase::aad;
  const detail::backend& b = *key_->backend_;
  detail::gcm::j0(b, key_->state_, nonce, s_.counter);
  // One CTR block from J0 yields E(J0) and leaves the counter at inc32(J0), where the text starts.
  b.gcm->ctr32(key_->state_, s_.counter, public_counter_, detail::kZeroBlock, s_.tag_mask,
               detail::kBlockBytes);
}

void gcm_stream::absorb_aad(const std::uint8_t* p, std::size_t n) noexcept {
  aad_len_ += n;
  const detail::backend& b = *key_->backend_;
  if (filled_ != 0) {
    const std::size_t take = std::min<std::size_t>(n, detail::kBlockBytes - filled_);
    std::memcpy(s_.block + filled_, p, take);
    filled_ = static_cast<std::uint8_t>(filled_ + take);
    p += take;
    n -= take;
    if (filled_ < detail::kBlockBytes) return;
    b.gcm->ghash(key_->state_, s_.hash, s_.block, detail::kBlockBytes);
    filled_ = 0;
  }
  const std::size_t whole = n & ~(detail::kBlockBytes - 1);
  if (whole != 0) b.gcm->ghash(key_->state_, s_.hash, p, whole);
  if (n != whole) {
    std::memcpy(s_.block, p + whole, n - whole);
    filled_ = static_cast<std::uint8_t>(n - whole);
  }
}

// XORs n bytes with the pending keystream and collects the ciphertext side for GHASH; hashes the
// block once it is complete. `ct` collects from `in` (open) or `out` (seal); reading `in` before
// writing `out` keeps in-place calls correct.
void gcm_stream::absorb_partial(const std::uint8_t* in, std::uint8_t* out, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t x = in[i];
    const std::uint8_t y = static_cast<std::uint8_t>(x ^ s_.keystream[used_ + i]);
    s_.block[used_ + i] = sealing_ ? y : x;
    out[i] = y;
  }
  used_ = static_cast<std::uint8_t>(used_ + n);
  filled_ = used_;
  if (used_ == detail::kBlockBytes) {
    key_->backend_->gcm->ghash(key_->state_, s_.hash, s_.block, detail::kBlockBytes);
    used_ = filled_ = 0;
  }
}

void gcm_stream::crypt(const std::uint8_t* src, std::uint8_t* dst, std::size_t n) noexcept {
  const detail::backend& b = *key_->backend_;
  const void* state = key_->state_;
  if (phase_ == phase::aad) {  // the AAD is complete: hash its zero-padded last block
    if (filled_ != 0) b.gcm->ghash(state, s_.hash, s_.block, filled_);
    filled_ = 0;
    phase_ = phase::text;
  }
  text_len_ += n;
  if (used_ != 0) {
    const std::size_t take = std::min<std::size_t>(n, detail::kBlockBytes - used_);
    absorb_partial(src, dst, take);
    src += take;
    dst += take;
    n -= take;
  }
  const std::size_t whole = n & ~(detail::kBlockBytes - 1);
  const auto stitched = sealing_ ? b.gcm->seal_blocks : b.gcm->open_blocks;
  if (whole != 0 && stitched != nullptr) {
    stitched(state, s_.counter, public_counter_, s_.hash, src, dst, whole / detail::kBlockBytes);
    src += whole;
    dst += whole;
    n -= whole;
  }
  while (n >= detail::kBlockBytes) {  // backends without block ops: two passes per slice
    const std::size_t slice = std::min(n, kSliceBytes) & ~(detail::kBlockBytes - 1);
    if (sealing_) {
      b.gcm->ctr32(state, s_.counter, public_counter_, src, dst, slice);
      b.gcm->ghash(state, s_.hash, dst, slice);
    } else {
      b.gcm->ghash(state, s_.hash, src, slice);
      b.gcm->ctr32(state, s_.counter, public_counter_, src, dst, slice);
    }
    src += slice;
    dst += slice;
    n -= slice;
  }
  if (n != 0) {
    b.gcm->ctr32(state, s_.counter, public_counter_, detail::kZeroBlock, s_.keystream,
                 detail::kBlockBytes);
    absorb_partial(src, dst, n);
  }
}

bool gcm_stream::tag_length_allowed(std::size_t n) const noexcept {
  if (full_tag_only_) return n == max_tag_length;
  return gcm_tag_length_allowed(n);
}

// Hashes what is pending and the lengths block; full = GHASH ^ E(J0).
void gcm_stream::final_tag(std::uint8_t full[16]) noexcept {
  detail::ct::note_stack_depth(key_->backend_->gcm_stack.any_call);
  const detail::backend& b = *key_->backend_;
  // The pending block (zero-padded) and the lengths block, hashed in one kernel call.
  alignas(16) std::uint8_t last[2 * detail::kBlockBytes] = {};
  std::memcpy(last, s_.block, filled_);
  std::uint8_t* lengths = last + (filled_ != 0 ? detail::kBlockBytes : 0);
  detail::store_block(lengths, detail::byte_swap64(aad_len_ * 8),
                      detail::byte_swap64(text_len_ * 8));
  b.gcm->ghash(key_->state_, s_.hash, last,
               static_cast<std::size_t>(lengths - last) + detail::kBlockBytes);
  detail::ct::wipe(last, filled_);
  for (std::size_t i = 0; i < detail::kBlockBytes; ++i) full[i] = s_.hash[i] ^ s_.tag_mask[i];
}

}  // namespace vg
