// aead_key::seal_batch/open_batch: the C++ job arrays over the shared body in api/batch_calls.hpp.
#include "api/batch_calls.hpp"
#include "vg/aead.hpp"

namespace vg {
namespace {

struct seal_jobs {
  std::span<const seal_job> jobs;
  std::size_t size() const noexcept { return jobs.size(); }
  const seal_job& get(std::size_t i) const noexcept { return jobs[i]; }
};

struct open_jobs {
  std::span<open_job> jobs;
  std::size_t size() const noexcept { return jobs.size(); }
  const open_job& get(std::size_t i) const noexcept { return jobs[i]; }
  void set_result(std::size_t i, status s) const noexcept { jobs[i].result = s; }
};

}  // namespace

status aead_key::seal_batch(std::span<const seal_job> jobs) const noexcept {
  return detail::batch_calls::seal(*this, seal_jobs{jobs});
}

status aead_key::open_batch(std::span<open_job> jobs) const noexcept {
  open_jobs j{jobs};
  return detail::batch_calls::open(*this, j);
}

}  // namespace vg
