/// \file
/// vgcrypt: CPU features and backends.
///
/// vgcrypt detects the CPU's features once (thread-safely) and picks, for each new key, the best
/// backend whose required features are all allowed. The environment variable VG_CPU_FEATURES
/// narrows what is allowed: unset = everything detected; a comma list = detected ∩ listed; empty =
/// nothing (the portable backend). Unknown names produce one warning line on stderr and are
/// ignored.
#ifndef VG_CPU_HPP
#define VG_CPU_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vg/vg.h"

namespace vg {

/// CPU features vgcrypt can use, named as users type them in VG_CPU_FEATURES.
enum class cpu_feature : unsigned {
  sse2,
  ssse3,
  sse4_1,
  avx,
  avx2,
  bmi1,
  bmi2,
  adx,
  aes,
  pclmulqdq,
  avx512f,
  avx512bw,
  avx512vl,
  vaes,
  vpclmulqdq,
  pmull,
  sha3,
  count_  // not a feature: the number of them
};

/// A set of features: bit i stands for cpu_feature(i).
using cpu_feature_set = std::uint32_t;

/// The set holding only `f`.
constexpr cpu_feature_set bit(cpu_feature f) noexcept {
  return cpu_feature_set{1} << static_cast<unsigned>(f);
}

/// The user-facing name of a feature ("sse4.1", "pclmulqdq", ...).
VG_API std::string_view feature_name(cpu_feature f) noexcept;

/// Space-separated names of the features in `set`, in enum order.
VG_API std::string feature_list(cpu_feature_set set);

/// What the CPU and OS support (CPUID/XGETBV on x86-64, HWCAP on arm64). Computed once.
VG_API cpu_feature_set detected_features() noexcept;

/// detected_features() narrowed by VG_CPU_FEATURES. Computed once.
VG_API cpu_feature_set allowed_features() noexcept;

/// One implementation of the algorithms.
struct backend_info {
  std::string_view name;  ///< "portable", "aesni-avx", "vaes-avx2", "vaes-avx512", "armv8"
  cpu_feature_set needs;  ///< features it requires
  bool runnable;          ///< needs ⊆ allowed_features()
};

/// Every backend compiled into this build, best first.
VG_API std::vector<backend_info> backends();

/// The backend new keys get when none is named: the first runnable one in backends().
VG_API std::string_view default_backend() noexcept;

}  // namespace vg

#endif  // VG_CPU_HPP
