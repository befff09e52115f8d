// vg::ctr_key: AES-CTR with a 128-bit counter (include/vg/ctr.hpp) over a GCM key state and its
// CTR kernel; the counter arithmetic is the mode layer's (modes/ctr.cpp).
#include <cstring>

#include "common/ct.hpp"
#include "modes/args.hpp"
#include "modes/ctr.hpp"
#include "vg/ctr.hpp"

namespace vg {
namespace {

algorithm gcm_algorithm_for(std::size_t key_len) noexcept {
  return key_len == 24   ? algorithm::aes_192_gcm
         : key_len == 32 ? algorithm::aes_256_gcm
                         : algorithm::aes_128_gcm;
}

}  // namespace

status ctr_key::create(bytes_view key, ctr_key& out, std::string_view backend) noexcept {
  out.key_ = aead_key{};  // empty on every error
  if (detail::null_with_length(key.data(), key.size())) return status::argument;
  if (key.size() != 16 && key.size() != 24 && key.size() != 32) return status::key_length;
  return aead_key::create(gcm_algorithm_for(key.size()), key, out.key_, backend);
}

status ctr_key::crypt(std::span<const std::uint8_t, 16> counter, bytes_view in,
                      bytes_span out) const noexcept {
  if (key_.backend_ == nullptr || in.size() != out.size() ||
      detail::null_with_length(in.data(), in.size()) ||
      detail::null_with_length(out.data(), out.size()) ||
      (in.data() != out.data() && detail::overlaps(in.data(), in.size(), out.data(), out.size()))) {
    return status::argument;
  }
  detail::ct::note_stack_depth(key_.backend_->gcm_stack.any_call);  // for the key's destruction
  std::uint8_t ctr[16];
  std::memcpy(ctr, counter.data(), 16);
  detail::ctr128_crypt(*key_.backend_, key_.state_, ctr, in.data(), out.data(), in.size());
  return status::ok;
}

}  // namespace vg
