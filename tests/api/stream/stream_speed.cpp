// Not a test (timings are too noisy for CI): the cost of one large update() against one-shot seal,
// for the target "one 16 KiB update within 5% of one-shot seal".
// Usage: vg_stream_speed [bytes] [backend] [open]; prints, for both, the best and the median of
// runs that alternate between the two (so that a noisy neighbour slows both alike), and their
// ratios. The stream side is a whole message: begin, 13 bytes of AAD, one update, finish.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace {

template <typename F>
double ns_per_call(F&& f) {
  const int calls = 1000;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i) f();
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / calls;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t len = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 16384;
  const std::string backend = argc > 2 ? argv[2] : "";
  const bool opening = argc > 3 && std::string(argv[3]) == "open";
  std::vector<std::uint8_t> key(16, 1), nonce(12, 2), aad(13, 3), in(len, 4), out(len), tag(16);
  vg::aead_key k;
  if (vg::aead_key::create(vg::algorithm::aes_128_gcm, key, k, backend) != vg::status::ok) return 1;
  // Open fails authentication (the tag is arbitrary): the work is the same as for a genuine one.
  auto one_shot = [&] {
    (void)(opening ? k.open(nonce, aad, in, out, tag) : k.seal(nonce, aad, in, out, tag));
  };
  auto stream = [&] {
    vg::gcm_stream s;
    (void)(opening ? s.begin_open(k, nonce) : s.begin_seal(k, nonce));
    (void)s.aad(aad);
    (void)s.update(in, out);
    (void)(opening ? s.finish_open(tag) : s.finish_seal(tag));
  };
  std::vector<double> a, b;
  for (int run = 0; run < 31; ++run) {
    a.push_back(ns_per_call(one_shot));
    b.push_back(ns_per_call(stream));
  }
  const double a_best = *std::min_element(a.begin(), a.end());
  const double b_best = *std::min_element(b.begin(), b.end());
  std::printf(
      "%s %s %zu B: one-shot best %.0f / median %.0f ns, stream best %.0f / median %.0f ns, "
      "stream/one-shot best %.3f median %.3f\n",
      std::string(k.backend_name()).c_str(), opening ? "open" : "seal", len, a_best, median(a),
      b_best, median(b), b_best / a_best, median(b) / median(a));
  return 0;
}
