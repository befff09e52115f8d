// AES-CTR (SP 800-38A §6.5) with a 128-bit counter, over the backends' 32-bit CTR kernel (the
// body of vg::ctr_key::crypt).
#ifndef VG_SRC_MODES_CTR_HPP
#define VG_SRC_MODES_CTR_HPP

#include <cstddef>
#include <cstdint>

#include "backends/backend.hpp"

namespace vg::detail {

// out = in ^ keystream from the big-endian 128-bit counter block `counter`, which is advanced past
// every block used (a final partial block uses a prefix of its keystream). The counter is public.
void ctr128_crypt(const backend& b, const void* state, std::uint8_t counter[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t len) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_MODES_CTR_HPP
