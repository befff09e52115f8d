// The C++ key object: choice of backend at creation, key wiping, and the seal/open entry points.
#include <cstring>

#include "api/key_calls.hpp"
#include "common/ct.hpp"
#include "dispatch/registry.hpp"
#include "modes/args.hpp"
#include "modes/modes.hpp"
#include "modes/xaes.hpp"
#include "vg/aead.hpp"

namespace vg {

const char* to_string(status s) noexcept {
  switch (s) {
    case status::ok:
      return "success";
    case status::argument:
      return "invalid argument (null pointer with a length, overlapping buffers, size mismatch or "
             "empty key)";
    case status::key_length:
      return "key length does not match the algorithm";
    case status::nonce_length:
      return "nonce length not allowed for the algorithm";
    case status::tag_length:
      return "tag length not allowed for the algorithm";
    case status::too_long:
      return "plaintext or associated data exceeds the algorithm's limit";
    case status::auth:
      return "authentication failed: the tag does not match";
    case status::unsupported:
      return "not supported by this build or backend";
    case status::nomem:
      return "out of memory";
    case status::random:
      return "the operating system's random source failed";
  }
  return "unknown status";
}

aead_key::~aead_key() {
  wipe();
}

aead_key::aead_key(aead_key&& other) noexcept {
  *this = std::move(other);
}

aead_key& aead_key::operator=(aead_key&& other) noexcept {
  if (this == &other) return *this;
  wipe();
  if (other.backend_ != nullptr && holds(other.alg_)) {
    std::memcpy(state_, other.state_, sizeof state_);
    backend_ = other.backend_;
    alg_ = other.alg_;
    // The key lives on in *this: only the moved-from copy goes, no stack wipe.
    detail::ct::wipe(other.state_, sizeof other.state_);
    other.backend_ = nullptr;
  }
  return *this;
}

// Ends a live key: its state, and what this thread's calls spilled below the stack pointer. The
// backend wipes what its setup and kernels wrote (a fraction of the state: round keys and the
// powers of H computed so far), the mode layer its own part.
void aead_key::wipe() noexcept {
  if (backend_ == nullptr) return;
  void (*const backend_wipe)(void*) =
      detail::key_calls::is_siv(alg_) ? backend_->siv->wipe : backend_->gcm->wipe;
  if (backend_wipe != nullptr) {
    backend_wipe(state_);
  } else {
    detail::ct::wipe(state_, detail::backend_state_bytes);
  }
  if (alg_ == algorithm::xaes_256_gcm)
    detail::ct::wipe(state_ + detail::backend_state_bytes, detail::key_state_mode_bytes);
  detail::ct::clear_vector_registers();  // before any call that might save them (lazy binding)
  detail::ct::wipe_stack();
  backend_ = nullptr;
}

status aead_key::create(algorithm alg, bytes_view key, aead_key& out,
                        std::string_view backend_name) noexcept {
  out.wipe();
  const std::size_t want = key_length(alg);
  if (want == 0 || !out.holds(alg)) return status::argument;
  if (detail::null_with_length(key.data(), key.size())) return status::argument;
  if (key.size() != want) return status::key_length;
  const detail::backend* b = backend_name.empty() ? &detail::default_backend_impl()
                                                  : detail::find_runnable_backend(backend_name);
  if (b == nullptr) return status::unsupported;
  // Key expansion spills round keys too (a short call's depth, tests/hygiene).
  detail::ct::note_stack_depth(detail::key_calls::is_siv(alg) ? b->siv_stack.short_call
                                                              : b->gcm_stack.short_call);
  if (detail::key_calls::is_siv(alg)) {
    if (b->siv == nullptr) return status::unsupported;
    b->siv->setup(out.state_, key.data(), key.size());
  } else if (alg == algorithm::xaes_256_gcm) {
    detail::xaes::setup(*b, out.state_, key.data());
  } else {
    b->gcm->setup(out.state_, key.data(), key.size());
  }
  out.backend_ = b;
  out.alg_ = alg;
  return status::ok;
}

status aead_key::seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
                      bytes_span tag) const noexcept {
  return detail::key_calls::seal(*this, nonce, aad, in, out, tag);
}

status aead_key::open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
                      bytes_view tag) const noexcept {
  return detail::key_calls::open(*this, nonce, aad, in, out, tag);
}

status aead_key::seal_gather(bytes_view nonce, bytes_view aad, std::span<const bytes_view> pieces,
                             bytes_span out, bytes_span tag) const noexcept {
  if (backend_ == nullptr) return status::argument;
  std::size_t total = 0;
  for (const bytes_view p : pieces) {
    if (detail::null_with_length(p.data(), p.size()) ||
        detail::overlaps(p.data(), p.size(), out.data(), out.size()) ||
        p.size() > SIZE_MAX - total) {
      return status::argument;
    }
    total += p.size();
  }
  if (total != out.size()) return status::argument;
  // Check everything before the pieces are copied, so a refused call leaves `out` untouched.
  const detail::mode_limits& limits = detail::key_calls::is_siv(alg_)   ? detail::siv::kLimits
                                      : alg_ == algorithm::xaes_256_gcm ? detail::xaes::kLimits
                                                                        : detail::gcm::kLimits;
  if (const status s =
          detail::check_call_any(limits, nonce, aad, out, out, tag.data(), tag.size(), true);
      s != status::ok) {
    return s;
  }
  // Gathering into `out` and sealing in place costs one copy and keeps one bulk kernel call, which
  // beats feeding the kernels piece by piece for the short pieces gather is used for (headers).
  std::size_t at = 0;
  for (const bytes_view p : pieces) {
    if (!p.empty()) std::memcpy(out.data() + at, p.data(), p.size());
    at += p.size();
  }
  return seal(nonce, aad, out, out, tag);
}

std::string_view aead_key::backend_name() const noexcept {
  return backend_ != nullptr ? backend_->name : std::string_view{};
}

}  // namespace vg
