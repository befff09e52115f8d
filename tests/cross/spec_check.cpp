// Implementation of the cross-check primitive. Outputs are pre-filled with a canary (0x5c) and
// checked for it past their end afterwards; a rejected open is pre-filled with the canary too, so
// "all zero" proves the library wiped it. Under valgrind the plaintext is marked secret while it is
// sealed (the fixture marks the key), and outputs and statuses are declassified before any check
// looks at them, so a run under memcheck reports secret-dependent branches and addresses.
#include "cross/spec_check.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#include "common/memcheck.hpp"
#include "spec/spec.hpp"

namespace vg::test {
namespace {

constexpr std::uint8_t kCanary = 0x5c;
constexpr std::size_t kGuard = 32;  // canary bytes after each output

bool is_canary(const std::uint8_t* p, std::size_t n) {
  return std::all_of(p, p + n, [](std::uint8_t b) { return b == kCanary; });
}

bool is_zero(const std::uint8_t* p, std::size_t n) {
  return std::all_of(p, p + n, [](std::uint8_t b) { return b == 0; });
}

bool equal(const std::uint8_t* p, const std::uint8_t* q, std::size_t n) {
  return n == 0 || std::memcmp(p, q, n) == 0;
}

// The library's status, declassified: it may depend on the (secret) key only through the verdict.
vg::status declassified(vg::status st) {
  unpoison(&st, sizeof st);
  return st;
}

}  // namespace

bool is_gcm_siv(vg::algorithm alg) {
  return alg == vg::algorithm::aes_128_gcm_siv || alg == vg::algorithm::aes_256_gcm_siv;
}

aligned_buffer::aligned_buffer(std::size_t size) : size_(size) {
  const std::size_t rounded = (size + 63) / 64 * 64 + 64;
  data_ = static_cast<std::uint8_t*>(std::aligned_alloc(64, rounded));
  if (data_ == nullptr) throw std::bad_alloc();
}

aligned_buffer::~aligned_buffer() {
  std::free(data_);
}

std::string describe(const message& m, const layout& l) {
  return "iv " + std::to_string(m.iv.size()) + " aad " + std::to_string(m.aad.size()) + " len " +
         std::to_string(m.pt.size()) + " tag " + std::to_string(m.tag_len) +
         (l.in_place ? " in-place" : " out-of-place") + " offsets in/out/aad " +
         std::to_string(l.in_off) + "/" + std::to_string(l.out_off) + "/" +
         std::to_string(l.aad_off);
}

std::string check_against_spec(const vg::aead_key& key, const bytes& key_bytes, const message& m,
                               const layout& l) {
  const bytes expected = is_gcm_siv(key.alg())
                             ? spec::gcm_siv_seal(key_bytes, m.iv, m.aad, m.pt)
                             : spec::gcm_seal(key_bytes, m.iv, m.aad, m.pt, m.tag_len);
  return check_against_expected(key, expected, m, l);
}

std::string check_against_expected(const vg::aead_key& key, const bytes& expected, const message& m,
                                   const layout& l) {
  const std::size_t n = m.pt.size();
  const auto fail = [&](const std::string& what) { return describe(m, l) + ": " + what; };

  aligned_buffer in_buf(l.in_off + n + kGuard), out_buf(l.out_off + n + kGuard);
  aligned_buffer aad_buf(l.aad_off + m.aad.size()), tag_buf(m.tag_len + kGuard);
  std::memset(out_buf.data(), kCanary, out_buf.size());
  std::memset(in_buf.data(), kCanary, in_buf.size());
  std::memset(tag_buf.data(), kCanary, tag_buf.size());
  if (n) std::memcpy(in_buf.data() + l.in_off, m.pt.data(), n);
  if (!m.aad.empty()) std::memcpy(aad_buf.data() + l.aad_off, m.aad.data(), m.aad.size());

  std::uint8_t* in = in_buf.data() + l.in_off;
  std::uint8_t* out = l.in_place ? in : out_buf.data() + l.out_off;
  std::uint8_t* out_base = l.in_place ? in_buf.data() : out_buf.data();
  const std::size_t out_off = l.in_place ? l.in_off : l.out_off;
  const bytes_view aad(aad_buf.data() + l.aad_off, m.aad.size());
  const bytes_span tag(tag_buf.data(), m.tag_len);

  poison(in, n);
  vg::status st = declassified(key.seal(m.iv, aad, bytes_view(in, n), bytes_span(out, n), tag));
  unpoison(in, n);
  unpoison(out, n);
  unpoison(tag.data(), tag.size());
  if (st != vg::status::ok) return fail(std::string("seal returned ") + vg::to_string(st));
  if (!equal(out, expected.data(), n))
    return fail("ciphertext " + to_hex({out, n}) + "\n  spec " + to_hex({expected.data(), n}));
  if (!equal(tag.data(), expected.data() + n, m.tag_len))
    return fail("tag " + to_hex(tag) + ", spec " + to_hex({expected.data() + n, m.tag_len}));
  if (!is_canary(out + n, kGuard) || (!l.in_place && !is_canary(out_base, out_off)))
    return fail("seal wrote outside its output");
  if (!is_canary(tag_buf.data() + m.tag_len, kGuard)) return fail("seal wrote past the tag");
  if (!l.in_place && !equal(in, m.pt.data(), n)) return fail("seal modified its input");

  // Open: in place decrypts `out` over itself; out of place decrypts into a fresh canary buffer.
  aligned_buffer back_buf(l.in_off + n + kGuard);
  std::memset(back_buf.data(), kCanary, back_buf.size());
  std::uint8_t* back = l.in_place ? out : back_buf.data() + l.in_off;
  st = declassified(key.open(m.iv, aad, bytes_view(out, n), bytes_span(back, n), bytes_view(tag)));
  unpoison(back, n);
  if (st != vg::status::ok) return fail(std::string("open of sealed output: ") + vg::to_string(st));
  if (!equal(back, m.pt.data(), n)) return fail("open did not give the plaintext back");
  if (!is_canary(back + n, kGuard)) return fail("open wrote past its output");
  return "";
}

std::string check_rejected(const vg::aead_key& key, const bytes& iv, const bytes& aad,
                           const bytes& ct, const bytes& tag, bool in_place) {
  const std::size_t n = ct.size();
  aligned_buffer in_buf(n + kGuard), out_buf(n + kGuard);
  std::memset(in_buf.data(), kCanary, in_buf.size());
  std::memset(out_buf.data(), kCanary, out_buf.size());
  if (n) std::memcpy(in_buf.data(), ct.data(), n);
  std::uint8_t* out = in_place ? in_buf.data() : out_buf.data();
  const vg::status st = declassified(
      key.open(iv, aad, bytes_view(in_buf.data(), n), bytes_span(out, n), bytes_view(tag)));
  unpoison(out, n);
  const std::string where = "forgery (iv " + std::to_string(iv.size()) + " aad " +
                            std::to_string(aad.size()) + " len " + std::to_string(n) + " tag " +
                            std::to_string(tag.size()) + (in_place ? " in-place" : "") + ")";
  if (st != vg::status::auth) return where + ": open returned " + vg::to_string(st);
  if (!is_zero(out, n)) return where + ": output not zeroed";
  if (!is_canary(out + n, kGuard)) return where + ": open wrote past its output";
  return "";
}

}  // namespace vg::test
