// See fuzz_input.hpp for the byte layout.
#include "fuzz_input.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/backends.hpp"

namespace vg::fuzz {
namespace {

// Every runnable backend and each GCM kernel variant of it ("vaes-avx512/karatsuba"), whichever
// this CPU would choose: the test suites' list, so that the fuzzers reach every table too.
const std::vector<std::string>& runnable() {
  static const std::vector<std::string> names = vg::test::runnable_backends();
  return names;
}

}  // namespace

std::optional<call> parse(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t header = 6;
  if (size < header) return std::nullopt;
  constexpr vg::algorithm algs[] = {
      vg::algorithm::aes_128_gcm,     vg::algorithm::aes_192_gcm,     vg::algorithm::aes_256_gcm,
      vg::algorithm::aes_128_gcm_siv, vg::algorithm::aes_256_gcm_siv,
  };
  call c;
  c.alg = algs[data[0] % 5];
  c.siv = c.alg == vg::algorithm::aes_128_gcm_siv || c.alg == vg::algorithm::aes_256_gcm_siv;
  c.backend = runnable()[data[1] % runnable().size()];
  const std::size_t nonce_len = (c.siv || data[2] < 0xc0) ? 12 : 1 + data[2] % 64;
  // The SP 800-38D tag lengths, the only ones the library accepts.
  constexpr std::size_t tag_lengths[] = {4, 8, 12, 13, 14, 15, 16};
  c.tag_len = (c.siv || data[3] < 0xc0) ? 16 : tag_lengths[data[3] % 7];
  std::size_t aad_len = data[4] | (std::size_t{data[5]} << 8);
  const std::size_t key_len = vg::key_length(c.alg);
  std::size_t at = header;
  if (size - at < key_len + nonce_len) return std::nullopt;
  c.key = {data + at, key_len};
  at += key_len;
  c.nonce = {data + at, nonce_len};
  at += nonce_len;
  if (aad_len > size - at) aad_len = size - at;
  c.aad = {data + at, aad_len};
  at += aad_len;
  c.message = {data + at, size - at};
  return c;
}

void fail(const call& c, const char* what) {
  std::fprintf(stderr,
               "MISMATCH: %s (alg %d, backend %s, nonce %zu, aad %zu, message %zu, tag %zu)\n",
               what, static_cast<int>(c.alg), c.backend.c_str(), c.nonce.size(), c.aad.size(),
               c.message.size(), c.tag_len);
  std::abort();
}

}  // namespace vg::fuzz
