// `vg speed --batch N`: one timed call is seal_batch/open_batch over N copies of the cell's
// message, each job with its own input and output buffers (as a burst of packets would have), so
// the row's time per job compares with a single call of the same size timed in the same rounds.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "speed.hpp"

namespace vg::tool {
namespace {

struct batch_buffers {
  std::vector<std::vector<std::uint8_t>> in, out, tag;
  std::vector<seal_job> seal;
  std::vector<open_job> open;
};

}  // namespace

std::function<bool()> batch_call(const aead_key& key, operation op, std::size_t jobs,
                                 const batch_message& m, std::string& check) {
  auto b = std::make_shared<batch_buffers>();
  const bytes_view source = op == operation::seal ? m.plain : m.cipher;
  for (std::size_t i = 0; i < jobs; ++i) {
    b->in.emplace_back(source.begin(), source.end());
    b->out.emplace_back(source.size());
    b->tag.emplace_back(m.tag.begin(), m.tag.end());
  }
  for (std::size_t i = 0; i < jobs; ++i) {
    if (op == operation::seal) {
      b->seal.push_back({m.nonce, m.aad, b->in[i], b->out[i], b->tag[i]});
    } else {
      open_job j;
      j.nonce = m.nonce;
      j.aad = m.aad;
      j.in = b->in[i];
      j.out = b->out[i];
      j.tag = b->tag[i];
      b->open.push_back(j);
    }
  }
  std::function<bool()> call;
  if (op == operation::seal) {
    for (auto& t : b->tag) std::memset(t.data(), 0, t.size());
    call = [&key, b] { return key.seal_batch(b->seal) == status::ok; };
  } else {
    call = [&key, b] { return key.open_batch(b->open) == status::ok; };
  }
  const bool ok = call();
  const bytes_view want = op == operation::seal ? m.cipher : m.plain;
  for (std::size_t i = 0; i < jobs && ok; ++i) {
    const bool out_right = std::equal(b->out[i].begin(), b->out[i].end(), want.begin());
    const bool tag_right = std::equal(b->tag[i].begin(), b->tag[i].end(), m.tag.begin());
    if (!out_right || !tag_right) check = "WRONG OUTPUT";
  }
  return call;
}

}  // namespace vg::tool
