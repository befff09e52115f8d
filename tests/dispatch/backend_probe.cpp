// A tiny program the CPU-feature tests run as a child with a chosen VG_CPU_FEATURES: the library
// reads that variable once per process, so a new process is the only way to see its effect.
// Prints "<default backend> <backend of a fresh C-API key>" on one line.
#include <cstdio>

#include "vg/cpu.hpp"
#include "vg/vg.h"

int main() {
  const unsigned char key[16] = {0};
  vg_aead* aead = nullptr;
  if (vg_aead_new(&aead, VG_AES_128_GCM, key, sizeof key) != VG_OK) return 2;
  const auto name = vg::default_backend();
  std::printf("%.*s %s\n", static_cast<int>(name.size()), name.data(), vg_aead_backend(aead));
  vg_aead_free(aead);
  return 0;
}
