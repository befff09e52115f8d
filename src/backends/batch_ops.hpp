// The contract between the batch entry points (api/batch_calls.hpp) and a backend's batch kernels:
// several short GCM messages under one key in one call, their AES and GHASH interleaved.
//
// Plain data and declarations only, like backend.hpp: backends compiled with ISA flags include it.
// A backend offers its table through gcm_batch_for() (dispatch/batch_registry.cpp); backends
// without one run a batch as single calls.
#ifndef VG_SRC_BACKENDS_BATCH_OPS_HPP
#define VG_SRC_BACKENDS_BATCH_OPS_HPP

#include <cstddef>
#include <cstdint>

#include "backends/backend.hpp"

namespace vg::detail {

// One checked GCM job with a 96-bit nonce (so J0 = nonce || 0^31 1 and its counters are public).
// The mode layer has applied every rule of a single call; len <= max_len and aad_len <= max_aad of
// the table. out == in or no overlap; jobs do not overlap each other's outputs.
struct gcm_batch_job {
  const std::uint8_t* nonce;  // 12 bytes
  const std::uint8_t* aad;
  std::size_t aad_len;
  const std::uint8_t* in;
  std::uint8_t* out;
  std::size_t len;
  std::uint8_t* tag_out;       // seal: tag_len bytes written
  const std::uint8_t* tag_in;  // open: the received tag
  std::size_t tag_len;         // 4..16
};

struct gcm_batch_ops {
  std::size_t max_len, max_aad;  // the longest message and AAD a job may have
  // Seals jobs[0..count): ciphertext to out, the first tag_len bytes of the tag to tag_out.
  void (*seal)(const void* state, const gcm_batch_job* jobs, std::size_t count);
  // Opens jobs[0..count) with the verdict taken in the kernel, as gcm_ops::open_verify does for one
  // message: ok[i] = 0xff if job i's tag verified, else 0x00, and out is ANDed with it (stored
  // already masked). No branch depends on a verdict.
  void (*open_verify)(const void* state, const gcm_batch_job* jobs, std::size_t count,
                      std::uint8_t* ok);
};

// The batch kernels of backend `b`, or null.
const gcm_batch_ops* gcm_batch_for(const backend& b) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_BACKENDS_BATCH_OPS_HPP
