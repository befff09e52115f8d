// Not a test (timings are too noisy for CI): the cost of one large update() against one-shot seal,
// for the target "one 16 KiB update within 5% of one-shot seal".
// Usage: vg_stream_speed [bytes] [backend]; prints the best of several runs for both.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace {

template <typename F>
double best_ns_per_call(F&& f) {
  double best = 1e300;
  for (int run = 0; run < 15; ++run) {
    const int calls = 2000;
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) f();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / calls);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t len = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 16384;
  const std::string backend = argc > 2 ? argv[2] : "";
  std::vector<std::uint8_t> key(16, 1), nonce(12, 2), aad(13, 3), in(len, 4), out(len), tag(16);
  vg::aead_key k;
  if (vg::aead_key::create(vg::algorithm::aes_128_gcm, key, k, backend) != vg::status::ok) return 1;
  const double one_shot = best_ns_per_call([&] { (void)k.seal(nonce, aad, in, out, tag); });
  const double stream = best_ns_per_call([&] {
    vg::gcm_stream s;
    (void)s.begin_seal(k, nonce);
    (void)s.aad(aad);
    (void)s.update(in, out);
    (void)s.finish_seal(tag);
  });
  std::printf(
      "%s %zu B: one-shot %.0f ns (%.2f GB/s), stream %.0f ns (%.2f GB/s), stream/one-shot %.3f\n",
      std::string(k.backend_name()).c_str(), len, one_shot, len / one_shot, stream, len / stream,
      stream / one_shot);
  return 0;
}
