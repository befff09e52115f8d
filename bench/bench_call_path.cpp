// Where a short call's time goes: the same AES-GCM seal or open (12-byte nonce, 13-byte AAD,
// 16-byte tag, out of place) timed at three depths of the call path, on the backend (and GCM kernel
// variant) this process chooses:
//
//   call-path/<alg>-<op>-kernel/N   the backend's entry called directly with a prepared J0
//   call-path/<alg>-<op>-j0/N       the same, with J0 built from the nonce on every call in one
//                                   16-byte store (as the mode layer does) and the table reached
//                                   through a pointer the compiler cannot fold
//   call-path/<alg>-<op>-api/N      aead_key::seal / aead_key::open: the checks of the buffers and
//                                   lengths, the stack record, J0 and the same entry
//
// api - j0 is what the mode layer's checks and the stack record cost; j0 - kernel what building
// J0 and the indirect call add (docs/design/dispatch.md).
#include <cstdlib>
#include <new>
#include <string>
#include <utility>

#include "bench.hpp"
#include "dispatch/registry.hpp"
#include "modes/modes.hpp"
#include "vg/aead.hpp"

namespace vg::bench {
namespace {

constexpr std::size_t aad_bytes = 13;

enum class depth { kernel, j0, api };

// Every buffer at a fixed place in page-aligned memory, the same for the three depths: a short
// call's time moves by 10-20 % with where its stores fall modulo 4 KiB against its loads (4K
// aliasing), which would otherwise decide the comparison. Both key states (the aead_key's and the
// one the kernel depths use) lie in the first 2.2 KiB of their pages, the output and the tag past
// 2 KiB, so no store of a call aliases a load of its key.
class arena {
 public:
  static constexpr std::size_t page = 4096, max_len = 1024;
  arena() : base_(static_cast<std::uint8_t*>(std::aligned_alloc(page, 5 * page))) {}
  ~arena() { std::free(base_); }
  arena(const arena&) = delete;
  arena& operator=(const arena&) = delete;
  bool ok() const { return base_ != nullptr; }
  void* key_object() const { return base_; }
  std::uint8_t* state() const { return base_ + page; }
  std::uint8_t* data() const { return base_ + 2 * page + 2304; }
  std::uint8_t* out() const { return base_ + 3 * page + 2304; }
  std::uint8_t* tag() const { return base_ + 4 * page + 3584; }
  std::uint8_t* aad() const { return base_ + 4 * page + 3712; }
  std::uint8_t* nonce() const { return base_ + 4 * page + 3840; }

 private:
  std::uint8_t* base_;
};
static_assert(sizeof(aead_key) <= arena::page && detail::key_state_bytes <= arena::page);

void run(benchmark::State& state, algorithm alg, bool seal, depth where) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const arena mem;
  if (!mem.ok() || n > arena::max_len) {
    state.SkipWithError("no room for the buffers");
    return;
  }
  std::uint8_t raw_key[32];
  for (std::size_t i = 0; i < sizeof raw_key; ++i)
    raw_key[i] = static_cast<std::uint8_t>(i * 7 + 1);
  for (std::size_t i = 0; i < 12; ++i) mem.nonce()[i] = static_cast<std::uint8_t>(i + 9);
  for (std::size_t i = 0; i < aad_bytes; ++i) mem.aad()[i] = static_cast<std::uint8_t>(i * 3);
  for (std::size_t i = 0; i < n; ++i) mem.data()[i] = static_cast<std::uint8_t>(i * 13 + 5);
  const bytes_view key_bytes(raw_key, key_length(alg)), nonce(mem.nonce(), 12),
      aad(mem.aad(), aad_bytes), data(mem.data(), n), out_view(mem.out(), n);
  const bytes_span data_out(mem.data(), n), out(mem.out(), n), tag(mem.tag(), 16);

  aead_key& key = *new (mem.key_object()) aead_key;
  struct destroy {
    aead_key& k;
    ~destroy() { k.~aead_key(); }
  } destroy_key{key};
  if (aead_key::create(alg, key_bytes, key) != status::ok) {
    state.SkipWithError("aead_key::create failed");
    return;
  }
  // The table the key runs on: the chosen backend, in the variant this process chose.
  const detail::backend* b = detail::find_runnable_backend(key.backend_name());
  if (b == nullptr) {
    state.SkipWithError("the key's backend is not runnable");
    return;
  }
  state.SetLabel(std::string(key.backend_name()));
  std::uint8_t* const st = mem.state();
  b->gcm->setup(st, key_bytes.data(), key_bytes.size());
  alignas(16) std::uint8_t j0[16];
  detail::gcm::j0_96(nonce.data(), j0);
  // A valid ciphertext and tag for open (every call authenticates).
  bool ok = key.seal(nonce, aad, data, out, tag) == status::ok;
  const detail::backend* volatile opaque = b;
  std::uint8_t verdicts = 0xff;
  switch (where) {
    case depth::kernel:
      for (auto _ : state) {
        if (seal) {
          b->gcm->seal(st, j0, true, aad.data(), aad_bytes, data.data(), out.data(), n, tag.data());
        } else {
          verdicts &= b->gcm->open_verify(st, j0, true, aad.data(), aad_bytes, out.data(),
                                          data_out.data(), n, tag.data(), 16);
        }
      }
      break;
    case depth::j0:
      for (auto _ : state) {
        alignas(16) std::uint8_t fresh[16];
        detail::gcm::j0_96(nonce.data(), fresh);
        const detail::gcm_ops& ops = *opaque->gcm;
        if (seal) {
          ops.seal(st, fresh, true, aad.data(), aad_bytes, data.data(), out.data(), n, tag.data());
        } else {
          verdicts &= ops.open_verify(st, fresh, true, aad.data(), aad_bytes, out.data(),
                                      data_out.data(), n, tag.data(), 16);
        }
      }
      break;
    case depth::api:
      for (auto _ : state) {
        if (seal) {
          ok &= key.seal(nonce, aad, data, out, tag) == status::ok;
        } else {
          ok &= key.open(nonce, aad, out_view, data_out, tag) == status::ok;
        }
      }
      break;
  }
  if (b->gcm->wipe != nullptr) b->gcm->wipe(st);
  if (!ok || verdicts != 0xff) state.SkipWithError("a call failed");
  const auto total = static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(n);
  state.SetBytesProcessed(total);
  state.counters["cpb"] = cycles_per_byte(total);
}

}  // namespace

void register_call_path_cases() {
  const std::pair<algorithm, const char*> algs[] = {{algorithm::aes_128_gcm, "aes-128-gcm"},
                                                    {algorithm::aes_256_gcm, "aes-256-gcm"}};
  const std::pair<depth, const char*> depths[] = {
      {depth::kernel, "kernel"}, {depth::j0, "j0"}, {depth::api, "api"}};
  for (const auto& [alg, alg_text] : algs) {
    for (const bool seal : {true, false}) {
      for (const auto& [where, depth_text] : depths) {
        const std::string name =
            std::string("call-path/") + alg_text + (seal ? "-seal-" : "-open-") + depth_text;
        benchmark::internal::Benchmark* bm = benchmark::RegisterBenchmark(
            name.c_str(),
            [alg = alg, seal, where = where](benchmark::State& s) { run(s, alg, seal, where); });
        bm->UseRealTime();  // as bench_gcm.cpp: the thread CPU clock undercounts in VMs
        for (const std::int64_t n : {16, 64, 256, 1024}) bm->Arg(n);  // at most arena::max_len
      }
    }
  }
}

}  // namespace vg::bench
