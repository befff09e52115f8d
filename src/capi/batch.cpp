// The C API of batches: vg_seal_job/vg_open_job arrays over the shared body in api/batch_calls.hpp
// (read in place, job by job: no copy of the array).
#include "api/batch_calls.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

// The key handle of src/capi/vg.cpp. C++ allows the same class definition in several translation
// units as long as they are token for token identical; this one must stay identical to vg.cpp's.
struct vg_aead {
  vg::aead_key key;
};

namespace {

struct c_seal_jobs {
  const vg_seal_job* jobs;
  std::size_t count;
  std::size_t size() const noexcept { return count; }
  vg::seal_job get(std::size_t i) const noexcept {
    const vg_seal_job& j = jobs[i];
    return {{j.nonce, j.nonce_len},
            {j.aad, j.aad_len},
            {j.in, j.len},
            {j.out, j.len},
            {j.tag, j.tag_len}};
  }
};

struct c_open_jobs {
  vg_open_job* jobs;
  std::size_t count;
  std::size_t size() const noexcept { return count; }
  vg::open_job get(std::size_t i) const noexcept {
    const vg_open_job& j = jobs[i];
    return {{j.nonce, j.nonce_len},
            {j.aad, j.aad_len},
            {j.in, j.len},
            {j.out, j.len},
            {j.tag, j.tag_len}};
  }
  void set_result(std::size_t i, vg::status s) const noexcept {
    jobs[i].status = static_cast<vg_status>(s);
  }
};

}  // namespace

extern "C" {

vg_status vg_aead_seal_batch(const vg_aead* aead, const vg_seal_job* jobs, size_t count) {
  if (aead == nullptr || (jobs == nullptr && count != 0)) return VG_ERR_ARGUMENT;
  return static_cast<vg_status>(vg::detail::batch_calls::seal(aead->key, c_seal_jobs{jobs, count}));
}

vg_status vg_aead_open_batch(const vg_aead* aead, vg_open_job* jobs, size_t count) {
  if (aead == nullptr || (jobs == nullptr && count != 0)) return VG_ERR_ARGUMENT;
  c_open_jobs j{jobs, count};
  return static_cast<vg_status>(vg::detail::batch_calls::open(aead->key, j));
}

}  // extern "C"
