// Single AES blocks through a GCM key state: one CTR block over zeros, out = AES_K(in). Used by
// XAES-256-GCM's key derivation and by vg::aes_block_key.
#ifndef VG_SRC_MODES_BLOCK_HPP
#define VG_SRC_MODES_BLOCK_HPP

#include <cstdint>

#include "backends/backend.hpp"

namespace vg::detail {

// out = AES_K(in) for `blocks` independent 16-byte blocks; out may equal in. The blocks count as
// secret: the kernel runs with public_counter = false, so no branch or address depends on them.
void aes_encrypt_blocks(const backend& b, const void* state, const std::uint8_t* in,
                        std::uint8_t* out, std::size_t blocks) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_MODES_BLOCK_HPP
