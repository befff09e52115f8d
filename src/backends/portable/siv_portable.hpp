// The portable backend's AES-GCM-SIV kernels (siv_portable.cpp), referenced by the backend object
// in gcm_portable.cpp.
#ifndef VG_SRC_BACKENDS_PORTABLE_SIV_PORTABLE_HPP
#define VG_SRC_BACKENDS_PORTABLE_SIV_PORTABLE_HPP

#include "backends/backend.hpp"

namespace vg::detail::portable {
extern const siv_ops siv_portable_ops;
}  // namespace vg::detail::portable

#endif  // VG_SRC_BACKENDS_PORTABLE_SIV_PORTABLE_HPP
