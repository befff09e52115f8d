// Differential fuzz target: seal with the chosen backend and compare, byte for byte, with the spec
// (src/spec) and, for GCM, with OpenSSL; then open(seal(x)) must return x, and a ciphertext or tag
// with one flipped bit must be rejected with the whole output zeroed. The input layout is in
// fuzz_input.hpp.
#include <algorithm>
#include <cstring>
#include <vector>

#include "batch_check.hpp"
#include "fuzz_input.hpp"
#include "openssl_gcm.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"

namespace {

using vg::fuzz::fail;

bool all_zero(const std::vector<std::uint8_t>& v) {
  return std::all_of(v.begin(), v.end(), [](std::uint8_t b) { return b == 0; });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto c = vg::fuzz::parse(data, size);
  if (!c) return 0;
  vg::aead_key key;
  const vg::status created = vg::aead_key::create(c->alg, c->key, key, c->backend);
  if (created == vg::status::unsupported && c->siv) return 0;  // backend without GCM-SIV
  if (created != vg::status::ok) fail(*c, "create");

  const std::size_t len = c->message.size();
  std::vector<std::uint8_t> ct(len), tag(c->tag_len);
  if (key.seal(c->nonce, c->aad, c->message, ct, tag) != vg::status::ok) fail(*c, "seal status");
  std::vector<std::uint8_t> sealed = ct;
  sealed.insert(sealed.end(), tag.begin(), tag.end());

  const auto expected = c->siv
                            ? vg::spec::gcm_siv_seal(c->key, c->nonce, c->aad, c->message)
                            : vg::spec::gcm_seal(c->key, c->nonce, c->aad, c->message, c->tag_len);
  if (sealed != expected) fail(*c, "seal differs from the spec");
  if (!c->siv &&
      sealed != vg::fuzz::openssl_gcm_seal(c->key, c->nonce, c->aad, c->message, c->tag_len))
    fail(*c, "seal differs from OpenSSL");

  std::vector<std::uint8_t> out(len, 0xa5);
  if (key.open(c->nonce, c->aad, ct, out, tag) != vg::status::ok)
    fail(*c, "open(seal(x)) rejected");
  if (!std::equal(out.begin(), out.end(), c->message.begin(), c->message.end()))
    fail(*c, "open(seal(x)) != x");

  // One flipped bit, chosen by the input itself: in the tag, then (if any) in the ciphertext.
  const std::size_t pick = size * 31 + data[size - 1];
  std::vector<std::uint8_t> bad_tag = tag;
  bad_tag[pick % tag.size()] ^= static_cast<std::uint8_t>(1u << (pick % 8));
  std::fill(out.begin(), out.end(), 0xa5);
  if (key.open(c->nonce, c->aad, ct, out, bad_tag) != vg::status::auth)
    fail(*c, "bad tag accepted");
  if (!all_zero(out)) fail(*c, "output not zeroed after a bad tag");
  if (len != 0) {
    std::vector<std::uint8_t> bad_ct = ct;
    bad_ct[pick % len] ^= static_cast<std::uint8_t>(1u << ((pick >> 3) % 8));
    std::fill(out.begin(), out.end(), 0xa5);
    if (key.open(c->nonce, c->aad, bad_ct, out, tag) != vg::status::auth)
      fail(*c, "modified ciphertext accepted");
    if (!all_zero(out)) fail(*c, "output not zeroed after a modified ciphertext");
  }
  // In place gives the same bytes as out of place.
  std::vector<std::uint8_t> in_place(c->message.begin(), c->message.end()), tag2(c->tag_len);
  if (key.seal(c->nonce, c->aad, in_place, in_place, tag2) != vg::status::ok || in_place != ct ||
      tag2 != tag)
    fail(*c, "in-place seal differs");
  vg::fuzz::check_batch(*c, key, ct, tag);
  return 0;
}
