#include "api/batch/batch_jobs.hpp"

#include <algorithm>
#include <cstring>

#include "spec/spec.hpp"

namespace vg::test {

void batch_job::load(const std::uint8_t* src) {
  const std::size_t guarded = kCanary + misalign + pt.size() + kCanary;
  in.assign(guarded, kCanaryByte);
  out.assign(in_place ? 0 : guarded, kCanaryByte);
  tag.assign(kCanary + tag_len + kCanary, kCanaryByte);
  if (!pt.empty()) std::memcpy(in_data(), src, pt.size());
}

std::string batch_job::canaries_intact() {
  auto guarded = [](const bytes& b, std::size_t lo, std::size_t hi) {
    return std::all_of(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(lo),
                       [](std::uint8_t x) { return x == kCanaryByte; }) &&
           std::all_of(b.end() - static_cast<std::ptrdiff_t>(hi), b.end(),
                       [](std::uint8_t x) { return x == kCanaryByte; });
  };
  bytes& o = in_place ? in : out;
  if (!guarded(o, kCanary + misalign, kCanary)) return "write outside out";
  if (!guarded(tag, kCanary, kCanary)) return "write outside tag";
  return "";
}

namespace {

bool is_siv(vg::algorithm alg) {
  return alg == vg::algorithm::aes_128_gcm_siv || alg == vg::algorithm::aes_256_gcm_siv;
}

}  // namespace

std::vector<batch_job> random_batch(prng& rng, vg::algorithm alg, const bytes& key,
                                    const batch_shape& shape) {
  static constexpr std::size_t kTagLengths[] = {16, 16, 16, 15, 14, 13, 12, 8, 4};
  const bool xaes = alg == vg::algorithm::xaes_256_gcm;
  const bool siv = is_siv(alg);
  const bool fixed_lengths = siv || xaes;  // one nonce length, 16-byte tags
  std::vector<batch_job> jobs(1 + rng.next() % shape.max_jobs);
  for (batch_job& j : jobs) {
    std::size_t nonce_len = xaes ? 24 : 12;
    if (!fixed_lengths && shape.vary_nonce && !shape.medium && rng.next() % 8 == 0)
      nonce_len = 1 + rng.next() % 40;
    j.nonce = rng.bytes(nonce_len);
    j.aad = rng.bytes(rng.next() % 4 == 0 ? 0 : rng.next() % (shape.medium ? 65 : 70));
    // Mostly packet-sized, some up to max_len: every kernel path, with the spec kept affordable.
    const std::uint64_t pick = rng.next() % 8;
    std::size_t len = pick < 4   ? rng.next() % 100
                      : pick < 7 ? rng.next() % 1600
                                 : rng.next() % (shape.max_len + 1);
    if (shape.medium) len = 65 + rng.next() % (shape.max_len - 64);
    j.pt = rng.bytes(std::min(len, shape.max_len));
    j.tag_len =
        fixed_lengths || !shape.vary_tag ? 16 : kTagLengths[rng.next() % std::size(kTagLengths)];
    j.in_place = rng.next() % 2 == 0;
    j.misalign = rng.next() % 16;
    j.expected = siv    ? vg::spec::gcm_siv_seal(key, j.nonce, j.aad, j.pt)
                 : xaes ? vg::spec::xaes_seal(key, j.nonce, j.aad, j.pt)
                        : vg::spec::gcm_seal(key, j.nonce, j.aad, j.pt, j.tag_len);
    j.load(j.pt.data());
  }
  return jobs;
}

std::vector<batch_job> batch_of_lengths(prng& rng, vg::algorithm alg, const bytes& key,
                                        const std::vector<std::size_t>& lengths) {
  const bool xaes = alg == vg::algorithm::xaes_256_gcm;
  std::vector<batch_job> jobs(lengths.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    batch_job& j = jobs[i];
    j.nonce = rng.bytes(xaes ? 24 : 12);
    j.aad = rng.bytes(rng.next() % 65);
    j.pt = rng.bytes(lengths[i]);
    j.in_place = i % 3 != 0;
    j.misalign = rng.next() % 16;
    j.expected = is_siv(alg) ? vg::spec::gcm_siv_seal(key, j.nonce, j.aad, j.pt)
                 : xaes      ? vg::spec::xaes_seal(key, j.nonce, j.aad, j.pt)
                             : vg::spec::gcm_seal(key, j.nonce, j.aad, j.pt, j.tag_len);
    j.load(j.pt.data());
  }
  return jobs;
}

std::vector<vg::seal_job> seal_jobs_of(std::vector<batch_job>& jobs) {
  std::vector<vg::seal_job> out;
  for (batch_job& j : jobs) {
    out.push_back({j.nonce,
                   j.aad,
                   {j.in_data(), j.pt.size()},
                   {j.out_data(), j.pt.size()},
                   {j.tag_data(), j.tag_len}});
  }
  return out;
}

std::vector<vg::open_job> open_jobs_of(std::vector<batch_job>& jobs) {
  std::vector<vg::open_job> out;
  for (batch_job& j : jobs) {
    vg::open_job o;
    o.nonce = j.nonce;
    o.aad = j.aad;
    o.in = {j.in_data(), j.pt.size()};
    o.out = {j.out_data(), j.pt.size()};
    o.tag = {j.tag_data(), j.tag_len};
    out.push_back(o);
  }
  return out;
}

std::string describe(const std::vector<batch_job>& jobs, std::size_t i) {
  const batch_job& j = jobs[i];
  return "job " + std::to_string(i) + " of " + std::to_string(jobs.size()) + " (len " +
         std::to_string(j.pt.size()) + ", aad " + std::to_string(j.aad.size()) + ", nonce " +
         std::to_string(j.nonce.size()) + ", tag " + std::to_string(j.tag_len) +
         (j.in_place ? ", in place" : ", out of place") + ", misalign " +
         std::to_string(j.misalign) + ")";
}

}  // namespace vg::test
