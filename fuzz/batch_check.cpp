#include "batch_check.hpp"

#include <algorithm>

namespace vg::fuzz {

void check_batch(const call& c, const vg::aead_key& key, const std::vector<std::uint8_t>& ct,
                 const std::vector<std::uint8_t>& tag) {
  using bytes = std::vector<std::uint8_t>;
  // Four jobs: the call itself, its message without the last byte, its message with no AAD, and
  // the call again in place; the second and third are compared with single calls.
  const std::size_t len = c.message.size();
  const std::size_t short_len = len == 0 ? 0 : len - 1;
  const vg::bytes_view no_aad;
  bytes out[4] = {bytes(len), bytes(short_len), bytes(len),
                  bytes(c.message.begin(), c.message.end())};
  bytes tags[4] = {bytes(c.tag_len), bytes(c.tag_len), bytes(c.tag_len), bytes(c.tag_len)};
  const vg::seal_job jobs[4] = {
      {c.nonce, c.aad, c.message, out[0], tags[0]},
      {c.nonce, c.aad, c.message.first(short_len), out[1], tags[1]},
      {c.nonce, no_aad, c.message, out[2], tags[2]},
      {c.nonce, c.aad, out[3], out[3], tags[3]},
  };
  if (key.seal_batch(jobs) != vg::status::ok) fail(c, "seal_batch status");
  bytes single[2] = {bytes(short_len), bytes(len)};
  bytes single_tag(c.tag_len);
  if (key.seal(c.nonce, c.aad, c.message.first(short_len), single[0], single_tag) !=
          vg::status::ok ||
      single[0] != out[1] || single_tag != tags[1])
    fail(c, "seal_batch differs from seal (shorter message)");
  if (key.seal(c.nonce, no_aad, c.message, single[1], single_tag) != vg::status::ok ||
      single[1] != out[2] || single_tag != tags[2])
    fail(c, "seal_batch differs from seal (no AAD)");
  if (out[0] != ct || tags[0] != tag || out[3] != ct || tags[3] != tag)
    fail(c, "seal_batch differs from seal");

  // Open them all with job 1's tag flipped (out of place for jobs 0..2, in place for job 3).
  tags[1][0] ^= 1;
  bytes plain[3] = {bytes(len, 0xa5), bytes(short_len, 0xa5), bytes(len, 0xa5)};
  vg::open_job open[4];
  for (int i = 0; i < 4; ++i) {
    open[i].nonce = jobs[i].nonce;
    open[i].aad = jobs[i].aad;
    open[i].in = out[i];
    open[i].out = i == 3 ? vg::bytes_span(out[3]) : vg::bytes_span(plain[i]);
    open[i].tag = tags[i];
  }
  if (key.open_batch(open) != vg::status::auth) fail(c, "open_batch status with a forged job");
  const auto msg_equal = [&](const bytes& p, std::size_t n) {
    return std::equal(p.begin(), p.end(), c.message.begin(), c.message.begin() + n);
  };
  if (open[1].result != vg::status::auth ||
      !std::all_of(plain[1].begin(), plain[1].end(), [](std::uint8_t b) { return b == 0; }))
    fail(c, "open_batch: forged job not rejected and zeroed");
  if (open[0].result != vg::status::ok || open[2].result != vg::status::ok ||
      open[3].result != vg::status::ok || !msg_equal(plain[0], len) || !msg_equal(plain[2], len) ||
      !msg_equal(out[3], len))
    fail(c, "open_batch: genuine job rejected or wrong");
}

}  // namespace vg::fuzz
