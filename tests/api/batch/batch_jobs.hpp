// Random batches for the batch tests: jobs with their own buffers (output and tag guarded by
// canary bytes), the spec's ciphertext and tag computed once per batch, and views of a batch as the
// C++ API's seal_job/open_job arrays.
#ifndef VG_TESTS_API_BATCH_BATCH_JOBS_HPP
#define VG_TESTS_API_BATCH_BATCH_JOBS_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/prng.hpp"
#include "vg/aead.hpp"

namespace vg::test {

using bytes = std::vector<std::uint8_t>;

inline constexpr std::size_t kCanary = 16;  // guard bytes on each side of every output
inline constexpr std::uint8_t kCanaryByte = 0xa5;

struct batch_job {
  bytes nonce, aad, pt;
  std::size_t tag_len = 16;
  bool in_place = false;
  std::size_t misalign = 0;  // offset of in/out from the start of their guarded buffers
  bytes expected;            // the spec's ciphertext || tag
  bytes in;                  // guarded: kCanary + misalign + len + kCanary
  bytes out;                 // guarded like `in` (unused in place)
  bytes tag;                 // guarded: kCanary + tag_len + kCanary

  std::uint8_t* in_data() { return in.data() + kCanary + misalign; }
  std::uint8_t* out_data() { return in_place ? in_data() : out.data() + kCanary + misalign; }
  std::uint8_t* tag_data() { return tag.data() + kCanary; }
  /// Fills `in` with `src` (len bytes) and resets `out` and `tag` to canaries.
  void load(const std::uint8_t* src);
  /// "" when the bytes around out and tag are still canaries, else a description.
  std::string canaries_intact();
};

/// What a batch may contain.
struct batch_shape {
  std::size_t max_jobs = 64;
  std::size_t max_len = 4200;
  bool vary_nonce = true;  // GCM: some nonces other than 12 bytes
  bool vary_tag = true;    // GCM: tags of 16, 15, 14, 13, 12, 8, 4 bytes
  // Only medium jobs: 12-byte nonces, messages of 65..max_len bytes and AADs of 0..64 bytes (the
  // jobs that batch kernels run several at a time, of mixed lengths).
  bool medium = false;
};

/// A random batch of 1..max_jobs jobs for `alg` (lengths mostly short, some up to max_len), with
/// the spec's results for `key`.
std::vector<batch_job> random_batch(prng& rng, vg::algorithm alg, const bytes& key,
                                    const batch_shape& shape);

/// A batch with one job per entry of `lengths` (message bytes), each with the algorithm's common
/// nonce and a 16-byte tag, an AAD of 0..64 bytes, in place unless its index is a multiple of 3.
std::vector<batch_job> batch_of_lengths(prng& rng, vg::algorithm alg, const bytes& key,
                                        const std::vector<std::size_t>& lengths);

std::vector<vg::seal_job> seal_jobs_of(std::vector<batch_job>& jobs);
std::vector<vg::open_job> open_jobs_of(std::vector<batch_job>& jobs);

/// A short description of job i for failure messages.
std::string describe(const std::vector<batch_job>& jobs, std::size_t i);

}  // namespace vg::test

#endif  // VG_TESTS_API_BATCH_BATCH_JOBS_HPP
