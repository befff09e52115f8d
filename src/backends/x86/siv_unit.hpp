// What every x86 GCM-SIV unit (siv_<backend>.cpp) shares: its includes and the export of its
// kernel table. A unit is its vector policy and kernel instantiation, nothing else:
//
//   #include "backends/x86/siv_unit.hpp"
//   namespace {
//   #include "backends/x86/vec256.inc"       // the policy (and partial128.inc if it uses it)
//   #include "backends/x86/siv_kernel.inc"
//   }  // namespace
//   VG_X86_SIV_UNIT(vaes_avx2, siv_kernel<vec256, 4>)
//
// ISA isolation: the kernel and its policy are included inside the unit's anonymous namespace, and
// so is the alias the macro declares; the only name the unit exports is siv_ops_<backend>, the
// data its backend object points to.
#ifndef VG_SRC_BACKENDS_X86_SIV_UNIT_HPP
#define VG_SRC_BACKENDS_X86_SIV_UNIT_HPP

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/backend.hpp"

// Exports vg::detail::siv_ops_<backend>: the table (siv_kernel::ops) of the instantiation given.
#define VG_X86_SIV_UNIT(backend, ...)                               \
  namespace {                                                       \
  using siv_unit_kernel = __VA_ARGS__;                              \
  }                                                                 \
  namespace vg::detail {                                            \
  extern const siv_ops siv_ops_##backend;                           \
  constinit const siv_ops siv_ops_##backend = siv_unit_kernel::ops; \
  }

#endif  // VG_SRC_BACKENDS_X86_SIV_UNIT_HPP
