// Replacement of the aligned global allocation functions ([new.delete.single] allows a program to
// replace them). Allocation is aligned_alloc and release is free, exactly as libstdc++ does it, so
// memory from either side is released correctly; only the armed, thread-local flag changes
// behaviour. The unaligned forms are left alone.
#include "capi/failing_allocator.hpp"

#include <cstdlib>
#include <new>

namespace vg::test {
namespace {
thread_local bool armed = false;
thread_local bool consumed = false;

bool take_failure() {
  if (!armed) return false;
  armed = false;
  consumed = true;
  return true;
}

void* aligned_allocate(std::size_t size, std::align_val_t alignment) noexcept {
  const auto align = static_cast<std::size_t>(alignment);
  const std::size_t rounded = (size + align - 1) / align * align;
  return std::aligned_alloc(align, rounded == 0 ? align : rounded);
}
}  // namespace

void fail_next_aligned_allocation() {
  armed = true;
  consumed = false;
}

bool injected_failure_consumed() {
  const bool was = consumed;
  consumed = false;
  armed = false;
  return was;
}

}  // namespace vg::test

void* operator new(std::size_t size, std::align_val_t alignment) {
  if (vg::test::take_failure()) throw std::bad_alloc();
  void* p = vg::test::aligned_allocate(size, alignment);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  if (vg::test::take_failure()) return nullptr;
  return vg::test::aligned_allocate(size, alignment);
}

void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(p);
}
