// `vg speed --batch N`: one timed call is seal_batch/open_batch over N copies of the cell's
// message, each job with its own input and output buffers (as a burst of packets would have), so
// the row's time per job compares with a single call of the same size timed in the same rounds.
// Buffers are 64-byte aligned with a fixed stride, so that a batch and the same jobs as single
// calls see the same alignments (measured: placement alone moved 1420-byte seals by 5-8%).
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "speed.hpp"

namespace vg::tool {
namespace {

// `count` buffers of `size` bytes, each 64-byte aligned, in one allocation.
class aligned_buffers {
 public:
  aligned_buffers(std::size_t count, std::size_t size)
      : stride_((size + 127) / 64 * 64),
        data_(static_cast<std::uint8_t*>(std::aligned_alloc(64, count * stride_ + 64))) {
    std::memset(data_.get(), 0, count * stride_ + 64);
  }
  std::uint8_t* operator[](std::size_t i) const { return data_.get() + i * stride_; }

 private:
  struct deleter {
    void operator()(std::uint8_t* p) const { std::free(p); }
  };
  std::size_t stride_;
  std::unique_ptr<std::uint8_t, deleter> data_;
};

struct batch_buffers {
  batch_buffers(std::size_t jobs, std::size_t size)
      : in(jobs, size), out(jobs, size), tag(jobs, 16) {}
  aligned_buffers in, out, tag;
  std::vector<seal_job> seal;
  std::vector<open_job> open;
};

}  // namespace

std::function<bool()> batch_call(operation op, std::size_t jobs, const batch_message& m,
                                 batch_runner run, std::string& check) {
  const bytes_view source = op == operation::seal ? m.plain : m.cipher;
  const std::size_t n = source.size();
  auto b = std::make_shared<batch_buffers>(jobs, n);
  for (std::size_t i = 0; i < jobs; ++i) {
    if (n != 0) std::memcpy(b->in[i], source.data(), n);
    if (op == operation::seal) {
      b->seal.push_back({m.nonce, m.aad, {b->in[i], n}, {b->out[i], n}, {b->tag[i], m.tag.size()}});
    } else {
      std::memcpy(b->tag[i], m.tag.data(), m.tag.size());
      open_job j;
      j.nonce = m.nonce;
      j.aad = m.aad;
      j.in = {b->in[i], n};
      j.out = {b->out[i], n};
      j.tag = {b->tag[i], m.tag.size()};
      b->open.push_back(j);
    }
  }
  std::function<bool()> call;
  if (op == operation::seal) {
    call = [run, b] { return run.seal(b->seal); };
  } else {
    call = [run, b] { return run.open(b->open); };
  }
  const bool ok = call();
  const bytes_view want = op == operation::seal ? m.cipher : m.plain;
  for (std::size_t i = 0; i < jobs && ok; ++i) {
    const bool out_right = n == 0 || std::memcmp(b->out[i], want.data(), n) == 0;
    const bool tag_right = std::memcmp(b->tag[i], m.tag.data(), m.tag.size()) == 0;
    if (!out_right || !tag_right) check = "WRONG OUTPUT";
  }
  return call;
}

batch_runner vgcrypt_batch_runner(const aead_key& key, bool singles) {
  if (!singles) {
    return {[&key](std::span<const seal_job> jobs) { return key.seal_batch(jobs) == status::ok; },
            [&key](std::span<open_job> jobs) { return key.open_batch(jobs) == status::ok; }};
  }
  return {[&key](std::span<const seal_job> jobs) {
            bool ok = true;
            for (const seal_job& j : jobs)
              ok &= key.seal(j.nonce, j.aad, j.in, j.out, j.tag) == status::ok;
            return ok;
          },
          [&key](std::span<open_job> jobs) {
            bool ok = true;
            for (const open_job& j : jobs)
              ok &= key.open(j.nonce, j.aad, j.in, j.out, j.tag) == status::ok;
            return ok;
          }};
}

batch_runner peer_burst_runner(bench::peer_key& key) {
  return {[&key](std::span<const seal_job> jobs) { return key.seal_burst(jobs); },
          [&key](std::span<open_job> jobs) { return key.open_burst(jobs); }};
}

}  // namespace vg::tool
