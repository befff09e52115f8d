// Deliberately leaky code for the constant-time self-test (see leaky.hpp). Both functions are kept
// out of line so memcheck's report names them, and the branch calls opaque functions on each side
// so the compiler cannot turn it into a conditional move or arithmetic.
#include "ct/leaky.hpp"

namespace {

volatile int sink;

__attribute__((noinline)) void taken() {
  sink = 1;
}
__attribute__((noinline)) void not_taken() {
  sink = 2;
}

// An S-box-sized table: the classic cache-timing leak of table-based AES.
constexpr std::uint8_t kTable[256] = {
#define VG_ROW(r) r, r + 1, r + 2, r + 3, r + 4, r + 5, r + 6, r + 7
    VG_ROW(0),   VG_ROW(8),   VG_ROW(16),  VG_ROW(24),  VG_ROW(32),  VG_ROW(40),  VG_ROW(48),
    VG_ROW(56),  VG_ROW(64),  VG_ROW(72),  VG_ROW(80),  VG_ROW(88),  VG_ROW(96),  VG_ROW(104),
    VG_ROW(112), VG_ROW(120), VG_ROW(128), VG_ROW(136), VG_ROW(144), VG_ROW(152), VG_ROW(160),
    VG_ROW(168), VG_ROW(176), VG_ROW(184), VG_ROW(192), VG_ROW(200), VG_ROW(208), VG_ROW(216),
    VG_ROW(224), VG_ROW(232), VG_ROW(240), VG_ROW(248)
#undef VG_ROW
};

}  // namespace

extern "C" __attribute__((noinline)) int vg_ct_selftest_branch_on_secret(
    const std::uint8_t* secret) {
  if (secret[0] & 1) {
    taken();
  } else {
    not_taken();
  }
  return sink;
}

extern "C" __attribute__((noinline)) int vg_ct_selftest_lookup_by_secret(
    const std::uint8_t* secret) {
  volatile const std::uint8_t* table = kTable;
  sink = table[secret[0]];
  return sink;
}
