// Differential fuzz target for open() on arbitrary (mostly forged) ciphertexts: the last tag-length
// bytes of the message are the tag. The library, the spec and (for GCM) OpenSSL must agree on
// accept/reject and, on accept, on the plaintext; on reject the library's output must be all zero.
// Inputs made by the seed corpus are genuine vectors, so mutations near them hit both verdicts.
#include <algorithm>
#include <vector>

#include "fuzz_input.hpp"
#include "openssl_gcm.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"

using vg::fuzz::fail;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto c = vg::fuzz::parse(data, size);
  if (!c || c->message.size() < c->tag_len) return 0;
  vg::aead_key key;
  const vg::status created = vg::aead_key::create(c->alg, c->key, key, c->backend);
  if (created == vg::status::unsupported && c->siv) return 0;
  if (created != vg::status::ok) fail(*c, "create");

  const auto ct = c->message.first(c->message.size() - c->tag_len);
  const auto tag = c->message.last(c->tag_len);
  std::vector<std::uint8_t> out(ct.size(), 0xa5);
  const vg::status st = key.open(c->nonce, c->aad, ct, out, tag);
  if (st != vg::status::ok && st != vg::status::auth) fail(*c, "open status");

  const auto spec = c->siv ? vg::spec::gcm_siv_open(c->key, c->nonce, c->aad, ct, tag)
                           : vg::spec::gcm_open(c->key, c->nonce, c->aad, ct, tag);
  if ((st == vg::status::ok) != spec.has_value()) fail(*c, "verdict differs from the spec");
  if (spec && *spec != out) fail(*c, "plaintext differs from the spec");
  if (!spec && !std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0; }))
    fail(*c, "output not zeroed on reject");
  if (!c->siv) {
    const auto ossl = vg::fuzz::openssl_gcm_open(c->key, c->nonce, c->aad, ct, tag);
    if (ossl.has_value() != spec.has_value()) fail(*c, "verdict differs from OpenSSL");
    if (ossl && *ossl != out) fail(*c, "plaintext differs from OpenSSL");
  }
  return 0;
}
