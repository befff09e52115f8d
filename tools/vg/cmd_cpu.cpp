// `vg cpu`: which processor this is, what it has, what VG_CPU_FEATURES allows, every compiled-in
// backend with whether it can run here and what it needs, the GCM kernel variant each backend
// built several ways runs here (and why), which batch jobs its batch kernels take here, and the
// backend new keys get.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "backends/batch_ops.hpp"
#include "commands.hpp"
#include "cpu_identity.hpp"
#include "dispatch/gcm_variants.hpp"
#include "dispatch/registry.hpp"
#include "vg/cpu.hpp"

namespace vg::tool {

namespace {

constexpr const char* cpu_usage =
    "usage: vg cpu\n"
    "Prints the processor (name, vendor, family, model), the CPU features detected, those\n"
    "VG_CPU_FEATURES allows vgcrypt to use, every backend built in (whether it can run here and\n"
    "what it needs), the GCM kernel variant of each backend built in several (and why), the\n"
    "jobs of seal_batch/open_batch its batch kernels take here and the backend new keys get.\n"
    "  -h, --help   this help\n"
    "environment: VG_CPU_FEATURES, a comma list of features (such as aes,pclmulqdq,avx,ssse3)\n"
    "  that vgcrypt may use; empty allows none (the portable backend); unset allows all;\n"
    "  VG_GCM_VARIANT=schoolbook|schoolbook-short-tails|schoolbook-wide-seal|karatsuba|\n"
    "  karatsuba-wide|karatsuba-wide-seal, the GCM kernel variant of every backend that has\n"
    "  it (unset: chosen per CPU); VG_BATCH_ROUTES=kernels, the batch kernels take every job\n"
    "  they can (unset: per CPU, some jobs run as single calls)\n";

}  // namespace

int run_cpu(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::fputs(cpu_usage, stdout);
    return 0;
  }
  if (!args.empty()) {
    std::fprintf(stderr, "vg cpu: %s '%s'\n(vg cpu --help)\n",
                 args[0].starts_with("-") ? "unknown option" : "unexpected argument",
                 args[0].c_str());
    return 2;
  }
  const cpu_feature_set detected = detected_features();
  const cpu_feature_set allowed = allowed_features();
  const char* env = std::getenv("VG_CPU_FEATURES");
  std::printf("cpu:      %s\n", cpu_identity().c_str());
  std::printf("detected: %s\n", feature_list(detected).c_str());
  std::printf("allowed:  %s  (VG_CPU_FEATURES%s%s%s)\n", feature_list(allowed).c_str(),
              env ? "=\"" : " unset", env ? env : "", env ? "\"" : "");
  std::printf("backends (best first):\n");
  for (const backend_info& b : backends()) {
    const cpu_feature_set missing = b.needs & ~allowed;
    std::printf("  %-12.*s runnable: %-3s needs: %s", static_cast<int>(b.name.size()),
                b.name.data(), b.runnable ? "yes" : "no",
                b.needs ? feature_list(b.needs).c_str() : "(nothing)");
    if (!b.runnable) std::printf("  [missing: %s]", feature_list(missing).c_str());
    std::printf("\n");
  }
  const char* forced = std::getenv("VG_GCM_VARIANT");
  std::printf("gcm variants (VG_GCM_VARIANT%s%s%s):\n", forced ? "=\"" : " unset",
              forced ? forced : "", forced ? "\"" : "");
  for (const backend_info& b : backends()) {
    std::string built;
    for (const detail::backend* t : detail::all_gcm_tables()) {
      if (t->name != b.name || t->gcm_variant.empty()) continue;
      if (!built.empty()) built += ", ";
      built += t->gcm_variant;
    }
    if (built.empty()) continue;  // built one way only
    const detail::gcm_variant_choice c = detail::gcm_variant_of(b.name);
    std::printf("  %-12.*s %-11.*s (of %s)  %.*s\n", static_cast<int>(b.name.size()), b.name.data(),
                static_cast<int>(c.table->gcm_variant.size()), c.table->gcm_variant.data(),
                built.c_str(), static_cast<int>(c.why.size()), c.why.data());
  }
  const char* routes = std::getenv("VG_BATCH_ROUTES");
  std::printf("batch kernels (VG_BATCH_ROUTES%s%s%s):\n", routes ? "=\"" : " unset",
              routes ? routes : "", routes ? "\"" : "");
  for (const backend_info& b : backends()) {
    const detail::backend* t = detail::gcm_variant_of(b.name).table;
    const detail::gcm_batch_ops* ops = t != nullptr ? detail::gcm_batch_for(*t) : nullptr;
    if (ops == nullptr) continue;
    std::printf("  %-12.*s jobs of up to %zu B (open: %zu B), AAD up to %zu B, %zu at a time\n",
                static_cast<int>(b.name.size()), b.name.data(), ops->max_len, ops->open_max_len,
                ops->max_aad, ops->group);
  }
  const std::string_view chosen = default_backend();
  std::printf("default:  %.*s\n", static_cast<int>(chosen.size()), chosen.data());
  return 0;
}

}  // namespace vg::tool
