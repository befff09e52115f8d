// AES on independent blocks and QUIC header protection masks (include/vg/aes_block.hpp), over an
// AES-GCM key of the same length whose CTR kernel encrypts each block (modes/block.hpp).
#include "vg/aes_block.hpp"

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "modes/args.hpp"
#include "modes/block.hpp"

namespace vg {
namespace {

constexpr std::size_t kQuicMaskBytes = 5;

}  // namespace

status aes_block_key::create(bytes_view key, aes_block_key& out,
                             std::string_view backend) noexcept {
  algorithm alg = algorithm::aes_128_gcm;  // a wrong length gets status::key_length from it
  if (key.size() == key_length(algorithm::aes_192_gcm)) alg = algorithm::aes_192_gcm;
  if (key.size() == key_length(algorithm::aes_256_gcm)) alg = algorithm::aes_256_gcm;
  return aead_key::create(alg, key, out.key_, backend);
}

status aes_block_key::encrypt(bytes_view in, bytes_span out) const noexcept {
  if (key_.backend_ == nullptr || in.size() != out.size() || in.size() % detail::kBlockBytes != 0 ||
      detail::null_with_length(in.data(), in.size()) ||
      detail::null_with_length(out.data(), out.size()) ||
      (in.data() != out.data() && detail::overlaps(in.data(), in.size(), out.data(), out.size()))) {
    return status::argument;
  }
  detail::ct::note_stack_depth(key_.backend_->gcm_stack.any_call);  // for the key's destruction
  detail::aes_encrypt_blocks(*key_.backend_, key_.state_, in.data(), out.data(),
                             in.size() / detail::kBlockBytes);
  return status::ok;
}

status aes_block_key::quic_header_mask(std::span<const std::uint8_t, 16> sample,
                                       std::span<std::uint8_t, 5> mask) const noexcept {
  if (key_.backend_ == nullptr || sample.data() == nullptr || mask.data() == nullptr) {
    return status::argument;
  }
  alignas(16) std::uint8_t block[detail::kBlockBytes];
  detail::ct::note_stack_depth(key_.backend_->gcm_stack.any_call);
  detail::aes_encrypt_blocks(*key_.backend_, key_.state_, sample.data(), block, 1);
  for (std::size_t i = 0; i < kQuicMaskBytes; ++i) mask[i] = block[i];
  detail::ct::wipe(block, sizeof block);
  return status::ok;
}

}  // namespace vg
