// Fault injection for VG_ERR_NOMEM: failing_allocator.cpp replaces the global aligned operator new
// (the form vg_aead_new's `new (std::nothrow) vg_aead` uses, since the key is alignas(64)) and can
// be told to fail the next aligned allocation.
#ifndef VG_TESTS_CAPI_FAILING_ALLOCATOR_HPP
#define VG_TESTS_CAPI_FAILING_ALLOCATOR_HPP

namespace vg::test {

/// Makes the next aligned operator new on this thread fail (nothrow form: return null; throwing
/// form: throw std::bad_alloc).
void fail_next_aligned_allocation();

/// True when an injected failure was armed and has been consumed since the last call.
bool injected_failure_consumed();

}  // namespace vg::test

#endif  // VG_TESTS_CAPI_FAILING_ALLOCATOR_HPP
