// One place for the argument rules of every mode (see include/vg/aead.hpp for the contract).
#include "modes/args.hpp"
#include "modes/modes.hpp"

namespace vg::detail {

status check_call(const mode_limits& limits, const bytes_view& nonce, const bytes_view& aad,
                  const bytes_view& in, const bytes_span& out, const std::uint8_t* tag,
                  std::size_t tag_len, bool tag_is_output) noexcept {
  if (const status s = check_buffers(nonce, aad, in, out, tag, tag_len, tag_is_output);
      s != status::ok) {
    return s;
  }
  if (nonce.size() < limits.min_nonce || nonce.size() > limits.max_nonce) {
    return status::nonce_length;
  }
  if (tag_len < limits.min_tag || tag_len > limits.max_tag) return status::tag_length;
  if (in.size() > limits.max_in || aad.size() > limits.max_aad) return status::too_long;
  return status::ok;
}

}  // namespace vg::detail
