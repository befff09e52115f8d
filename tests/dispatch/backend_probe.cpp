// A tiny program the dispatch tests run as a child with a chosen VG_CPU_FEATURES or
// VG_GCM_VARIANT: the library reads those variables once per process, so a new process is the
// only way to see their effect.
// Without arguments prints "<default backend> <backend of a fresh C-API key>" on one line; with
// the argument "variants", "<backend>=<variant> ..." for every backend built in several GCM kernel
// variants, then "default=<variant of the default backend's table>" ("-" when it has one).
#include <cstdio>
#include <cstring>

#include "dispatch/registry.hpp"
#include "vg/cpu.hpp"
#include "vg/vg.h"

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "variants") == 0) {
    for (const vg::detail::backend* b : vg::detail::all_backends()) {
      if (b->gcm_variant.empty()) continue;
      std::printf("%.*s=%.*s ", static_cast<int>(b->name.size()), b->name.data(),
                  static_cast<int>(b->gcm_variant.size()), b->gcm_variant.data());
    }
    const std::string_view v = vg::detail::default_backend_impl().gcm_variant;
    std::printf("default=%.*s\n", v.empty() ? 1 : static_cast<int>(v.size()),
                v.empty() ? "-" : v.data());
    return 0;
  }
  const unsigned char key[16] = {0};
  vg_aead* aead = nullptr;
  if (vg_aead_new(&aead, VG_AES_128_GCM, key, sizeof key) != VG_OK) return 2;
  const auto name = vg::default_backend();
  std::printf("%.*s %s\n", static_cast<int>(name.size()), name.data(), vg_aead_backend(aead));
  vg_aead_free(aead);
  return 0;
}
