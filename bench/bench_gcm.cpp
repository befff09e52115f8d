// AES-GCM cases: vgcrypt's chosen backend (VG_CPU_FEATURES narrows the choice) and every peer
// built in, for AES-128 and AES-256, a 13-byte AAD, a 12-byte nonce and a reused key.
//
//   <alg>-seal/N                 in place
//   <alg>-open/N                 from a valid ciphertext to a separate buffer (so every call
//                                authenticates; in place would destroy the ciphertext)
//   <alg>-seal-out-of-place/N    separate output buffer
//   <alg>-seal-two-pieces/N      seal_gather of n/2 and n - n/2 bytes into a separate buffer
//   <alg>-seal-new-key/N         key setup + one in-place seal per iteration
//   <peer>/<alg>-seal/N, <peer>/<alg>-open/N   the same calls through the peer adapters
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench.hpp"
#include "peer.hpp"
#include "vg/aead.hpp"

namespace vg::bench {
namespace {

constexpr std::size_t aad_bytes = 13;
const std::vector<std::int64_t> sizes = {16,   32,   64,   128,  256,  384,  512,  640,  768,
                                         1024, 1088, 1420, 2048, 4095, 4096, 8192, 16384};

struct fixture {
  std::vector<std::uint8_t> key, nonce, aad, data, out, tag;
  fixture(algorithm alg, std::size_t n)
      : key(key_length(alg)), nonce(12), aad(aad_bytes), data(n), out(n), tag(16) {
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i * 7 + 1);
    for (std::size_t i = 0; i < nonce.size(); ++i) nonce[i] = static_cast<std::uint8_t>(i + 9);
    for (std::size_t i = 0; i < aad.size(); ++i) aad[i] = static_cast<std::uint8_t>(i * 3);
    for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<std::uint8_t>(i * 13 + 5);
  }
};

void finish(benchmark::State& state, std::size_t n) {
  const auto total = static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(n);
  state.SetBytesProcessed(total);
  state.counters["cpb"] = cycles_per_byte(total);
}

enum class vg_case { seal, open, seal_out_of_place, seal_two_pieces, seal_new_key };

void run_vgcrypt(benchmark::State& state, algorithm alg, vg_case which) {
  const auto n = static_cast<std::size_t>(state.range(0));
  fixture f(alg, n);
  aead_key key;
  if (aead_key::create(alg, f.key, key) != status::ok) {
    state.SkipWithError("aead_key::create failed");
    return;
  }
  state.SetLabel(std::string(key.backend_name()));
  bool ok = true;
  switch (which) {
    case vg_case::seal:
      for (auto _ : state) ok &= key.seal(f.nonce, f.aad, f.data, f.data, f.tag) == status::ok;
      break;
    case vg_case::open: {
      ok = key.seal(f.nonce, f.aad, f.data, f.out, f.tag) == status::ok;  // out = ciphertext
      for (auto _ : state) ok &= key.open(f.nonce, f.aad, f.out, f.data, f.tag) == status::ok;
      break;
    }
    case vg_case::seal_out_of_place:
      for (auto _ : state) ok &= key.seal(f.nonce, f.aad, f.data, f.out, f.tag) == status::ok;
      break;
    case vg_case::seal_two_pieces: {
      const bytes_view data = f.data;
      const bytes_view pieces[2] = {data.first(n / 2), data.subspan(n / 2)};
      for (auto _ : state)
        ok &= key.seal_gather(f.nonce, f.aad, pieces, f.out, f.tag) == status::ok;
      break;
    }
    case vg_case::seal_new_key:
      for (auto _ : state) {
        aead_key fresh;
        ok &= aead_key::create(alg, f.key, fresh) == status::ok;
        ok &= fresh.seal(f.nonce, f.aad, f.data, f.data, f.tag) == status::ok;
      }
      break;
  }
  if (!ok) state.SkipWithError("a vgcrypt call failed");
  finish(state, n);
}

void run_peer(benchmark::State& state, const peer* p, algorithm alg, bool seal) {
  const auto n = static_cast<std::size_t>(state.range(0));
  fixture f(alg, n);
  std::unique_ptr<peer_key> key = p->make_key(alg, f.key);
  if (!key) {
    state.SkipWithError("peer key setup failed");
    return;
  }
  bool ok = true;
  if (seal) {
    for (auto _ : state) ok &= key->seal(f.nonce, f.aad, f.data, f.data, f.tag);
  } else {
    ok = key->seal(f.nonce, f.aad, f.data, f.out, f.tag);
    for (auto _ : state) ok &= key->open(f.nonce, f.aad, f.out, f.data, f.tag);
  }
  if (!ok) state.SkipWithError("a peer call failed");
  finish(state, n);
}

void add(const std::string& name, std::function<void(benchmark::State&)> fn) {
  benchmark::internal::Benchmark* b =
      benchmark::RegisterBenchmark(name.c_str(), [fn](benchmark::State& s) { fn(s); });
  // Wall time: in virtual machines the thread CPU-time clock can undercount (see
  // bench/limit/clock.hpp), and the counters derived from time follow this choice.
  b->UseRealTime();
  for (std::int64_t n : sizes) b->Arg(n);
}

}  // namespace

void register_gcm_cases() {
  const std::pair<algorithm, const char*> algs[] = {{algorithm::aes_128_gcm, "aes-128-gcm"},
                                                    {algorithm::aes_256_gcm, "aes-256-gcm"}};
  const std::pair<vg_case, const char*> cases[] = {
      {vg_case::seal, "seal"},
      {vg_case::open, "open"},
      {vg_case::seal_out_of_place, "seal-out-of-place"},
      {vg_case::seal_two_pieces, "seal-two-pieces"},
      {vg_case::seal_new_key, "seal-new-key"}};
  for (const auto& [alg, alg_text] : algs) {
    for (const auto& [which, case_text] : cases) {
      add(std::string(alg_text) + "-" + case_text,
          [alg = alg, which = which](benchmark::State& s) { run_vgcrypt(s, alg, which); });
    }
  }
  for (const peer* p : all_peers()) {
    for (const auto& [alg, alg_text] : algs) {
      if (!p->supports(alg)) continue;
      for (bool seal : {true, false}) {
        add(std::string(p->name()) + "/" + alg_text + (seal ? "-seal" : "-open"),
            [p, alg = alg, seal](benchmark::State& s) { run_peer(s, p, alg, seal); });
      }
    }
  }
}

}  // namespace vg::bench
