// CPU feature detection (internal side of include/vg/cpu.hpp).
#ifndef VG_SRC_DISPATCH_CPU_FEATURES_HPP
#define VG_SRC_DISPATCH_CPU_FEATURES_HPP

#include <optional>
#include <string_view>

#include "vg/cpu.hpp"

namespace vg::detail {

// The feature named `name` as users type it ("sse4.1", "pclmulqdq", ...), if there is one.
std::optional<cpu_feature> feature_from_name(std::string_view name) noexcept;

// Parses a VG_CPU_FEATURES value; calls warn(name) once for each unknown name.
template <typename Warn>
cpu_feature_set parse_feature_list(std::string_view list, Warn&& warn) {
  cpu_feature_set set = 0;
  while (!list.empty()) {
    const auto comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.empty()) continue;
    if (const auto f = feature_from_name(item)) {
      set |= bit(*f);
    } else {
      warn(item);
    }
  }
  return set;
}

// The processor's vendor, family and model as CPUID reports them (the family with its extended
// part added, the model with its extended part for families 6 and 15 and up); all zero where
// there is no CPUID. Read once. `avx512_fp16` (CPUID.(7,0):EDX[23]) is kept beside them because
// it tells server cores from Sapphire Rapids on apart from the client and Ice Lake cores whose
// model numbers a hypervisor may report for them (prefers_256bit_vectors).
enum class cpu_vendor { other, intel, amd };
struct cpu_ids {
  cpu_vendor vendor = cpu_vendor::other;
  unsigned family = 0, model = 0;
  bool avx512_fp16 = false;
};
cpu_ids cpu_identity() noexcept;

// True on CPUs whose clock drops when 512-bit vectors are busy (Intel Ice Lake, Tiger Lake,
// Rocket Lake): there the 256-bit VAES backend is the better default. See docs/DISPATCH.md.
bool prefers_256bit_vectors() noexcept;
// The rule itself, for any identity (testable without the CPU at hand).
bool prefers_256bit_vectors(const cpu_ids& ids) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_DISPATCH_CPU_FEATURES_HPP
