// Stack painting and snapshots for the hygiene tests; see stack_probe.hpp. The functions are
// noinline and the accesses volatile or behind an empty asm, so the compiler can neither drop the
// paint nor reason about the memory read.
#include "hygiene/stack_probe.hpp"

#include <cstdint>
#include <cstring>

#include "common/memcheck.hpp"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define VG_HYGIENE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define VG_HYGIENE_SANITIZED 1
#endif
#endif
#ifndef VG_HYGIENE_SANITIZED
#define VG_HYGIENE_SANITIZED 0
#endif

namespace vg::test {

bool stack_scan_meaningful() {
  return !VG_HYGIENE_SANITIZED && !running_on_valgrind();
}

[[gnu::noinline]] void paint_stack() {
  unsigned char buf[kRegion + 4096];
  std::memset(buf, kPaint, sizeof buf);
  __asm__ __volatile__("" : : "r"(buf) : "memory");
}

[[gnu::noinline]] std::uintptr_t snapshot_stack(unsigned char* dst) {
  volatile unsigned char anchor[16] = {};
  std::uintptr_t top = reinterpret_cast<std::uintptr_t>(&anchor[0]);
  // An address, not a pointer to return: laundered so the compiler does not take it for one.
  __asm__ __volatile__("" : "+r"(top));
  const volatile unsigned char* src =
      reinterpret_cast<const volatile unsigned char*>(top - kRegion);
  for (std::size_t i = 0; i < kRegion; ++i) dst[i] = src[i];
  return top;
}

std::size_t deepest_write(const unsigned char* snapshot) {
  for (std::size_t i = 0; i < kRegion; ++i)
    if (snapshot[i] != kPaint) return kRegion - i;
  return 0;
}

}  // namespace vg::test
