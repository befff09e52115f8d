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

// Up to `capacity` jobs of a batch, one array per argument (addresses as integers), so that the
// checks of all jobs run as vector compares and the kernels read a job's fields by its index.
// Filled by the batch entry points; the lengths are those of the caller's spans. The nonce, tag
// and output lengths are compared while the columns are filled, one bit per job, rather than
// stored: fewer stores for the vector test's loads to wait for (docs/design/batch.md).
struct alignas(64) gcm_batch_columns {
  static constexpr std::size_t capacity = 32;
  std::uintptr_t nonce[capacity], aad[capacity], in[capacity], out[capacity], tag[capacity];
  std::size_t aad_len[capacity], len[capacity];
  // Bit k: job k's nonce has the rules' length (gcm_batch_rules), its tag 16 bytes and its
  // output the length of its input.
  std::uint32_t common_lengths;
};

// What the common job is (batch_calls::common_job has the rules): the nonce length (12, or 24
// for XAES-256-GCM), the mode's limits, and whether the tag is written (seal) or read (open).
struct gcm_batch_rules {
  std::size_t nonce_len;
  std::uint64_t max_in, max_aad;
  bool tag_is_output;
};

struct gcm_batch_ops {
  // Short jobs: len <= short_len; medium jobs: short_len < len <= max_len; both aad_len <= max_aad.
  // The kernels run jobs `group` (a power of two) at a time; the batch entry points hand them
  // whole groups only.
  std::size_t short_len, max_len, max_aad, group;
  // Medium open jobs only up to open_max_len (<= max_len), longer ones as single calls: where the
  // medium kernel loses to single calls for open on the CPU at hand (dispatch/batch_registry.cpp
  // tunes it; the backend's table sets max_len).
  std::size_t open_max_len;
  // Bit i set when job i of c[0..count) is a common job under `r` (the same test as
  // batch_calls::common_job, vectorised), count <= capacity.
  std::uint32_t (*common_jobs)(const gcm_batch_columns& c, std::size_t count,
                               const gcm_batch_rules& r);
  // The jobs c[at[0]], ..., c[at[count-1]]: checked, with a 96-bit nonce (so J0 = nonce || 0^31 1
  // and its counters are public) and a 16-byte tag, all short (seal_short, open_short) or all
  // medium (seal, open_verify), aad_len <= max_aad; out == in or no overlap, and no job overlaps
  // another's outputs.
  // Seals them: ciphertext to out, the tag to tag.
  void (*seal_short)(const void* state, const gcm_batch_columns& c, const std::uint8_t* at,
                     std::size_t count);
  void (*seal)(const void* state, const gcm_batch_columns& c, const std::uint8_t* at,
               std::size_t count);
  // Opens them with the verdict taken in the kernel, as gcm_ops::open_verify does for one
  // message: ok[k] = 0xff if job at[k]'s tag verified, else 0x00, and its out is ANDed with it
  // (stored already masked). No branch depends on a verdict.
  void (*open_short)(const void* state, const gcm_batch_columns& c, const std::uint8_t* at,
                     std::size_t count, std::uint8_t* ok);
  void (*open_verify)(const void* state, const gcm_batch_columns& c, const std::uint8_t* at,
                      std::size_t count, std::uint8_t* ok);
};

// The batch kernels of backend `b`, or null.
const gcm_batch_ops* gcm_batch_for(const backend& b) noexcept;

}  // namespace vg::detail

#endif  // VG_SRC_BACKENDS_BATCH_OPS_HPP
