// The out-of-line copy of check_call (args.hpp) for the rare calls: other nonce or tag lengths,
// and seal_gather. The common call inlines check_call with its lengths folded to constants; the
// rare ones share this single copy rather than each inlining the general form.
#include "modes/args.hpp"

namespace vg::detail {

status check_call_any(const mode_limits& limits, const bytes_view& nonce, const bytes_view& aad,
                      const bytes_view& in, const bytes_span& out, const std::uint8_t* tag,
                      std::size_t tag_len, bool tag_is_output) noexcept {
  return check_call(limits, nonce, aad, in, out, tag, tag_len, tag_is_output);
}

}  // namespace vg::detail
