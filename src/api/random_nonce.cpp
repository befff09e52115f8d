// Keys that pick their nonces: nonce || ciphertext || tag in one buffer
// (include/vg/random_nonce.hpp).
//
// The nonce is drawn into a stack buffer before anything is written, so a failing source leaves
// the output untouched, and it is copied out only after the seal succeeded (the seal's own checks
// run first, so a refused call writes nothing either).
#include "vg/random_nonce.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>

#include "api/random_nonce_calls.hpp"
#include "common/ct.hpp"
#include "modes/args.hpp"

namespace vg {

bool os_random(void* /*context*/, std::uint8_t* out, std::size_t len) noexcept {
  while (len > 0) {
    const ssize_t got = getrandom(out, len, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out += got;
    len -= static_cast<std::size_t>(got);
  }
  return true;
}

namespace detail {

status seal_random_nonce(const aead_key& key, random_source source, void* context, bytes_view aad,
                         bytes_view in, bytes_span out) noexcept {
  if (key.empty() || source == nullptr || null_with_length(in.data(), in.size()) ||
      null_with_length(out.data(), out.size())) {
    return status::argument;
  }
  const std::size_t n = nonce_length(key.alg());
  if (out.size() < n + max_tag_length || out.size() - n - max_tag_length != in.size()) {
    return status::argument;
  }
  const bytes_span text = out.subspan(n, in.size());
  if (in.data() != text.data() && overlaps(in.data(), in.size(), out.data(), out.size())) {
    return status::argument;
  }
  alignas(16) std::uint8_t nonce[32];
  if (!source(context, nonce, n)) {
    ct::wipe(nonce, n);
    return status::random;
  }
  const status s = key.seal({nonce, n}, aad, in, text, out.subspan(n + in.size()));
  if (s == status::ok) std::memcpy(out.data(), nonce, n);
  return s;
}

status open_random_nonce(const aead_key& key, bytes_view aad, bytes_view in,
                         bytes_span out) noexcept {
  if (key.empty()) return status::argument;
  const std::size_t n = nonce_length(key.alg());
  if (in.size() < n + max_tag_length) {  // cannot be a sealed message: release nothing
    if (out.data() != nullptr) ct::wipe(out.data(), out.size());
    return status::auth;
  }
  const std::size_t len = in.size() - n - max_tag_length;
  if (out.size() != len) return status::argument;
  return key.open(in.first(n), aad, in.subspan(n, len), out, in.last(max_tag_length));
}

}  // namespace detail

status random_nonce_key::create(algorithm alg, bytes_view key, random_nonce_key& out,
                                std::string_view backend) noexcept {
  return aead_key::create(alg, key, out.key_, backend);
}

status random_nonce_key::seal(bytes_view aad, bytes_view in, bytes_span out, random_source source,
                              void* context) const noexcept {
  return detail::seal_random_nonce(key_, source, context, aad, in, out);
}

status random_nonce_key::open(bytes_view aad, bytes_view in, bytes_span out) const noexcept {
  return detail::open_random_nonce(key_, aad, in, out);
}

}  // namespace vg
