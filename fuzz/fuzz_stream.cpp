// Differential fuzz target for the incremental API: a GCM message sealed and opened through
// vg::gcm_stream in random pieces (AAD and text chunked, in place or not, the stream copied midway
// and both copies finished) must give exactly one-shot seal's ciphertext and tag, open to the
// message, and reject a tag with one flipped bit. The input layout is fuzz_input.hpp's; the
// chunking comes from a generator seeded with the input's bytes.
#include <cstring>
#include <vector>

#include "fuzz_input.hpp"
#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace {

using bytes = std::vector<std::uint8_t>;
using vg::fuzz::fail;

// splitmix64: reproducible piece sizes from the input.
struct pieces {
  std::uint64_t state;
  std::size_t next(std::size_t left) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    const std::size_t cap = z % 4 == 0 ? 17 : 300;  // short pieces often: the partial-block paths
    return left == 0 ? 0 : 1 + static_cast<std::size_t>((z >> 8) % cap) % left;
  }
};

std::uint64_t seed_of(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 0xcbf29ce484222325u;  // FNV-1a
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3u;
  return h;
}

void feed_aad(const vg::fuzz::call& c, vg::gcm_stream& s, pieces& p) {
  for (std::size_t at = 0; at < c.aad.size();) {
    const std::size_t n = p.next(c.aad.size() - at);
    if (s.aad(c.aad.subspan(at, n)) != vg::status::ok) fail(c, "stream aad");
    at += n;
  }
}

// Runs update() over in[from, to) in pieces, writing out[from, to); in place when asked.
void feed_text(const vg::fuzz::call& c, vg::gcm_stream& s, pieces& p, const bytes& in, bytes& out,
               std::size_t from, std::size_t to, bool in_place) {
  for (std::size_t at = from; at < to;) {
    const std::size_t n = p.next(to - at);
    vg::status st;
    if (in_place) {
      std::memcpy(out.data() + at, in.data() + at, n);
      st = s.update({out.data() + at, n}, {out.data() + at, n});
    } else {
      st = s.update({in.data() + at, n}, {out.data() + at, n});
    }
    if (st != vg::status::ok) fail(c, "stream update");
    at += n;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto c = vg::fuzz::parse(data, size);
  if (!c || c->siv) return 0;  // the incremental API is GCM only
  vg::aead_key key;
  if (vg::aead_key::create(c->alg, c->key, key, c->backend) != vg::status::ok) fail(*c, "create");
  const bytes msg(c->message.begin(), c->message.end());
  const std::size_t len = msg.size();
  bytes ct(len), tag(c->tag_len);
  if (key.seal(c->nonce, c->aad, msg, ct, tag) != vg::status::ok) fail(*c, "seal status");

  pieces p{seed_of(data, size)};
  const bool in_place = p.next(2) == 1;
  const std::size_t half = len == 0 ? 0 : p.next(len + 1) - 1;

  // Seal in pieces; copy the stream after the first part and finish both.
  vg::gcm_stream s;
  if (s.begin_seal(key, c->nonce) != vg::status::ok) fail(*c, "begin_seal");
  feed_aad(*c, s, p);
  bytes out(len);
  feed_text(*c, s, p, msg, out, 0, half, in_place);
  vg::gcm_stream copy = s;
  for (vg::gcm_stream* each : {&s, &copy}) {
    bytes mine = out, got_tag(c->tag_len);
    feed_text(*c, *each, p, msg, mine, half, len, !in_place);
    if (each->finish_seal(got_tag) != vg::status::ok) fail(*c, "finish_seal");
    if (mine != ct) fail(*c, "stream ciphertext differs from one-shot seal");
    if (got_tag != tag) fail(*c, "stream tag differs from one-shot seal");
  }

  // Open in pieces: the genuine tag, then the tag with one bit flipped.
  for (int forged = 0; forged < 2; ++forged) {
    bytes t = tag, back(len);
    if (forged) t[p.next(t.size()) - 1] ^= static_cast<std::uint8_t>(1u << p.next(8) % 8);
    vg::gcm_stream o;
    if (o.begin_open(key, c->nonce) != vg::status::ok) fail(*c, "begin_open");
    feed_aad(*c, o, p);
    feed_text(*c, o, p, ct, back, 0, len, in_place);
    const vg::status st = o.finish_open(t);
    if (st != (forged ? vg::status::auth : vg::status::ok)) fail(*c, "finish_open verdict");
    if (!forged && back != msg) fail(*c, "stream open differs from the message");
  }
  return 0;
}
