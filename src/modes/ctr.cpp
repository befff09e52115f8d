// AES-CTR with a 128-bit counter over the 32-bit CTR kernel.
//
// The kernels increment only the low 32 bits (GCM's inc32). The input is therefore cut where the
// low 32 bits wrap, and the carry goes into the upper 96 bits here. The counter is public, so
// branching on it is fine.
#include "modes/ctr.hpp"

#include "common/bytes.hpp"

namespace vg::detail {
namespace {

// Adds one to the big-endian 96-bit number in ctr[0..12).
void carry_into_high_96(std::uint8_t ctr[16]) noexcept {
  for (int i = 11; i >= 0; --i) {
    if (++ctr[i] != 0) break;
  }
}

}  // namespace

void ctr128_crypt(const backend& b, const void* state, std::uint8_t counter[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t len) noexcept {
  std::size_t done = 0;
  while (done < len) {
    const std::uint64_t blocks_to_wrap = (std::uint64_t{1} << 32) - load_be32(counter + 12);
    const std::uint64_t bytes_to_wrap = blocks_to_wrap * 16;
    const std::uint64_t left = len - done;
    const std::size_t chunk = static_cast<std::size_t>(left < bytes_to_wrap ? left : bytes_to_wrap);
    b.gcm->ctr32(state, counter, /*public_counter=*/true, in + done, out + done, chunk);
    done += chunk;
    if (chunk == bytes_to_wrap) carry_into_high_96(counter);  // the low 32 bits wrapped to zero
  }
}

}  // namespace vg::detail
