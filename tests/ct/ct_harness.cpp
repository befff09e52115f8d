// Constant-time check of the whole library under valgrind memcheck or MemorySanitizer (see
// secret.hpp: the same source is built for both).
//
// For every backend the checker can execute (each GCM kernel variant of it) and every algorithm
// the backend implements, the key, the plaintext and (for open) the ciphertext and tag are marked
// secret; key setup (key expansion, H powers), seal and open (one-shot and incremental), and
// AES-CTR then run over message lengths
// that reach every kernel path (empty, partial block, whole blocks, one more, batches, long bulk)
// and several AAD lengths. Nonces, counters, AAD and lengths are public. The only value made public
// again is the status open() returns, right before the harness branches on it: the verdict is the
// caller's to act on.
//
// No std::string: under MemorySanitizer every function that touches marked data must be
// instrumented, and std::string's out-of-line members live in the (uninstrumented) libstdc++.
//
// Modes: no argument = the library check; `--selftest branch|lookup` = run one deliberately leaky
// function under the same marking (the checker must report it, see expect_leak.sh).
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "ct/leaky.hpp"
#include "ct/secret.hpp"
#include "dispatch/registry.hpp"
#include "vg/aead.hpp"
#include "vg/cpu.hpp"
#include "vg/ctr.hpp"
#include "vg/gcm_stream.hpp"

namespace {

using vg::ct_test::declassify;
using vg::ct_test::mark_secret;

constexpr std::size_t kMessageLengths[] = {0, 1, 15, 16, 17, 255, 256, 257, 1100, 4200};
constexpr std::size_t kAadLengths[] = {0, 1, 13, 16, 33, 300};
// Many batches of every kernel (16 blocks on vaes-avx512) and of the stream's slices.
constexpr std::size_t kLongLength = 16 * 1024 + 5;

constexpr vg::algorithm kAlgorithms[] = {
    vg::algorithm::aes_128_gcm,     vg::algorithm::aes_192_gcm,     vg::algorithm::aes_256_gcm,
    vg::algorithm::aes_128_gcm_siv, vg::algorithm::aes_256_gcm_siv, vg::algorithm::xaes_256_gcm,
};

bool is_siv(vg::algorithm alg) {
  return alg == vg::algorithm::aes_128_gcm_siv || alg == vg::algorithm::aes_256_gcm_siv;
}

const char* alg_name(vg::algorithm alg) {
  switch (alg) {
    case vg::algorithm::aes_128_gcm:
      return "aes-128-gcm";
    case vg::algorithm::aes_192_gcm:
      return "aes-192-gcm";
    case vg::algorithm::aes_256_gcm:
      return "aes-256-gcm";
    case vg::algorithm::aes_128_gcm_siv:
      return "aes-128-gcm-siv";
    case vg::algorithm::aes_256_gcm_siv:
      return "aes-256-gcm-siv";
    case vg::algorithm::xaes_256_gcm:
      return "xaes-256-gcm";
  }
  return "?";
}

// Deterministic filler (the values do not matter to memcheck, only their definedness does).
void fill(std::span<std::uint8_t> out, std::uint32_t seed) {
  for (std::uint8_t& b : out) {
    seed = seed * 1664525u + 1013904223u;
    b = static_cast<std::uint8_t>(seed >> 24);
  }
}

struct counts {
  int failures = 0;
  int cases = 0;
};

// A case's name for the report, e.g. "vaes-avx512 aes-128-gcm nonce=12 aad=13 len=255".
struct name {
  char text[160];
  [[gnu::format(printf, 2, 3)]] explicit name(const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
  }
};

void expect(bool ok, counts& c, const name& what, const char* step) {
  if (!ok) {
    ++c.failures;
    std::fprintf(stderr, "FAIL: %s: %s\n", what.text, step);
  }
}

// open() on secret ciphertext and tag; only the returned status is declassified.
vg::status open_secret(const vg::aead_key& key, std::span<const std::uint8_t> nonce,
                       std::span<const std::uint8_t> aad, std::vector<std::uint8_t>& ct,
                       std::span<std::uint8_t> tag, std::vector<std::uint8_t>& out) {
  mark_secret(ct.data(), ct.size());
  mark_secret(tag.data(), tag.size());
  vg::status st = key.open(nonce, aad, ct, out, tag);
  declassify(&st, sizeof st);
  return st;
}

// Seal then open (right tag, flipped tag, truncated tag) for one message shape.
void check_shape(const vg::aead_key& key, std::size_t nonce_len, std::size_t aad_len,
                 std::size_t len, counts& c, const char* label) {
  std::vector<std::uint8_t> nonce(nonce_len), aad(aad_len), pt(len), ct(len), out(len);
  fill(nonce, 1u + static_cast<std::uint32_t>(len));
  fill(aad, 2u + static_cast<std::uint32_t>(aad_len));
  fill(pt, 3u + static_cast<std::uint32_t>(len * 7 + aad_len));
  mark_secret(pt.data(), pt.size());
  std::uint8_t tag[16];
  const name what("%s nonce=%zu aad=%zu len=%zu", label, nonce_len, aad_len, len);
  ++c.cases;
  // seal's status depends only on lengths and pointers: it must already be public.
  if (key.seal(nonce, aad, pt, ct, tag) != vg::status::ok) {
    expect(false, c, what, "seal");
    return;
  }
  expect(open_secret(key, nonce, aad, ct, tag, out) == vg::status::ok, c, what, "open");
  // A wrong tag: the same code must run, only the (declassified) verdict differs.
  std::uint8_t bad[16];
  std::memcpy(bad, tag, sizeof bad);
  bad[len % 16] ^= 0x20;
  expect(open_secret(key, nonce, aad, ct, bad, out) == vg::status::auth, c, what, "bad tag");
  if (!is_siv(key.alg()) && key.alg() != vg::algorithm::xaes_256_gcm) {
    // Truncated tags take the same comparison over fewer bytes (GCM only: the others take 16).
    expect(open_secret(key, nonce, aad, ct, std::span(tag, 12), out) == vg::status::ok, c, what,
           "12-byte tag");
    std::vector<std::uint8_t> in_place = ct;
    expect(open_secret(key, nonce, aad, in_place, std::span(tag, 4), in_place) == vg::status::ok, c,
           what, "in place, 4-byte tag");
  }
}

// The incremental API over one message: AAD in two pieces, the text in uneven chunks (partial
// blocks, the stitched block ops, a long run), seal then open; only open's status is declassified.
// Decrypting updates release plaintext before the verdict by design, so only timing is at stake.
void check_stream(const vg::aead_key& key, std::size_t nonce_len, std::size_t len, counts& c,
                  const char* label) {
  std::vector<std::uint8_t> nonce(nonce_len), aad(21), pt(len), ct(len), out(len);
  fill(nonce, 4u + static_cast<std::uint32_t>(nonce_len));
  fill(aad, 5u);
  fill(pt, 6u + static_cast<std::uint32_t>(len));
  mark_secret(pt.data(), pt.size());
  const name what("%s stream nonce=%zu len=%zu", label, nonce_len, len);
  ++c.cases;
  constexpr std::size_t kChunks[] = {1, 15, 33, 700, 4096};
  std::uint8_t tag[16];
  const auto run = [&](vg::gcm_stream& s, const std::vector<std::uint8_t>& in,
                       std::vector<std::uint8_t>& to) {
    bool ok = s.aad(std::span(aad).first(5)) == vg::status::ok &&
              s.aad(std::span(aad).subspan(5)) == vg::status::ok;
    for (std::size_t done = 0, i = 0; done < len; ++i) {
      const std::size_t n = std::min(kChunks[i % std::size(kChunks)], len - done);
      ok = ok && s.update(std::span(in).subspan(done, n), std::span(to).subspan(done, n)) ==
                     vg::status::ok;
      done += n;
    }
    return ok;
  };
  vg::gcm_stream sealer;
  bool ok = sealer.begin_seal(key, nonce) == vg::status::ok && run(sealer, pt, ct) &&
            sealer.finish_seal(tag) == vg::status::ok;
  expect(ok, c, what, "seal");
  mark_secret(ct.data(), ct.size());
  mark_secret(tag, sizeof tag);
  vg::gcm_stream opener;
  ok = opener.begin_open(key, nonce) == vg::status::ok && run(opener, ct, out);
  vg::status st = opener.finish_open(tag);
  declassify(&st, sizeof st);
  expect(ok && st == vg::status::ok, c, what, "open");
}

// seal_batch/open_batch over one batch: jobs of the batch kernels (short: message and AAD up to
// 64 B; medium: 65 B to 1520 B with a 64-byte AAD, groups of mixed lengths and of one; full and
// truncated tags, partial groups) mixed with longer jobs and a 16-byte nonce, more jobs than one
// chunk of columns. Plaintext, ciphertext and tags are secret; only the batch's status and each
// job's result are declassified, and four jobs carry forged tags.
void check_batch(const vg::aead_key& key, counts& c, const char* label) {
  constexpr std::size_t kLens[] = {0,   1,    16,   17,   48,   63,  64, 65,
                                   576, 1420, 2000, 4000, 4200, 300, 700};
  constexpr std::size_t kAads[] = {0, 13, 16, 64, 5};
  constexpr std::size_t kJobs = 23;
  // GCM takes any nonce length and tags down to 4 bytes; GCM-SIV and XAES-256-GCM one nonce
  // length and 16-byte tags.
  const bool gcm = !is_siv(key.alg()) && key.alg() != vg::algorithm::xaes_256_gcm;
  const std::size_t nonce_len = vg::nonce_length(key.alg());
  std::vector<std::vector<std::uint8_t>> nonce(kJobs), aad(kJobs), pt(kJobs), ct(kJobs), out(kJobs),
      tag(kJobs);
  std::vector<vg::seal_job> seal(kJobs);
  for (std::size_t i = 0; i < kJobs; ++i) {
    const std::size_t len = kLens[i % std::size(kLens)];
    nonce[i].resize(gcm && i == 5 ? 16 : nonce_len);
    aad[i].resize(kAads[i % std::size(kAads)]);
    pt[i].resize(len);
    ct[i].resize(len);
    out[i].resize(len);
    tag[i].resize(!gcm || i % 3 != 0 ? 16 : (i % 2 != 0 ? 12 : 4));
    fill(nonce[i], 40u + static_cast<std::uint32_t>(i));
    fill(aad[i], 41u + static_cast<std::uint32_t>(i));
    fill(pt[i], 42u + static_cast<std::uint32_t>(i));
    mark_secret(pt[i].data(), pt[i].size());
    seal[i] = {nonce[i], aad[i], pt[i], ct[i], tag[i]};
  }
  const name what("%s batch of %zu", label, kJobs);
  ++c.cases;
  // seal's status depends only on lengths and pointers: it must already be public.
  if (key.seal_batch(seal) != vg::status::ok) {
    expect(false, c, what, "seal_batch");
    return;
  }
  std::vector<vg::open_job> open(kJobs);
  for (std::size_t i = 0; i < kJobs; ++i) {
    mark_secret(ct[i].data(), ct[i].size());
    mark_secret(tag[i].data(), tag[i].size());
    open[i].nonce = nonce[i];
    open[i].aad = aad[i];
    open[i].in = ct[i];
    open[i].out = out[i];
    open[i].tag = tag[i];
  }
  // Forged: a job of the short batch kernel (empty), two of the medium one (576 B and 300 B, in a
  // group of four with 700 B and 1232 B jobs) and one of the single-call kernels (16-byte nonce).
  const auto forged = [](std::size_t i) { return i == 5 || i == 8 || i == 10 || i == 15; };
  for (std::size_t i : {5, 8, 10, 15}) tag[i][0] ^= 1;
  vg::status st = key.open_batch(open);
  declassify(&st, sizeof st);
  bool results_ok = true;
  for (std::size_t i = 0; i < kJobs; ++i) {
    vg::status r = open[i].result;
    declassify(&r, sizeof r);
    results_ok = results_ok && r == (forged(i) ? vg::status::auth : vg::status::ok);
  }
  expect(st == vg::status::auth && results_ok, c, what, "open_batch");
}

void check_key(vg::algorithm alg, std::string_view backend, counts& c) {
  std::uint8_t key_bytes[32];
  const std::size_t key_len = vg::key_length(alg);
  fill(std::span(key_bytes, key_len), 0x5eed + static_cast<std::uint32_t>(alg));
  mark_secret(key_bytes, key_len);
  vg::aead_key key;
  // create()'s status depends on the algorithm, the key length and the backend only.
  const vg::status st = vg::aead_key::create(alg, std::span(key_bytes, key_len), key, backend);
  const name label("%.*s %s", static_cast<int>(backend.size()), backend.data(), alg_name(alg));
  if (st == vg::status::unsupported && is_siv(alg)) {
    std::printf("skip %s: GCM-SIV not implemented by this backend\n", label.text);
    return;
  }
  if (st != vg::status::ok) {
    expect(false, c, label, "create");
    return;
  }
  const int before = c.cases;
  // XAES-256-GCM: 24-byte nonces only; the message key is derived (and set up with the powers of
  // H its message reads) from the secret key in every call, the stream derives it at its start.
  const std::size_t nonce_bytes = vg::nonce_length(alg);
  for (std::size_t len : kMessageLengths) {
    for (std::size_t aad_len : kAadLengths)
      check_shape(key, nonce_bytes, aad_len, len, c, label.text);
  }
  check_shape(key, nonce_bytes, 13, kLongLength, c, label.text);
  if (alg == vg::algorithm::xaes_256_gcm) {
    for (std::size_t len : {std::size_t{4200}, kLongLength})
      check_stream(key, nonce_bytes, len, c, label.text);
  } else if (!is_siv(alg)) {
    // Nonces that are not 12 bytes derive J0 through GHASH with the secret H, so the counter
    // values are secret too: long messages make the bulk loops run and the low counter byte wrap.
    for (std::size_t nonce_len : {1, 16, 60}) {
      for (std::size_t len : {100, 4200}) check_shape(key, nonce_len, 16, len, c, label.text);
    }
    for (std::size_t nonce_len : {12, 16}) {
      for (std::size_t len : {std::size_t{4200}, kLongLength})
        check_stream(key, nonce_len, len, c, label.text);
    }
  }
  check_batch(key, c, label.text);
  // Moving a key copies and wipes its state; the moved-to key must still work the same way.
  vg::aead_key moved = std::move(key);
  check_shape(moved, nonce_bytes, 16, 64, c, name("%s (moved)", label.text).text);
  std::printf("checked %s: %d message shapes\n", label.text, c.cases - before);
}

// AES-CTR with a secret key and secret input; the counter block is public. Counters whose low 32
// and 64 bits are about to wrap take the carry paths.
void check_ctr(std::size_t key_len, std::string_view backend, counts& c) {
  std::uint8_t key_bytes[32];
  fill(std::span(key_bytes, key_len), 0xc7 + static_cast<std::uint32_t>(key_len));
  mark_secret(key_bytes, key_len);
  const name label("%.*s aes-%zu-ctr", static_cast<int>(backend.size()), backend.data(),
                   key_len * 8);
  vg::ctr_key key;
  if (vg::ctr_key::create(std::span(key_bytes, key_len), key, backend) != vg::status::ok) {
    expect(false, c, label, "create");
    return;
  }
  const int before = c.cases;
  constexpr std::uint8_t kLowBytes[] = {0x00, 0xfe, 0xff};  // low 64 bits 0…, ff…fe, ff…ff
  for (std::size_t len : kMessageLengths) {
    for (std::uint8_t low : kLowBytes) {
      std::vector<std::uint8_t> in(len), out(len);
      fill(in, 7u + static_cast<std::uint32_t>(len));
      mark_secret(in.data(), in.size());
      std::uint8_t counter[16];
      fill(counter, 8u);
      std::memset(counter + 8, low, 8);
      ++c.cases;
      expect(key.crypt(counter, in, out) == vg::status::ok, c,
             name("%s len=%zu counter low=%02x", label.text, len, low), "crypt");
    }
  }
  std::printf("checked %s: %d messages\n", label.text, c.cases - before);
}

int run_library_check() {
  counts c;
  int backends_checked = 0;
  const auto check_backend = [&](std::string_view name) {
    ++backends_checked;
    for (vg::algorithm alg : kAlgorithms) check_key(alg, name, c);
    for (std::size_t key_len : {16, 24, 32}) check_ctr(key_len, name, c);
  };
  for (const vg::backend_info& b : vg::backends()) {
    if (!b.runnable) {
      std::printf("skip %.*s: not runnable here (not on this CPU, or hidden by the checker)\n",
                  static_cast<int>(b.name.size()), b.name.data());
      continue;
    }
    // A backend built in several GCM kernel variants: each of them, by "name/variant".
    bool variants = false;
    for (const vg::detail::backend* t : vg::detail::all_gcm_tables()) {
      if (t->name != b.name || t->gcm_variant.empty()) continue;
      variants = true;
      char qualified[64];
      const int n = std::snprintf(qualified, sizeof qualified, "%.*s/%.*s",
                                  static_cast<int>(b.name.size()), b.name.data(),
                                  static_cast<int>(t->gcm_variant.size()), t->gcm_variant.data());
      check_backend(std::string_view(qualified, static_cast<std::size_t>(n)));
    }
    if (!variants) check_backend(b.name);
  }
  std::printf("%s: %d backends, %d cases, %d failures\n", vg::ct_test::kChecker, backends_checked,
              c.cases, c.failures);
  return (c.failures == 0 && backends_checked > 0) ? 0 : 1;
}

int run_selftest(std::string_view which) {
  std::uint8_t secret[1] = {0x53};
  mark_secret(secret, sizeof secret);
  // The results are ignored: using them would add reports outside the leaky functions.
  if (which == "branch") {
    (void)vg_ct_selftest_branch_on_secret(secret);
    return 0;
  }
  if (which == "lookup") {
    (void)vg_ct_selftest_lookup_by_secret(secret);
    return 0;
  }
  std::fprintf(stderr, "unknown self-test '%.*s'\n", static_cast<int>(which.size()), which.data());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (!vg::ct_test::checker_active()) {
    // Without the checker nothing is checked; passing here would be a silent false "constant time".
    std::fprintf(stderr, "%s must run under %s\n", argv[0], vg::ct_test::kChecker);
    return 2;
  }
  if (argc == 3 && std::string_view(argv[1]) == "--selftest") return run_selftest(argv[2]);
  if (argc != 1) {
    std::fprintf(stderr, "usage: %s [--selftest branch|lookup]\n", argv[0]);
    return 2;
  }
  return run_library_check();
}
