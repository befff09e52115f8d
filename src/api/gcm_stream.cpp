// Incremental AES-GCM (include/vg/gcm_stream.hpp) over the backend's CTR and GHASH kernels.
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
// hashed; the only branches are on lengths and on the direction, which are public. finish_open
// reuses the mode layer's branch-free verdict.
#include "vg/gcm_stream.hpp"

#include <algorithm>
#include <cstring>

#include "common/block_store.hpp"
#include "common/ct.hpp"
#include "modes/args.hpp"
#include "modes/modes.hpp"
#include "modes/xaes.hpp"

namespace vg {
namespace {

constexpr std::size_t kBlock = 16;
// Without block ops, whole blocks are processed in slices small enough that the second pass (GHASH
// after CTR, or CTR after GHASH) finds its data still in L1.
constexpr std::size_t kSliceBytes = 8192;
alignas(16) constexpr std::uint8_t kZeroBlock[kBlock] = {};

bool is_gcm(algorithm alg) noexcept {
  return alg == algorithm::aes_128_gcm || alg == algorithm::aes_192_gcm ||
         alg == algorithm::aes_256_gcm;
}

}  // namespace

gcm_stream::~gcm_stream() {
  end();
}

gcm_stream::gcm_stream(const gcm_stream& other) noexcept {
  copy_from(other);
}

gcm_stream& gcm_stream::operator=(const gcm_stream& other) noexcept {
  if (this != &other) {
    end();
    copy_from(other);
  }
  return *this;
}

// Copies every field; a derived XAES-256-GCM key is copied too and the copy refers to its own.
void gcm_stream::copy_from(const gcm_stream& other) noexcept {
  key_ = other.key_;
  phase_ = other.phase_;
  sealing_ = other.sealing_;
  public_counter_ = other.public_counter_;
  full_tag_only_ = other.full_tag_only_;
  used_ = other.used_;
  filled_ = other.filled_;
  aad_len_ = other.aad_len_;
  text_len_ = other.text_len_;
  s_ = other.s_;
  if (other.key_ == &other.derived_) {
    std::memcpy(derived_.state_, other.derived_.state_, detail::backend_state_bytes);
    derived_.backend_ = other.derived_.backend_;
    derived_.alg_ = other.derived_.alg_;
    key_ = &derived_;
  }
}

void gcm_stream::end() noexcept {
  if (key_ == &derived_) {
    detail::ct::wipe(derived_.state_, detail::backend_state_bytes);
    derived_.backend_ = nullptr;
  }
  detail::ct::wipe(&s_, sizeof s_);
  key_ = nullptr;
  phase_ = phase::idle;
  used_ = filled_ = 0;
  aad_len_ = text_len_ = 0;
}

status gcm_stream::begin_seal(const aead_key& key, bytes_view nonce) noexcept {
  return begin(key, nonce, true);
}

status gcm_stream::begin_open(const aead_key& key, bytes_view nonce) noexcept {
  return begin(key, nonce, false);
}

status gcm_stream::begin(const aead_key& key, bytes_view nonce, bool sealing) noexcept {
  if (key.backend_ == nullptr || detail::null_with_length(nonce.data(), nonce.size())) {
    return status::argument;
  }
  const bool xaes = key.alg_ == algorithm::xaes_256_gcm;
  if (!is_gcm(key.alg_) && !xaes) return status::unsupported;
  if (nonce.empty() || (xaes && nonce.size() != detail::kXaesNonceBytes)) {
    return status::nonce_length;
  }
  detail::ct::note_stack_depth(key.backend_->gcm_stack.any_call);  // for the key's destruction
  end();
  key_ = &key;
  full_tag_only_ = xaes;
  if (xaes) {  // AES-256-GCM under the derived key, with the nonce's last 12 bytes
    detail::xaes_derive(*key.backend_, key.state_, nonce.data(), derived_.state_);
    derived_.backend_ = key.backend_;
    derived_.alg_ = algorithm::aes_256_gcm;
    key_ = &derived_;
    nonce = nonce.subspan(detail::kXaesKdfNonceBytes);
  }
  sealing_ = sealing;
  // Any other nonce length makes J0 = GHASH_H(nonce): the kernels must treat counters as secret.
  public_counter_ = nonce.size() == 12;
  phase_ = phase::aad;
  const detail::backend& b = *key_->backend_;
  detail::gcm_j0(b, key_->state_, nonce, s_.counter);
  // One CTR block from J0 yields E(J0) and leaves the counter at inc32(J0), where the text starts.
  b.gcm->ctr32(key_->state_, s_.counter, public_counter_, kZeroBlock, s_.tag_mask, kBlock);
  return status::ok;
}

status gcm_stream::aad(bytes_view data) noexcept {
  if (phase_ != phase::aad || detail::null_with_length(data.data(), data.size())) {
    return status::argument;
  }
  if (data.size() > detail::kGcmMaxAad - aad_len_) return status::too_long;
  detail::ct::note_stack_depth(key_->backend_->gcm_stack.any_call);
  aad_len_ += data.size();
  const detail::backend& b = *key_->backend_;
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  if (filled_ != 0) {
    const std::size_t take = std::min<std::size_t>(n, kBlock - filled_);
    std::memcpy(s_.block + filled_, p, take);
    filled_ = static_cast<std::uint8_t>(filled_ + take);
    p += take;
    n -= take;
    if (filled_ < kBlock) return status::ok;
    b.gcm->ghash(key_->state_, s_.hash, s_.block, kBlock);
    filled_ = 0;
  }
  const std::size_t whole = n & ~(kBlock - 1);
  if (whole != 0) b.gcm->ghash(key_->state_, s_.hash, p, whole);
  if (n != whole) {
    std::memcpy(s_.block, p + whole, n - whole);
    filled_ = static_cast<std::uint8_t>(n - whole);
  }
  return status::ok;
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
  if (used_ == kBlock) {
    key_->backend_->gcm->ghash(key_->state_, s_.hash, s_.block, kBlock);
    used_ = filled_ = 0;
  }
}

status gcm_stream::update(bytes_view in, bytes_span out) noexcept {
  if (phase_ == phase::idle || in.size() != out.size() ||
      detail::null_with_length(in.data(), in.size()) ||
      detail::null_with_length(out.data(), out.size()) ||
      (in.data() != out.data() && detail::overlaps(in.data(), in.size(), out.data(), out.size()))) {
    return status::argument;
  }
  if (in.size() > detail::kGcmMaxPlaintext - text_len_) return status::too_long;
  detail::ct::note_stack_depth(key_->backend_->gcm_stack.any_call);
  const detail::backend& b = *key_->backend_;
  const void* state = key_->state_;
  if (phase_ == phase::aad) {  // the AAD is complete: hash its zero-padded last block
    if (filled_ != 0) b.gcm->ghash(state, s_.hash, s_.block, filled_);
    filled_ = 0;
    phase_ = phase::text;
  }
  text_len_ += in.size();
  const std::uint8_t* src = in.data();
  std::uint8_t* dst = out.data();
  std::size_t n = in.size();
  if (used_ != 0) {
    const std::size_t take = std::min<std::size_t>(n, kBlock - used_);
    absorb_partial(src, dst, take);
    src += take;
    dst += take;
    n -= take;
  }
  const std::size_t whole = n & ~(kBlock - 1);
  const auto stitched = sealing_ ? b.gcm->seal_blocks : b.gcm->open_blocks;
  if (whole != 0 && stitched != nullptr) {
    stitched(state, s_.counter, public_counter_, s_.hash, src, dst, whole / kBlock);
    src += whole;
    dst += whole;
    n -= whole;
  }
  while (n >= kBlock) {  // backends without block ops: two passes per slice
    const std::size_t slice = std::min(n, kSliceBytes) & ~(kBlock - 1);
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
    b.gcm->ctr32(state, s_.counter, public_counter_, kZeroBlock, s_.keystream, kBlock);
    absorb_partial(src, dst, n);
  }
  return status::ok;
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
  alignas(16) std::uint8_t last[2 * kBlock] = {};
  std::memcpy(last, s_.block, filled_);
  std::uint8_t* lengths = last + (filled_ != 0 ? kBlock : 0);
  detail::store_block(lengths, __builtin_bswap64(aad_len_ * 8), __builtin_bswap64(text_len_ * 8));
  b.gcm->ghash(key_->state_, s_.hash, last, static_cast<std::size_t>(lengths - last) + kBlock);
  detail::ct::wipe(last, filled_);
  for (std::size_t i = 0; i < kBlock; ++i) full[i] = s_.hash[i] ^ s_.tag_mask[i];
}

status gcm_stream::finish_seal(bytes_span tag) noexcept {
  if (phase_ == phase::idle || !sealing_ || detail::null_with_length(tag.data(), tag.size())) {
    return status::argument;
  }
  if (!tag_length_allowed(tag.size())) {
    end();
    return status::tag_length;
  }
  alignas(16) std::uint8_t full[kBlock];
  final_tag(full);
  std::memcpy(tag.data(), full, tag.size());
  detail::ct::wipe(full, sizeof full);
  end();
  return status::ok;
}

status gcm_stream::finish_open(bytes_view tag) noexcept {
  if (phase_ == phase::idle || sealing_ || detail::null_with_length(tag.data(), tag.size())) {
    return status::argument;
  }
  if (!tag_length_allowed(tag.size())) {
    end();
    return status::tag_length;
  }
  alignas(16) std::uint8_t expected[kBlock];
  final_tag(expected);
  const detail::backend& b = *key_->backend_;
  end();
  // Nothing to wipe (the plaintext is already out): the verdict and the wipe of `expected` only.
  return detail::finish_open(b, expected, tag.data(), tag.size(), bytes_span{});
}

}  // namespace vg
