// cpu.hpp: the backend table and feature names, and VG_CPU_FEATURES observed from a child process
// (backend_probe, started with posix_spawn and a controlled environment).
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "dispatch/gcm_variants.hpp"
#include "dispatch/registry.hpp"
#include "vg/aead.hpp"
#include "vg/cpu.hpp"

extern char** environ;

namespace vg::test {
namespace {

constexpr const char* kSpawnFailed = "spawn failed";

// Runs the probe with VG_CPU_FEATURES set to `features` and VG_GCM_VARIANT to `gcm_variant` (each
// removed when null), with the argument "variants" when `variants`, and returns its output line,
// e.g. "portable portable".
std::string run_probe(const char* features, const char* gcm_variant = nullptr,
                      bool variants = false) {
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e)
    if (std::strncmp(*e, "VG_CPU_FEATURES=", 16) != 0 &&
        std::strncmp(*e, "VG_GCM_VARIANT=", 15) != 0)
      env_strings.emplace_back(*e);
  if (features != nullptr) env_strings.push_back(std::string("VG_CPU_FEATURES=") + features);
  if (gcm_variant != nullptr) env_strings.push_back(std::string("VG_GCM_VARIANT=") + gcm_variant);
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);

  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return "pipe failed";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  std::string path = VG_BACKEND_PROBE;
  std::string mode = "variants";
  char* argv[] = {path.data(), variants ? mode.data() : nullptr, nullptr};
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  std::string output;
  if (rc == 0) {
    std::array<char, 256> chunk;
    ssize_t got;
    while ((got = read(pipe_fds[0], chunk.data(), chunk.size())) > 0)
      output.append(chunk.data(), static_cast<std::size_t>(got));
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    // glibc's posix_spawn reports a failed exec as exit status 127 from the child (qemu-user
    // without binfmt cannot exec a foreign binary): that is "cannot spawn", not a probe failure.
    if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 127 && output.empty()) {
      output = kSpawnFailed;
    } else if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
      output = "probe failed: " + output;
    }
  } else {
    output = kSpawnFailed;
  }
  close(pipe_fds[0]);
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

// Emulated cross builds (qemu-user without binfmt) cannot start a foreign child; skip there.
#define VG_RUN_PROBE(result, ...)                    \
  const std::string result = run_probe(__VA_ARGS__); \
  if (result == kSpawnFailed) GTEST_SKIP() << "cannot start a child process here"

const vg::backend_info* find_backend(std::string_view name,
                                     const std::vector<vg::backend_info>& all) {
  for (const auto& b : all)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(CpuFeatures, EmptyListSelectsPortable) {
  VG_RUN_PROBE(line, "");
  EXPECT_EQ(line, "portable portable");
}

TEST(CpuFeatures, AesniAvxFeatureListSelectsAesniAvx) {
  const auto all = vg::backends();
  const auto* b = find_backend("aesni-avx", all);
  if (b == nullptr) GTEST_SKIP() << "aesni-avx is not built for this architecture";
  if ((b->needs & vg::detected_features()) != b->needs)
    GTEST_SKIP() << "this CPU lacks a feature aesni-avx needs";
  VG_RUN_PROBE(line, "aes,avx,pclmulqdq,ssse3");
  EXPECT_EQ(line, "aesni-avx aesni-avx");
}

TEST(CpuFeatures, UnsetMeansBestDetected) {
  // Without the variable, the child picks the first backend whose needs the CPU has.
  std::string best;
  for (const auto& b : vg::backends())
    if (best.empty() && (b.needs & vg::detected_features()) == b.needs) best = b.name;
  VG_RUN_PROBE(line, nullptr);
  EXPECT_EQ(line, best + " " + best);
}

TEST(CpuFeatures, UnknownNamesAreIgnored) {
  VG_RUN_PROBE(line, "no-such-feature");
  EXPECT_EQ(line, "portable portable");
}

TEST(CpuFeatures, BackendTable) {
  const auto all = vg::backends();
  ASSERT_FALSE(all.empty());
  std::set<std::string_view> names;
  for (const auto& b : all) {
    EXPECT_TRUE(names.insert(b.name).second) << "duplicate backend " << b.name;
    EXPECT_EQ(b.runnable, (b.needs & vg::allowed_features()) == b.needs) << b.name;
  }
  const auto* portable = find_backend("portable", all);
  ASSERT_NE(portable, nullptr);
  EXPECT_EQ(portable->needs, 0u);
  EXPECT_TRUE(portable->runnable);
  // The default is the first runnable backend, and new keys get it.
  for (const auto& b : all) {
    if (!b.runnable) continue;
    EXPECT_EQ(vg::default_backend(), b.name);
    break;
  }
  vg::aead_key key;
  const std::array<std::uint8_t, 16> k{};
  ASSERT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, k, key), vg::status::ok);
  EXPECT_EQ(key.backend_name(), vg::default_backend());
  EXPECT_EQ(vg::allowed_features() & ~vg::detected_features(), 0u);
}

TEST(CpuFeatures, NonRunnableBackendIsUnsupported) {
  for (const auto& b : vg::backends()) {
    if (b.runnable) continue;
    vg::aead_key key;
    const std::array<std::uint8_t, 16> k{};
    EXPECT_EQ(vg::aead_key::create(vg::algorithm::aes_128_gcm, k, key, b.name),
              vg::status::unsupported)
        << b.name;
    return;
  }
  GTEST_SKIP() << "every compiled backend is runnable here";
}

// The probe's "variants" line for a child in which every backend built in several GCM kernel
// variants runs `variant`.
std::string forced_variants_line(std::string_view variant) {
  std::string line;
  for (const vg::detail::backend* b : vg::detail::all_backends()) {
    if (!b->gcm_variant.empty()) line += std::string(b->name) + "=" + std::string(variant) + " ";
  }
  const bool default_has_variants = !vg::detail::default_backend_impl().gcm_variant.empty();
  return line + "default=" + (default_has_variants ? std::string(variant) : "-");
}

TEST(CpuFeatures, GcmVariantForcedByEnvironment) {
  // Every backend built in several variants has both of these (the VAES ones); the child keeps
  // this process's VG_CPU_FEATURES, so that its default backend is this one's.
  const char* features = std::getenv("VG_CPU_FEATURES");
  bool any = false;
  for (const vg::detail::backend* b : vg::detail::all_backends()) any |= !b->gcm_variant.empty();
  if (!any) GTEST_SKIP() << "no backend of this build has GCM kernel variants";
  for (const char* v : {"schoolbook", "karatsuba"}) {
    VG_RUN_PROBE(line, features, v, true);
    EXPECT_EQ(line, forced_variants_line(v)) << "VG_GCM_VARIANT=" << v;
  }
  // Unset and unknown values: the choice for this CPU (the table's rows or the default).
  std::string chosen;
  for (const vg::detail::backend* b : vg::detail::all_backends()) {
    if (b->gcm_variant.empty()) continue;
    std::vector<const vg::detail::backend*> group;
    for (const vg::detail::backend* t : vg::detail::all_gcm_tables())
      if (t->name == b->name) group.push_back(t);
    const vg::detail::gcm_variant_choice c =
        vg::detail::choose_gcm_variant(group, vg::detail::cpu_identity(), nullptr);
    chosen += std::string(b->name) + "=" + std::string(c.table->gcm_variant) + " ";
  }
  VG_RUN_PROBE(unset, features, nullptr, true);
  EXPECT_EQ(unset.substr(0, chosen.size()), chosen);
  VG_RUN_PROBE(unknown, features, "no-such-variant", true);
  EXPECT_EQ(unknown, unset);
}

TEST(CpuFeatures, FeatureNames) {
  std::set<std::string_view> names;
  const auto count = static_cast<unsigned>(vg::cpu_feature::count_);
  for (unsigned i = 0; i < count; ++i) {
    const auto name = vg::feature_name(static_cast<vg::cpu_feature>(i));
    EXPECT_FALSE(name.empty()) << i;
    EXPECT_TRUE(names.insert(name).second) << "duplicate feature name " << name;
  }
  EXPECT_EQ(vg::feature_name(vg::cpu_feature::sse4_1), "sse4.1");
  EXPECT_EQ(vg::feature_list(vg::bit(vg::cpu_feature::aes) | vg::bit(vg::cpu_feature::avx)),
            "avx aes");
  EXPECT_EQ(vg::feature_list(0), "");
}

}  // namespace
}  // namespace vg::test
