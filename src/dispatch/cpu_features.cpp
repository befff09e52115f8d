// CPU feature detection: CPUID + XGETBV on x86-64, getauxval(AT_HWCAP) on Linux/arm64.
//
// A feature counts only when the OS saves its register state (XCR0): AVX-class features need the
// XMM and YMM state, AVX-512 features additionally opmask and ZMM state. Detection runs once (a
// function-local static, which C++ initialises thread-safely). Under valgrind, CPUID reports only
// what valgrind can execute, so dispatch falls back to a backend it can run without special care.
#include "dispatch/cpu_features.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace vg {
namespace {

constexpr std::array<std::string_view, static_cast<unsigned>(cpu_feature::count_)> kNames = {
    "sse2",      "ssse3",   "sse4.1",   "avx",      "avx2", "bmi1",       "bmi2",  "adx", "aes",
    "pclmulqdq", "avx512f", "avx512bw", "avx512vl", "vaes", "vpclmulqdq", "pmull", "sha3"};

#if defined(__x86_64__)
detail::cpu_ids read_x86_ids() noexcept {
  unsigned a, b, c, d;
  detail::cpu_ids ids;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return ids;
  if (b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e) {  // "GenuineIntel"
    ids.vendor = detail::cpu_vendor::intel;
  } else if (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163) {  // "AuthenticAMD"
    ids.vendor = detail::cpu_vendor::amd;
  }
  __get_cpuid(1, &a, &b, &c, &d);
  ids.family = (a >> 8) & 0xf;
  ids.model = (a >> 4) & 0xf;
  if (ids.family == 6 || ids.family == 15) ids.model |= ((a >> 16) & 0xf) << 4;
  if (ids.family == 15) ids.family += (a >> 20) & 0xff;
  if (__get_cpuid_max(0, nullptr) >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    ids.avx512_fp16 = (d >> 23) & 1;
  }
  return ids;
}

cpu_feature_set detect() noexcept {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  const unsigned ecx1 = c, edx1 = d;
  unsigned ebx7 = 0, ecx7 = 0;
  if (__get_cpuid_max(0, nullptr) >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    ebx7 = b;
    ecx7 = c;
  }
  std::uint64_t xcr0 = 0;
  if (ecx1 & (1u << 27)) {  // OSXSAVE: XGETBV is available
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    xcr0 = (std::uint64_t{hi} << 32) | lo;
  }
  const bool ymm_state = (xcr0 & 0x6) == 0x6;    // XMM + YMM
  const bool zmm_state = (xcr0 & 0xe6) == 0xe6;  // + opmask, ZMM_Hi256, Hi16_ZMM

  cpu_feature_set s = 0;
  auto add = [&](bool present, cpu_feature f) {
    if (present) s |= bit(f);
  };
  add(edx1 & (1u << 26), cpu_feature::sse2);
  add(ecx1 & (1u << 9), cpu_feature::ssse3);
  add(ecx1 & (1u << 19), cpu_feature::sse4_1);
  add(ecx1 & (1u << 25), cpu_feature::aes);
  add(ecx1 & (1u << 1), cpu_feature::pclmulqdq);
  add(ebx7 & (1u << 3), cpu_feature::bmi1);
  add(ebx7 & (1u << 8), cpu_feature::bmi2);
  add(ebx7 & (1u << 19), cpu_feature::adx);
  add((ecx1 & (1u << 28)) && ymm_state, cpu_feature::avx);
  add((ebx7 & (1u << 5)) && ymm_state, cpu_feature::avx2);
  add((ecx7 & (1u << 9)) && ymm_state, cpu_feature::vaes);
  add((ecx7 & (1u << 10)) && ymm_state, cpu_feature::vpclmulqdq);
  add((ebx7 & (1u << 16)) && zmm_state, cpu_feature::avx512f);
  add((ebx7 & (1u << 30)) && zmm_state, cpu_feature::avx512bw);
  add((ebx7 & (1u << 31)) && zmm_state, cpu_feature::avx512vl);
  return s;
}
#elif defined(__aarch64__) && defined(__linux__)
cpu_feature_set detect() noexcept {
  const unsigned long hw = getauxval(AT_HWCAP);
  cpu_feature_set s = 0;
  if (hw & (1ul << 3)) s |= bit(cpu_feature::aes);    // HWCAP_AES
  if (hw & (1ul << 4)) s |= bit(cpu_feature::pmull);  // HWCAP_PMULL
  if (hw & (1ul << 17)) s |= bit(cpu_feature::sha3);  // HWCAP_SHA3
  return s;
}
#else
cpu_feature_set detect() noexcept {
  return 0;
}
#endif

cpu_feature_set compute_allowed() noexcept {
  const cpu_feature_set detected = detected_features();
  const char* env = std::getenv("VG_CPU_FEATURES");
  if (env == nullptr) return detected;
  const cpu_feature_set listed = detail::parse_feature_list(env, [](std::string_view unknown) {
    std::fprintf(stderr,
                 "vgcrypt: warning: VG_CPU_FEATURES names unknown feature '%.*s' (ignored)\n",
                 static_cast<int>(unknown.size()), unknown.data());
  });
  return detected & listed;
}

}  // namespace

std::string_view feature_name(cpu_feature f) noexcept {
  const auto i = static_cast<unsigned>(f);
  return i < kNames.size() ? kNames[i] : std::string_view{};
}

std::string feature_list(cpu_feature_set set) {
  std::string out;
  for (unsigned i = 0; i < kNames.size(); ++i) {
    if (!(set & (cpu_feature_set{1} << i))) continue;
    if (!out.empty()) out += ' ';
    out += kNames[i];
  }
  return out;
}

cpu_feature_set detected_features() noexcept {
  static const cpu_feature_set detected = detect();
  return detected;
}

cpu_feature_set allowed_features() noexcept {
  static const cpu_feature_set allowed = compute_allowed();
  return allowed;
}

namespace detail {

std::optional<cpu_feature> feature_from_name(std::string_view name) noexcept {
  for (unsigned i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<cpu_feature>(i);
  }
  return std::nullopt;
}

cpu_ids cpu_identity() noexcept {
#if defined(__x86_64__)
  static const cpu_ids ids = read_x86_ids();
  return ids;
#else
  return {};
#endif
}

bool prefers_256bit_vectors(const cpu_ids& ids) noexcept {
  if (ids.vendor != cpu_vendor::intel || ids.family != 6) return false;
  // None of the cores below has AVX512-FP16; every Intel server core from Sapphire Rapids on has
  // it. A virtual machine may report one of these model numbers for such a core (KVM has shown an
  // Emerald Rapids class Xeon as model 0xA7): the instruction set wins, since taking the 256-bit
  // backend there costs a third of the speed (docs/DISPATCH.md).
  if (ids.avx512_fp16) return false;
  switch (ids.model) {
    // clang-format off
    case 0x6a: case 0x6c:  // Ice Lake server
    case 0x7d: case 0x7e:  // Ice Lake client
    case 0x8c: case 0x8d:  // Tiger Lake
    case 0xa7:             // Rocket Lake
      // clang-format on
      return true;
    default:
      return false;
  }
}

bool prefers_256bit_vectors() noexcept {
#if defined(__x86_64__)
  static const bool prefers = prefers_256bit_vectors(cpu_identity());
  return prefers;
#else
  return false;
#endif
}

}  // namespace detail
}  // namespace vg
