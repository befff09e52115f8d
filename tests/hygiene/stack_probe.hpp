// Looking at dead stack memory: paint the region below the current frame, let a call run, then
// copy the region back and look for what the call left there. Meaningless under ASan/TSan/MSan
// (fake stacks, shadow frames) and valgrind (the region is undefined to it): callers skip there.
#ifndef VG_TESTS_HYGIENE_STACK_PROBE_HPP
#define VG_TESTS_HYGIENE_STACK_PROBE_HPP

#include <cstddef>
#include <cstdint>

namespace vg::test {

/// Bytes copied by snapshot_stack: far deeper than any kernel's frames.
inline constexpr std::size_t kRegion = 64 * 1024;
/// What paint_stack writes; a byte that differs was written by a later call.
inline constexpr unsigned char kPaint = 0xA5;

/// False in sanitizer builds and under valgrind.
bool stack_scan_meaningful();

/// Fills somewhat more than kRegion bytes below the caller's frame with kPaint.
void paint_stack();

/// Copies the kRegion bytes just below its own frame into dst (dst[kRegion - 1] is the highest),
/// with volatile loads and no calls, so nothing writes the region while it is read. Returns the
/// address just above the region (dst[i] came from that address - kRegion + i).
std::uintptr_t snapshot_stack(unsigned char* dst);

/// Depth of the deepest byte of a snapshot that differs from kPaint (0: none).
std::size_t deepest_write(const unsigned char* snapshot);

}  // namespace vg::test

#endif  // VG_TESTS_HYGIENE_STACK_PROBE_HPP
