// AES-CTR (SP 800-38A §6.5) with a 128-bit counter, over the backends' 32-bit CTR kernel.
//
// The kernels increment only the low 32 bits (GCM's inc32). We therefore cut the input where the
// low 32 bits wrap and carry into the upper 96 bits ourselves. The counter is public, so branching
// on it is fine.
#include "vg/ctr.hpp"

#include <cstring>

#include "backends/backend.hpp"
#include "common/ct.hpp"
#include "modes/args.hpp"

namespace vg {
namespace {

std::uint32_t load_be32(const std::uint8_t* p) noexcept {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         p[3];
}

// Adds one to the big-endian 96-bit number in ctr[0..12).
void carry_into_high_96(std::uint8_t ctr[16]) noexcept {
  for (int i = 11; i >= 0; --i) {
    if (++ctr[i] != 0) break;
  }
}

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
  std::size_t done = 0;
  while (done < in.size()) {
    const std::uint64_t blocks_to_wrap = (std::uint64_t{1} << 32) - load_be32(ctr + 12);
    const std::uint64_t bytes_to_wrap = blocks_to_wrap * 16;
    const std::uint64_t left = in.size() - done;
    const std::size_t chunk = static_cast<std::size_t>(left < bytes_to_wrap ? left : bytes_to_wrap);
    key_.backend_->gcm->ctr32(key_.state_, ctr, /*public_counter=*/true, in.data() + done,
                              out.data() + done, chunk);
    done += chunk;
    if (chunk == bytes_to_wrap) carry_into_high_96(ctr);  // the low 32 bits wrapped to zero
  }
  return status::ok;
}

}  // namespace vg
