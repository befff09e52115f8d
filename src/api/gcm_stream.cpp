// vg::gcm_stream (include/vg/gcm_stream.hpp): the calls' argument and order checks, the length
// limits, the stream's lifetime (copies, wiping) and the verdict of finish_open. What a checked
// call does to the message is the mode layer's (modes/gcm_stream.cpp).
#include "vg/gcm_stream.hpp"

#include <cstring>

#include "common/ct.hpp"
#include "modes/args.hpp"
#include "modes/modes.hpp"
#include "modes/xaes.hpp"

namespace vg {
namespace {

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
  if (nonce.empty() || (xaes && nonce.size() != detail::xaes::kNonceBytes)) {
    return status::nonce_length;
  }
  detail::ct::note_stack_depth(key.backend_->gcm_stack.any_call);  // for the key's destruction
  end();
  start(key, nonce, sealing);
  return status::ok;
}

status gcm_stream::aad(bytes_view data) noexcept {
  if (phase_ != phase::aad || detail::null_with_length(data.data(), data.size())) {
    return status::argument;
  }
  if (data.size() > detail::gcm::kMaxAad - aad_len_) return status::too_long;
  detail::ct::note_stack_depth(key_->backend_->gcm_stack.any_call);
  absorb_aad(data.data(), data.size());
  return status::ok;
}

status gcm_stream::update(bytes_view in, bytes_span out) noexcept {
  if (phase_ == phase::idle || in.size() != out.size() ||
      detail::null_with_length(in.data(), in.size()) ||
      detail::null_with_length(out.data(), out.size()) ||
      (in.data() != out.data() && detail::overlaps(in.data(), in.size(), out.data(), out.size()))) {
    return status::argument;
  }
  if (in.size() > detail::gcm::kMaxPlaintext - text_len_) return status::too_long;
  detail::ct::note_stack_depth(key_->backend_->gcm_stack.any_call);
  crypt(in.data(), out.data(), in.size());
  return status::ok;
}

status gcm_stream::finish_seal(bytes_span tag) noexcept {
  if (phase_ == phase::idle || !sealing_ || detail::null_with_length(tag.data(), tag.size())) {
    return status::argument;
  }
  if (!tag_length_allowed(tag.size())) {
    end();
    return status::tag_length;
  }
  alignas(16) std::uint8_t full[16];
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
  alignas(16) std::uint8_t expected[16];
  final_tag(expected);
  end();
  // Nothing to mask (the plaintext is already out): the verdict and the wipe of `expected` only.
  return detail::verdict_status(
      detail::ct::open_verdict(expected, tag.data(), tag.size(), nullptr, 0));
}

}  // namespace vg
