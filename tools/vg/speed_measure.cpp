// `vg speed` measurement: one (implementation, algorithm, operation, size) at a time.
//
// Method: the key is prepared once (reused, as a TLS/QUIC connection does); the message, AAD and
// nonce are fixed and the output goes to a separate buffer. Before timing, the implementation's
// output is checked against the specification (src/spec) so a broken adapter or backend cannot
// post a fast number. A warm-up of a fifth of the budget (at least 5 ms) brings caches, branch
// predictors and wide execution units up and sizes the batches. Then come `rounds` rounds; each
// runs batches of calls of about 20 us for duration/rounds and keeps a fast batch (the machine
// may be shared: preemption only adds time, and 20 us is far below a time slice, so the fast
// batch is the undisturbed cost). The result is the median over rounds, with the spread
// (max - min) / median over rounds as the noise estimate. Cycles come from the measured core clock.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "clock.hpp"
#include "spec/spec.hpp"
#include "speed.hpp"

namespace vg::tool {
namespace {

struct message {
  std::vector<std::uint8_t> key, nonce, aad, plain, cipher, tag, out, out_tag;
};

message make_message(algorithm alg, std::size_t bytes) {
  message m;
  auto fill = [](std::vector<std::uint8_t>& v, std::size_t n, unsigned seed) {
    v.resize(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(seed + 131 * i + (i >> 8));
  };
  fill(m.key, key_length(alg), 1);
  fill(m.nonce, 12, 2);
  fill(m.aad, speed_aad_bytes, 3);
  fill(m.plain, bytes, 4);
  const bool siv = alg == algorithm::aes_128_gcm_siv || alg == algorithm::aes_256_gcm_siv;
  const spec::bytes sealed = siv ? spec::gcm_siv_seal(m.key, m.nonce, m.aad, m.plain)
                                 : spec::gcm_seal(m.key, m.nonce, m.aad, m.plain);
  m.cipher.assign(sealed.begin(), sealed.begin() + static_cast<std::ptrdiff_t>(bytes));
  m.tag.assign(sealed.begin() + static_cast<std::ptrdiff_t>(bytes), sealed.end());
  m.out.resize(bytes);
  m.out_tag.resize(16);
  return m;
}

// Times `call` as described at the top; returns false if any call failed.
template <class Call>
bool time_rounds(Call&& call, const speed_options& options, speed_row& row) {
  bool ok = true;
  // Warm-up, which also estimates the cost of one call.
  const double warm_seconds = std::max(0.005, options.duration / 5);
  std::uint64_t warm_calls = 0;
  const std::uint64_t t0 = bench::now_ns();
  std::uint64_t elapsed = 0;
  do {
    for (int i = 0; i < 16; ++i) ok &= call();
    warm_calls += 16;
    elapsed = bench::now_ns() - t0;
  } while (static_cast<double>(elapsed) * 1e-9 < warm_seconds);
  const double estimate_ns = static_cast<double>(elapsed) / static_cast<double>(warm_calls);
  // Batches of about 20 us: short enough that most run undisturbed on a shared machine.
  const auto batch = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(20'000 / estimate_ns));
  const auto round_ns = static_cast<std::uint64_t>(options.duration * 1e9 / options.rounds);
  std::vector<double> per_call;
  for (int r = 0; r < options.rounds; ++r) {
    const double best = bench::fast_batch_ns(
        [&] {
          for (std::uint64_t i = 0; i < batch; ++i) ok &= call();
        },
        round_ns);
    per_call.push_back(best / static_cast<double>(batch));
  }
  std::sort(per_call.begin(), per_call.end());
  row.ns_per_call = per_call[per_call.size() / 2];
  row.spread = (per_call.back() - per_call.front()) / row.ns_per_call;
  return ok;
}

}  // namespace

bool vgcrypt_supports(const std::string& backend, algorithm alg) {
  const std::vector<std::uint8_t> key(key_length(alg), 0x42);
  aead_key k;
  return aead_key::create(alg, key, k, backend) == status::ok;
}

std::optional<speed_row> measure(const subject& s, algorithm alg, operation op, std::size_t bytes,
                                 const speed_options& options, double core_hz) {
  message m = make_message(alg, bytes);
  speed_row row;
  row.alg = alg;
  row.op = op;
  row.bytes = bytes;
  row.impl = s.impl;
  row.is_vgcrypt = s.is_vgcrypt;
  const bytes_view nonce = m.nonce, aad = m.aad, plain = m.plain, cipher = m.cipher, tag = m.tag;
  const bytes_span out = m.out, out_tag = m.out_tag;
  bool ok = true;

  if (s.is_vgcrypt) {
    aead_key key;
    if (aead_key::create(alg, m.key, key, s.backend) != status::ok) return std::nullopt;
    if (op == operation::seal) {
      ok = key.seal(nonce, aad, plain, out, out_tag) == status::ok;
      if (ok && (m.out != m.cipher || m.out_tag != m.tag)) row.check = "WRONG OUTPUT";
      ok &= time_rounds([&] { return key.seal(nonce, aad, plain, out, out_tag) == status::ok; },
                        options, row);
    } else {
      ok = key.open(nonce, aad, cipher, out, tag) == status::ok;
      if (ok && m.out != m.plain) row.check = "WRONG OUTPUT";
      ok &= time_rounds([&] { return key.open(nonce, aad, cipher, out, tag) == status::ok; },
                        options, row);
    }
  } else {
    if (!s.peer->supports(alg)) return std::nullopt;
    std::unique_ptr<bench::peer_key> key = s.peer->make_key(alg, m.key);
    if (!key) return std::nullopt;
    if (op == operation::seal) {
      ok = key->seal(nonce, aad, plain, out, out_tag);
      if (ok && (m.out != m.cipher || m.out_tag != m.tag)) row.check = "WRONG OUTPUT";
      ok &= time_rounds([&] { return key->seal(nonce, aad, plain, out, out_tag); }, options, row);
    } else {
      ok = key->open(nonce, aad, cipher, out, tag);
      if (ok && m.out != m.plain) row.check = "WRONG OUTPUT";
      ok &= time_rounds([&] { return key->open(nonce, aad, cipher, out, tag); }, options, row);
    }
  }
  if (!ok && row.check.empty()) row.check = "CALL FAILED";
  row.gbps = static_cast<double>(bytes) / row.ns_per_call;
  row.cycles_per_byte = row.ns_per_call * 1e-9 * core_hz / static_cast<double>(bytes);
  return row;
}

}  // namespace vg::tool
