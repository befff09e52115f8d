// `vg speed` measurement: one cell (algorithm, operation, size) for every implementation at once.
//
// Method: each key is prepared once (reused, as a TLS/QUIC connection does); the message, AAD and
// nonce are fixed and the output goes to a separate buffer. Before timing, each implementation's
// output is checked against the specification (src/spec) so a broken adapter or backend cannot
// post a fast number. A warm-up of a fifth of the budget (at least 5 ms) per implementation
// brings caches, branch predictors and wide execution units up and sizes its batches. Then come
// `rounds` rounds; in each, every implementation in turn (the order rotating from round to round)
// runs batches of calls of about 20 us for duration/rounds and keeps a fast batch (the machine
// may be shared: preemption only adds time, and 20 us is far below a time slice, so the fast
// batch is the undisturbed cost). The result is the median over rounds, with the spread
// (max - min) / median over rounds as the noise estimate. Cycles come from the core clock measured
// at the start of each round (a short dependent-add chain, bench/limit/clock.hpp): each round's
// time converted at its own clock, the median of those (the clock of a virtualised core moved by
// up to half within one run; converted at the run's first clock, a later faster period read as
// more than 100% of the bound).
//
// Why interleave: on a shared host a neighbour on the sibling hyperthread can slow a whole core by
// 1.5x for seconds at a time. Measured one after the other, two implementations could land on
// either side of such a period and their ratio be off by 50%; measured round by round, each round
// pairs them under the same conditions, and the ratios (annotate in cmd_speed.cpp) are medians of
// the per-round ratios.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <vector>

#include "clock.hpp"
#include "spec/spec.hpp"
#include "speed.hpp"
#include "vg/cpu.hpp"

namespace vg::tool {
namespace {

// Where a call's buffers lie modulo 4 KiB can change a short call's time by a quarter (a store
// whose address matches a later load's low 12 bits delays the load: 4K aliasing): with the
// allocator's placement, the same vgcrypt kernel measured 75 and 91 ns (640 B open) in two rows of
// one run. So every subject gets the same layout, from page-aligned memory of its own: inputs at
// the start of a page, the output 2 KiB + 128 bytes into one, the short buffers at fixed places
// in a page of their own.
class placed_buffers {
 public:
  static constexpr std::size_t page = 4096, out_offset = 2048 + 128, aad_offset = 1024;
  placed_buffers(std::size_t bytes, std::size_t aad_bytes, std::size_t nonce_bytes)
      : pages_(3 * pages_for(bytes) + pages_for(aad_bytes) + 1),
        base_(static_cast<std::uint8_t*>(std::aligned_alloc(page, pages_ * page))) {
    if (base_ == nullptr) throw std::bad_alloc();
    std::memset(base_, 0, pages_ * page);
    const std::size_t n = pages_for(bytes);
    plain = {base_, bytes};
    cipher = {base_ + n * page, bytes};
    out = {base_ + 2 * n * page + out_offset, bytes};
    aad = {base_ + 3 * n * page + aad_offset, aad_bytes};
    std::uint8_t* const small = base_ + (pages_ - 1) * page;
    nonce = {small + 3072, nonce_bytes};  // at most 24 (XAES-256-GCM)
    tag = {small + 3136, 16};
    out_tag = {small + 3200, 16};
  }
  ~placed_buffers() { std::free(base_); }
  placed_buffers(const placed_buffers&) = delete;
  placed_buffers& operator=(const placed_buffers&) = delete;

  bytes_span plain, cipher, out, aad, nonce, tag, out_tag;

 private:
  // Pages for n bytes placed at up to out_offset into the first.
  static std::size_t pages_for(std::size_t n) { return (n + out_offset + page - 1) / page; }
  std::size_t pages_;
  std::uint8_t* base_;
};

// The key, and the message with its sealed form (from the specification) in placed buffers.
struct message : placed_buffers {
  message(algorithm alg, std::size_t bytes, std::size_t aad_bytes);
  std::vector<std::uint8_t> key;
};

message::message(algorithm alg, std::size_t bytes, std::size_t aad_bytes)
    : placed_buffers(bytes, aad_bytes, nonce_length(alg)), key(key_length(alg)) {
  auto fill = [](bytes_span v, unsigned seed) {
    for (std::size_t i = 0; i < v.size(); ++i)
      v[i] = static_cast<std::uint8_t>(seed + 131 * i + (i >> 8));
  };
  fill(key, 1);
  fill(nonce, 2);
  fill(aad, 3);
  fill(plain, 4);
  const spec::bytes k(key.begin(), key.end()), n(nonce.begin(), nonce.end()),
      a(aad.begin(), aad.end()), p(plain.begin(), plain.end());
  const bool siv = alg == algorithm::aes_128_gcm_siv || alg == algorithm::aes_256_gcm_siv;
  const spec::bytes sealed = siv                              ? spec::gcm_siv_seal(k, n, a, p)
                             : alg == algorithm::xaes_256_gcm ? spec::xaes_seal(k, n, a, p)
                                                              : spec::gcm_seal(k, n, a, p);
  std::copy(sealed.begin(), sealed.begin() + static_cast<std::ptrdiff_t>(bytes), cipher.begin());
  std::copy(sealed.begin() + static_cast<std::ptrdiff_t>(bytes), sealed.end(), tag.begin());
}

bool same(bytes_view a, bytes_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// One implementation in a cell: its key, its message, the call being timed and its batch size.
struct timed_subject {
  timed_subject(algorithm alg, std::size_t bytes, std::size_t aad_bytes)
      : m(alg, bytes, aad_bytes) {}
  message m;
  speed_row row;
  aead_key key;
  std::unique_ptr<bench::peer_key> peer_key;
  std::function<bool()> call;
  std::uint64_t batch = 1;
  std::size_t jobs_per_call = 1;  // seal_batch/open_batch: rows report the time per job
  bool ok = true;
};

// Warm-up, which also sizes the batches: about 20 us, short enough that most run undisturbed on
// a shared machine.
void warm_up(timed_subject& t, const speed_options& options) {
  const double warm_seconds = std::max(0.005, options.duration / 5);
  std::uint64_t warm_calls = 0;
  const std::uint64_t t0 = bench::now_ns();
  std::uint64_t elapsed = 0;
  do {
    for (int i = 0; i < 16; ++i) t.ok &= t.call();
    warm_calls += 16;
    elapsed = bench::now_ns() - t0;
  } while (static_cast<double>(elapsed) * 1e-9 < warm_seconds);
  const double estimate_ns = static_cast<double>(elapsed) / static_cast<double>(warm_calls);
  t.batch = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(20'000 / estimate_ns));
}

// The call of a setup or key cell: a key made from m.key (vgcrypt: a new key object each call,
// created as an application would, without naming the default backend, and destroyed after
// the seal, or at once for a bare key; peers: peer_key::rekey_seal or rekey on a key prepared
// once). False when `s` has no re-key.
bool prepare_rekey(timed_subject& t, const subject& s, algorithm alg, operation op) {
  message& m = t.m;
  const bytes_view key = m.key, nonce = m.nonce, aad = m.aad, plain = m.plain;
  const bytes_span out = m.out, out_tag = m.out_tag;
  const bool seal = op == operation::setup;
  if (s.is_vgcrypt) {
    if (!vgcrypt_supports(s.backend, alg)) return false;
    const std::string backend = s.backend == default_backend() ? std::string() : s.backend;
    if (seal) {
      t.call = [alg, backend, key, nonce, aad, plain, out, out_tag] {
        aead_key k;
        return aead_key::create(alg, key, k, backend) == status::ok &&
               k.seal(nonce, aad, plain, out, out_tag) == status::ok;
      };
    } else {
      t.call = [alg, backend, key] {
        aead_key k;
        return aead_key::create(alg, key, k, backend) == status::ok;
      };
    }
    return true;
  }
  if (s.peer == nullptr || !s.peer->supports(alg)) return false;
  t.peer_key = s.peer->make_key(alg, m.key);
  if (!t.peer_key || !t.peer_key->has_rekey()) return false;
  bench::peer_key& k = *t.peer_key;
  if (seal) {
    t.call = [&k, key, nonce, aad, plain, out, out_tag] {
      return k.rekey_seal(key, nonce, aad, plain, out, out_tag);
    };
  } else {
    t.call = [&k, key] { return k.rekey(key); };
  }
  return true;
}

// Prepares `s` for the cell, checks its output once; nullptr when it cannot do `alg`.
std::unique_ptr<timed_subject> prepare(const subject& s, algorithm alg, operation op,
                                       std::size_t bytes, std::size_t aad_bytes) {
  auto t = std::make_unique<timed_subject>(alg, bytes, aad_bytes);
  message& m = t->m;
  speed_row& row = t->row;
  row.alg = alg;
  row.op = op;
  row.bytes = bytes;
  row.impl = s.impl;
  row.is_vgcrypt = s.is_vgcrypt;
  const bytes_view nonce = m.nonce, aad = m.aad, plain = m.plain, cipher = m.cipher, tag = m.tag;
  const bytes_span out = m.out, out_tag = m.out_tag;
  if (op == operation::key || op == operation::setup) {
    if (s.batch_jobs > 0 || s.batch_burst || !prepare_rekey(*t, s, alg, op)) return nullptr;
    if (op == operation::key) {
      t->ok = t->call();  // no output to check
      return t;
    }
  } else if (s.batch_burst) {
    if (!s.peer->supports(alg)) return nullptr;
    t->peer_key = s.peer->make_key(alg, m.key);
    if (!t->peer_key) return nullptr;
    t->jobs_per_call = s.batch_jobs;
    t->call = batch_call(op, s.batch_jobs, {nonce, aad, plain, cipher, tag},
                         peer_burst_runner(*t->peer_key), row.check);
    return t;
  } else if (s.is_vgcrypt || s.batch_jobs > 0) {
    if (aead_key::create(alg, m.key, t->key, s.backend) != status::ok) return nullptr;
    aead_key& key = t->key;
    if (s.batch_jobs > 0) {
      t->jobs_per_call = s.batch_jobs;
      t->call = batch_call(op, s.batch_jobs, {nonce, aad, plain, cipher, tag},
                           vgcrypt_batch_runner(key, s.batch_singles), row.check);
      return t;
    }
    if (op == operation::seal) {
      t->call = [&key, nonce, aad, plain, out, out_tag] {
        return key.seal(nonce, aad, plain, out, out_tag) == status::ok;
      };
    } else {
      t->call = [&key, nonce, aad, cipher, out, tag] {
        return key.open(nonce, aad, cipher, out, tag) == status::ok;
      };
    }
  } else {
    if (!s.peer->supports(alg)) return nullptr;
    t->peer_key = s.peer->make_key(alg, m.key);
    if (!t->peer_key) return nullptr;
    bench::peer_key& key = *t->peer_key;
    if (op == operation::seal) {
      t->call = [&key, nonce, aad, plain, out, out_tag] {
        return key.seal(nonce, aad, plain, out, out_tag);
      };
    } else {
      t->call = [&key, nonce, aad, cipher, out, tag] {
        return key.open(nonce, aad, cipher, out, tag);
      };
    }
  }
  t->ok = t->call();
  const bool right = op != operation::open ? same(m.out, m.cipher) && same(m.out_tag, m.tag)
                                           : same(m.out, m.plain);
  if (t->ok && !right) row.check = "WRONG OUTPUT";
  return t;
}

}  // namespace

std::optional<algorithm> gcm_reference_of(algorithm alg) {
  if (alg == algorithm::aes_128_gcm_siv) return algorithm::aes_128_gcm;
  if (alg == algorithm::aes_256_gcm_siv) return algorithm::aes_256_gcm;
  if (alg == algorithm::xaes_256_gcm) return algorithm::aes_256_gcm;
  return std::nullopt;
}

bool subject_supports(const subject& s, algorithm alg) {
  if (s.batch_burst) return s.peer->supports(alg);
  if (s.batch_jobs > 0) return vgcrypt_supports(s.backend, alg);
  if (s.is_reference) {
    const std::optional<algorithm> gcm = gcm_reference_of(alg);
    return gcm && vgcrypt_supports(s.backend, alg) && vgcrypt_supports(s.backend, *gcm);
  }
  return s.is_vgcrypt ? vgcrypt_supports(s.backend, alg) : s.peer->supports(alg);
}

bool vgcrypt_supports(const std::string& backend, algorithm alg) {
  const std::vector<std::uint8_t> key(key_length(alg), 0x42);
  aead_key k;
  return aead_key::create(alg, key, k, backend) == status::ok;
}

std::vector<speed_row> measure_cell(const std::vector<subject>& subjects, algorithm alg,
                                    operation op, std::size_t bytes, const speed_options& options,
                                    bool count_cycles) {
  std::vector<std::unique_ptr<timed_subject>> cell;
  for (const subject& s : subjects) {
    if (s.is_reference) {  // GCM seal on that backend, filed under this cell
      if (!subject_supports(s, alg) || op == operation::key) continue;
      const subject as_vgcrypt{s.impl, true, s.backend, nullptr, false};
      if (auto t =
              prepare(as_vgcrypt, *gcm_reference_of(alg), operation::seal, bytes, options.aad)) {
        t->row.alg = alg;
        t->row.op = op;
        t->row.is_vgcrypt = false;
        cell.push_back(std::move(t));
      }
    } else if (auto t = prepare(s, alg, op, bytes, options.aad)) {
      cell.push_back(std::move(t));
    }
  }
  for (auto& t : cell) warm_up(*t, options);
  const auto round_ns = static_cast<std::uint64_t>(options.duration * 1e9 / options.rounds);
  // 1 ms of dependent adds a round: a few hundred short runs, of which the fast ones count.
  constexpr int clock_ms = 1;
  std::vector<double> round_hz;
  for (int r = 0; r < options.rounds; ++r) {
    if (count_cycles) round_hz.push_back(bench::measure_core_hz(clock_ms));
    for (std::size_t k = 0; k < cell.size(); ++k) {
      timed_subject& t = *cell[(k + static_cast<std::size_t>(r)) % cell.size()];
      const double best = bench::fast_batch_ns(
          [&] {
            for (std::uint64_t i = 0; i < t.batch; ++i) t.ok &= t.call();
          },
          round_ns);
      t.row.round_ns.push_back(best / static_cast<double>(t.batch * t.jobs_per_call));
    }
  }
  std::vector<speed_row> rows;
  for (auto& t : cell) {
    speed_row& row = t->row;
    std::vector<double> sorted = row.round_ns;
    std::sort(sorted.begin(), sorted.end());
    row.ns_per_call = sorted[sorted.size() / 2];
    row.spread = (sorted.back() - sorted.front()) / row.ns_per_call;
    if (!t->ok && row.check.empty()) row.check = "CALL FAILED";
    row.gbps = static_cast<double>(bytes) / row.ns_per_call;
    if (count_cycles && bytes > 0)
      row.cycles_per_byte =
          bench::cycles_at_round_clocks(row.round_ns, round_hz) / static_cast<double>(bytes);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace vg::tool
