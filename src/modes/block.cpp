// Independent AES blocks over the backend's ctr32 kernel: each block is loaded as a counter and
// one keystream block over zeros is its encryption. One kernel call per block, since ctr32 would
// otherwise encrypt inc32 of the block rather than the next one.
#include "modes/block.hpp"

#include "common/bytes.hpp"
#include "common/ct.hpp"

namespace vg::detail {

void aes_encrypt_blocks(const backend& b, const void* state, const std::uint8_t* in,
                        std::uint8_t* out, std::size_t blocks) noexcept {
  alignas(16) std::uint8_t counter[kBlockBytes];
  for (std::size_t i = 0; i < blocks; ++i) {
    for (std::size_t j = 0; j < kBlockBytes; ++j) counter[j] = in[i * kBlockBytes + j];
    b.gcm->ctr32(state, counter, /*public_counter=*/false, kZeroBlock, out + i * kBlockBytes,
                 kBlockBytes);
  }
  ct::wipe(counter, sizeof counter);
}

}  // namespace vg::detail
