// What the portable backend's kernel tests share: the backend object itself (they call its
// gcm_ops/siv_ops directly, below the mode layer) and an aligned buffer for the key state its
// setup() writes, as an aead_key would hold it.
#ifndef VG_TESTS_BACKENDS_PORTABLE_PORTABLE_BACKEND_HPP
#define VG_TESTS_BACKENDS_PORTABLE_PORTABLE_BACKEND_HPP

#include <cstdint>
#include <vector>

#include "backends/backend.hpp"

namespace vg::detail {
extern const backend backend_portable;
}

namespace vg::detail::portable {

using bytes = std::vector<std::uint8_t>;

struct keyed_state {
  alignas(64) unsigned char bytes[key_state_bytes];
};

}  // namespace vg::detail::portable

#endif  // VG_TESTS_BACKENDS_PORTABLE_PORTABLE_BACKEND_HPP
