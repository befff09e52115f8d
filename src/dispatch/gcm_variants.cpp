// The per-CPU table of GCM kernel variants and the choice among a backend's tables
// (gcm_variants.hpp). Rows name CPUs that were measured; every other CPU gets each backend's
// default variant, the one listed first in the registry (schoolbook for the VAES backends).
#include "dispatch/gcm_variants.hpp"

#include <cstdio>
#include <cstdlib>

#include "dispatch/registry.hpp"

namespace vg::detail {
namespace {

// Intel family 6: VPCLMULQDQ issues on a port of its own, so the multiply Karatsuba saves frees
// no AES slot, and its extra XOR and shuffle land on the two 512-bit ports. On ymm, with a
// third vector port, 16-block Karatsuba batches still pay from 1 KiB (more AES chains in flight,
// one reduction a batch); shorter messages lose a little on its tail kernel.
// AMD Zen 4: VAES and VPCLMULQDQ share pipes (docs/design/gcm-bound.md), so a multiply saved is
// an AES slot gained. On ymm that wins, with 16 blocks a batch: VAESENC's 4-cycle latency on two
// pipes needs 8 chains in flight, which 4 ymm a batch do not give. On zmm the Karatsuba key
// state has room for one reduction per batch only, whose multiplies and the extra XORs and
// shuffles cost what it saves. With VAESENC zmm at one a cycle, the zmm tail kernel (all of its
// AES, then all of its GHASH) loses to the stitched full kernel from one batch (256 B) on:
// schoolbook with short tails. Zen 4 models: 0x10-0x1f (Genoa; 0x11 measured), 0x60-0x7f
// (Raphael, Phoenix), 0xa0-0xaf (Bergamo, Siena): one core design.
// AMD Zen 5 with the full 512-bit datapath: VPCLMULQDQ at a quarter of VAESENC's rate at every
// width. On ymm the multiply saved pays in every cell measured, and 16-block batches pay as on
// Zen 4, seal most. On zmm Karatsuba pays once it reduces every 3 batches as schoolbook does (its
// key then makes the middle factors as it loads the powers: one reduction a batch, what a table
// left room for, lost up to 27%); seal gains from 8 zmm a batch from 2 KiB (AES-256, 14 rounds
// on 4 zmm chains a batch, in either scheme; AES-128 with Karatsuba), open does not. Models
// 0x00-0x0f (Turin; 0x02 measured), 0x10-0x1f (Turin dense), 0x40-0x4f (Granite Ridge). The mobile
// parts (0x20-0x2f, 0x60-0x7f) split 512-bit operations in two and keep the default until measured.
constexpr gcm_variant_row kRows[] = {
    {cpu_vendor::intel, 6, 0x00, 0xff, "vaes-avx512", "schoolbook",
     "Intel: schoolbook 4% faster at 16 KiB (Sapphire Rapids class)"},
    {cpu_vendor::intel, 6, 0x00, 0xff, "vaes-avx2", "karatsuba-wide",
     "Intel: 16-block Karatsuba batches 0.91-0.99x schoolbook's time at 1-16 KiB, 1.02-1.05x "
     "at 16-64 B (Emerald Rapids class)"},
    {cpu_vendor::amd, 0x19, 0x10, 0x1f, "vaes-avx512", "schoolbook-short-tails",
     "AMD Zen 4: Karatsuba up to 6% slower at 1-16 KiB, short tails 3-17% faster at 256-512 B "
     "(family 25 model 17)"},
    {cpu_vendor::amd, 0x19, 0x60, 0x7f, "vaes-avx512", "schoolbook-short-tails",
     "AMD Zen 4: as family 25 model 17 (same core)"},
    {cpu_vendor::amd, 0x19, 0xa0, 0xaf, "vaes-avx512", "schoolbook-short-tails",
     "AMD Zen 4: as family 25 model 17 (same core)"},
    {cpu_vendor::amd, 0x19, 0x10, 0x1f, "vaes-avx2", "karatsuba-wide",
     "AMD Zen 4: Karatsuba 5-7% faster at 1-16 KiB, 16-block batches seal 8-11% and AES-256 "
     "open 4-8% faster at 2-16 KiB (family 25 model 17)"},
    {cpu_vendor::amd, 0x19, 0x60, 0x7f, "vaes-avx2", "karatsuba-wide",
     "AMD Zen 4: as family 25 model 17 (same core)"},
    {cpu_vendor::amd, 0x19, 0xa0, 0xaf, "vaes-avx2", "karatsuba-wide",
     "AMD Zen 4: as family 25 model 17 (same core)"},
    {cpu_vendor::amd, 0x1a, 0x00, 0x0f, "vaes-avx512", "karatsuba-wide-seal",
     "AMD Zen 5: Karatsuba with 3 batches a reduction 0.90-0.98x schoolbook-wide-seal's time at "
     "384 B-16 KiB (seal of 33-256 B on the schoolbook tail kernel), no median above 1.03x; "
     "seal from 2 KiB on 32-block batches (family 26 model 2)"},
    {cpu_vendor::amd, 0x1a, 0x10, 0x1f, "vaes-avx512", "karatsuba-wide-seal",
     "AMD Zen 5: as family 26 model 2 (same core)"},
    {cpu_vendor::amd, 0x1a, 0x40, 0x4f, "vaes-avx512", "karatsuba-wide-seal",
     "AMD Zen 5: as family 26 model 2 (same core)"},
    {cpu_vendor::amd, 0x1a, 0x00, 0x0f, "vaes-avx2", "karatsuba-wide",
     "AMD Zen 5: Karatsuba 4-19% faster at 256 B-16 KiB, 16-block batches seal 10-30% and "
     "AES-256 open 3-4% faster at 2-16 KiB (family 26 model 2)"},
    {cpu_vendor::amd, 0x1a, 0x10, 0x1f, "vaes-avx2", "karatsuba-wide",
     "AMD Zen 5: as family 26 model 2 (same core)"},
    {cpu_vendor::amd, 0x1a, 0x40, 0x4f, "vaes-avx2", "karatsuba-wide",
     "AMD Zen 5: as family 26 model 2 (same core)"},
};

// VG_GCM_VARIANT, read once; a value that names no variant of this build is reported once and
// ignored.
const char* forced_variant() noexcept {
  static const char* const forced = [] {
    const char* env = std::getenv("VG_GCM_VARIANT");
    if (env == nullptr || *env == '\0') return static_cast<const char*>(nullptr);
    for (const backend* b : all_gcm_tables())
      if (!b->gcm_variant.empty() && b->gcm_variant == env) return env;
    std::fprintf(stderr,
                 "vgcrypt: warning: VG_GCM_VARIANT names no variant of this build '%s' "
                 "(ignored)\n",
                 env);
    return static_cast<const char*>(nullptr);
  }();
  return forced;
}

}  // namespace

std::span<const gcm_variant_row> gcm_variant_rows() noexcept {
  return kRows;
}

const gcm_variant_row* gcm_variant_row_for(const cpu_ids& id, std::string_view backend) noexcept {
  for (const gcm_variant_row& r : kRows) {
    if (r.vendor == id.vendor && r.family == id.family && r.model_first <= id.model &&
        id.model <= r.model_last && r.backend == backend)
      return &r;
  }
  return nullptr;
}

gcm_variant_choice choose_gcm_variant(std::span<const backend* const> variants, const cpu_ids& id,
                                      const char* forced) noexcept {
  if (variants.size() == 1) return {variants[0], "the only variant"};
  if (forced != nullptr) {
    for (const backend* b : variants)
      if (b->gcm_variant == forced) return {b, "VG_GCM_VARIANT"};
  }
  if (const gcm_variant_row* r = gcm_variant_row_for(id, variants[0]->name)) {
    for (const backend* b : variants)
      if (b->gcm_variant == r->variant) return {b, r->why};
  }
  return {variants[0], "default (no row for this CPU)"};
}

gcm_variant_choice gcm_variant_of(std::string_view name) noexcept {
  const std::span<const backend* const> all = all_gcm_tables();
  std::size_t first = 0;
  while (first < all.size() && all[first]->name != name) ++first;
  if (first == all.size()) return {nullptr, {}};
  std::size_t end = first;
  while (end < all.size() && all[end]->name == name) ++end;
  return choose_gcm_variant(all.subspan(first, end - first), cpu_identity(), forced_variant());
}

}  // namespace vg::detail
