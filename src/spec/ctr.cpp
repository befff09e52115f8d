// CTR mode as NIST SP 800-38A §6.5 defines it, with the "standard incrementing function" of
// Appendix B.1 applied to the whole 128-bit block (m = 128): the counter is one big-endian
// 128-bit integer and carries through every byte, wrapping modulo 2^128. (GCM's inc_32 differs:
// it only counts in the last 32 bits; see gcm.cpp.) Not constant time: an oracle for tests.
#include <algorithm>

#include "spec/spec.hpp"

namespace vg::spec {
namespace {

// SP 800-38A Appendix B.1 with m = b = 128: [X + 1] mod 2^128, big-endian.
block increment_128(block x) {
  for (std::size_t i = 16; i-- > 0;) {
    if (++x[i] != 0) break;  // no carry into the next more significant byte
  }
  return x;
}

}  // namespace

// SP 800-38A §6.5: O_j = CIPH_K(T_j); C_j = P_j ⊕ O_j, and for the last, possibly partial
// block C_n* = P_n* ⊕ MSB_u(O_n). Decryption is the same function.
bytes ctr(view key, const block& counter, view data) {
  bytes out(data.size());
  block t = counter;  // T_1
  for (std::size_t offset = 0; offset < data.size(); offset += 16) {
    const block o = aes_encrypt(key, t);
    const std::size_t n = std::min<std::size_t>(16, data.size() - offset);
    for (std::size_t j = 0; j < n; ++j)
      out[offset + j] = static_cast<std::uint8_t>(data[offset + j] ^ o[j]);
    t = increment_128(t);  // T_{j+1}
  }
  return out;
}

}  // namespace vg::spec
