// The x86 AES-GCM-SIV kernels (aesni-avx, vaes-avx2, vaes-avx512) called through the kernel table:
// open_verify with crafted tags whose 32-bit counter wraps inside the message, against a reference
// assembled from spec::aes_encrypt and spec::polyval (such a tag is a forgery: the verdict is 0x00
// and the output zeroed; the keystream at the wrap would need a genuine tag, i.e. an inverse of
// AES the spec does not have). The public-API sweeps of GCM-SIV (every length against vg::spec, on
// every runnable backend) live in tests/cross/siv_test.cpp.
// open_verify (the verdict in the kernel) is checked for every length 0..300 with genuine and
// flipped tags: verdict, wiped output, and the public API's status.
// Backends the CPU (or VG_CPU_FEATURES) cannot run are skipped.
//
// Under valgrind (memcheck) the key is marked undefined while the kernels run, so a branch or
// address that depends on it is reported; outputs are declassified before the comparisons.
// Run: valgrind --error-exitcode=1 ./vg_backends_x86_siv_test --gtest_filter='*aesni*'
// (valgrind cannot execute VAES/AVX-512).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "common/backends.hpp"
#include "common/hex.hpp"
#include "common/memcheck.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"
#include "vg/aead.hpp"
#include "vg/cpu.hpp"

namespace vg::detail {
extern const backend backend_aesni_avx;
extern const backend backend_vaes_avx2;
extern const backend backend_vaes_avx512;
extern const siv_ops siv_ops_aesni_avx;
extern const siv_ops siv_ops_vaes_avx2;
extern const siv_ops siv_ops_vaes_avx512;
}  // namespace vg::detail

namespace {

using vg::test::bytes;
using vg::test::poison;
using vg::test::random_bytes;
using vg::test::unpoison;

struct kernel {
  const vg::detail::backend* be;
  const vg::detail::siv_ops* ops;
};

struct alignas(64) key_state {
  unsigned char b[vg::detail::key_state_bytes];
};

class X86Siv : public testing::TestWithParam<kernel> {
 protected:
  void SetUp() override {
    const auto& b = *GetParam().be;
    if ((b.needs & vg::allowed_features()) != b.needs)
      GTEST_SKIP() << std::string(b.name) << " cannot run on this CPU / VG_CPU_FEATURES";
  }
};

// ---- counter wrap, through the kernel table ----

using vg::spec::block;

// RFC 8452 §4 assembled from spec primitives: the derived keys, the keystream from `tag` with a
// 32-bit little-endian counter, and the tag expected for the plaintext.
struct reference_open {
  bytes plaintext;
  block expected_tag;
};

reference_open reference(const bytes& kgk, const bytes& nonce, const bytes& aad, const bytes& ct,
                         const block& tag) {
  bytes auth, enc;
  for (std::uint8_t i = 0; i < (kgk.size() == 16 ? 4 : 6); ++i) {
    block in{};
    in[0] = i;
    std::memcpy(in.data() + 4, nonce.data(), 12);
    const block out = vg::spec::aes_encrypt(kgk, in);
    (i < 2 ? auth : enc).insert((i < 2 ? auth : enc).end(), out.begin(), out.begin() + 8);
  }
  reference_open r;
  block ctr = tag;
  ctr[15] |= 0x80;
  std::uint32_t word0 = ctr[0] | (ctr[1] << 8) | (ctr[2] << 16) | (std::uint32_t{ctr[3]} << 24);
  for (std::size_t i = 0; i < ct.size(); i += 16, ++word0) {
    for (int b = 0; b < 4; ++b) ctr[b] = static_cast<std::uint8_t>(word0 >> (8 * b));
    const block ks = vg::spec::aes_encrypt(enc, ctr);
    for (std::size_t j = i; j < ct.size() && j < i + 16; ++j)
      r.plaintext.push_back(ct[j] ^ ks[j - i]);
  }
  bytes hashed = aad;
  hashed.resize((aad.size() + 15) / 16 * 16);
  hashed.insert(hashed.end(), r.plaintext.begin(), r.plaintext.end());
  hashed.resize(hashed.size() + (16 - r.plaintext.size() % 16) % 16);
  for (std::uint64_t bits : {std::uint64_t{aad.size()} * 8, std::uint64_t{ct.size()} * 8})
    for (int b = 0; b < 8; ++b) hashed.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
  block h{};
  std::memcpy(h.data(), auth.data(), 16);
  block s = vg::spec::polyval(h, hashed);
  for (int i = 0; i < 12; ++i) s[i] ^= nonce[i];
  s[15] &= 0x7f;
  r.expected_tag = vg::spec::aes_encrypt(enc, s);
  return r;
}

// Key setup with the key marked secret (memcheck, when the tests run under valgrind).
void setup_secret(const vg::detail::siv_ops& ops, key_state& st, const bytes& key) {
  poison(key.data(), key.size());
  ops.setup(st.b, key.data(), key.size());
  unpoison(key.data(), key.size());
}

TEST_P(X86Siv, CounterWrapsModulo32Bits) {
  std::mt19937_64 rng(32);
  const auto& ops = *GetParam().ops;
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    key_state st;
    setup_secret(ops, st, key);
    const bytes nonce = random_bytes(rng, 12), aad = random_bytes(rng, 20);

    // The reference itself against the spec on a genuine message.
    const bytes pt = random_bytes(rng, 77);
    const bytes sealed = vg::spec::gcm_siv_seal(key, nonce, aad, pt);
    block genuine{};
    std::memcpy(genuine.data(), sealed.data() + pt.size(), 16);
    const reference_open self =
        reference(key, nonce, aad, bytes(sealed.begin(), sealed.end() - 16), genuine);
    ASSERT_EQ(self.plaintext, pt);
    ASSERT_EQ(self.expected_tag, genuine);

    for (std::uint32_t before_wrap : {0u, 1u, 3u, 7u, 8u, 15u, 16u, 40u}) {
      for (std::size_t n : {33u, 130u, 300u, 1100u}) {
        block tag;
        for (auto& b : tag) b = static_cast<std::uint8_t>(rng());
        const std::uint32_t word0 = 0xffffffffu - before_wrap;
        for (int b = 0; b < 4; ++b) tag[b] = static_cast<std::uint8_t>(word0 >> (8 * b));
        const bytes ct = random_bytes(rng, n);
        const reference_open want = reference(key, nonce, aad, ct, tag);
        ASSERT_NE(want.expected_tag, tag);  // a forgery, as the spec sees it
        for (bool in_place : {false, true}) {
          bytes out = in_place ? ct : bytes(n, 0x5a);
          std::uint8_t ok =
              ops.open_verify(st.b, nonce.data(), aad.data(), aad.size(),
                              in_place ? out.data() : ct.data(), out.data(), n, tag.data());
          unpoison(&ok, 1);
          unpoison(out.data(), n);
          ASSERT_EQ(ok, 0x00) << "n " << n << " before wrap " << before_wrap;
          ASSERT_EQ(out, bytes(n, 0)) << "n " << n << " before wrap " << before_wrap;
        }
      }
    }
  }
}

// ---- long inputs and data alignments, against the spec ----

// The POLYVAL pairs (2 batches per reduction: 16 blocks on xmm/ymm, 32 on zmm) run in a per-lane
// mode except for the last pair, so these lengths give several pairs of AAD and of message, the
// last pair alone, a rest of exactly 2N blocks with a partial last block, and odd rests; the
// buffers sit at every 16-byte offset of a cache line and at odd offsets (the hashing reads 8
// bytes beside each vector; on zmm, pairs of data on a 64-byte boundary take another Karatsuba
// path from 3 pairs on: offset 0 with 3, 16 and 32 pairs). Seal and open_verify both, in and out
// of place; open_verify also with the tag's last bit flipped (verdict 0x00, output zeroed).
TEST_P(X86Siv, LongInputsAndAlignmentsMatchSpec) {
  std::mt19937_64 rng(33);
  const auto& ops = *GetParam().ops;
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    key_state st;
    setup_secret(ops, st, key);
    struct shape {
      std::size_t aad, len, offset;
    };
    const shape shapes[] = {
        {0, 1024, 0},   {13, 1024, 16},    {13, 2048, 32},  {0, 3072 + 7, 48}, {1024, 0, 0},
        {2048, 13, 16}, {1536 + 5, 1, 8},  {3000, 3000, 3}, {511, 255, 16},    {255, 511, 48},
        {0, 255, 32},   {0, 511, 16},      {0, 496, 0},     {4096, 4096, 16},  {17, 16384, 16},
        {0, 1536, 0},   {13, 8192 + 5, 0}, {0, 16384, 0}};
    for (const shape& sh : shapes) {
      const bytes nonce = random_bytes(rng, 12), aad = random_bytes(rng, sh.aad),
                  pt = random_bytes(rng, sh.len);
      const bytes want = vg::spec::gcm_siv_seal(key, nonce, aad, pt);
      for (bool in_place : {false, true}) {
        // Buffers with the data at `offset` bytes past a 64-byte boundary.
        std::vector<std::uint8_t> in_buf(sh.len + 128), out_buf(sh.len + 128);
        auto align = [&](std::vector<std::uint8_t>& b) {
          const auto a = reinterpret_cast<std::uintptr_t>(b.data());
          return b.data() + ((64 - a % 64) % 64) + sh.offset;
        };
        std::uint8_t* in = align(in_buf);
        std::uint8_t* out = in_place ? in : align(out_buf);
        std::copy(pt.begin(), pt.end(), in);
        poison(in, sh.len);
        std::uint8_t tag[16];
        ops.seal(st.b, nonce.data(), aad.data(), aad.size(), in, out, sh.len, tag);
        unpoison(out, sh.len);
        unpoison(tag, 16);
        const std::string what = "aad " + std::to_string(sh.aad) + " len " +
                                 std::to_string(sh.len) + " offset " + std::to_string(sh.offset) +
                                 (in_place ? " in place" : "");
        ASSERT_TRUE(std::equal(want.begin(), want.end() - 16, out)) << what;
        ASSERT_EQ(0, std::memcmp(tag, want.data() + sh.len, 16)) << what;

        std::vector<std::uint8_t> ct(out, out + sh.len);
        std::uint8_t ok =
            ops.open_verify(st.b, nonce.data(), aad.data(), aad.size(), out, out, sh.len, tag);
        unpoison(&ok, 1);
        unpoison(out, sh.len);
        ASSERT_EQ(ok, 0xff) << what;
        ASSERT_TRUE(std::equal(pt.begin(), pt.end(), out)) << what;
        tag[15] ^= 0x80;
        std::copy(ct.begin(), ct.end(), out);
        ok = ops.open_verify(st.b, nonce.data(), aad.data(), aad.size(), out, out, sh.len, tag);
        unpoison(&ok, 1);
        unpoison(out, sh.len);
        ASSERT_EQ(ok, 0x00) << what;
        ASSERT_TRUE(std::all_of(out, out + sh.len, [](std::uint8_t b) { return b == 0; })) << what;
      }
    }
  }
}

// ---- open with the verdict in the kernel (siv_ops::open_verify) ----

// Every length 0..300 (the short path in registers, tails held back and stored masked, whole
// batches masked after they were written) and AAD lengths on both sides of the short path: the
// genuine tag gives 0xff and the plaintext; a tag with one bit flipped (a different bit each time)
// gives 0x00 and an output of zeros, in and out of place, and the public API answers
// status::auth with a zeroed output. The spec is the reference.
TEST_P(X86Siv, OpenVerifyWipesAndRejectsFlippedTags) {
  std::mt19937_64 rng(34);
  const auto& ops = *GetParam().ops;
  const vg::algorithm algs[] = {vg::algorithm::aes_128_gcm_siv, vg::algorithm::aes_256_gcm_siv};
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    key_state st;
    setup_secret(ops, st, key);
    vg::aead_key api_key;
    ASSERT_EQ(vg::aead_key::create(algs[key_len == 32], key, api_key, GetParam().be->name),
              vg::status::ok);
    for (std::size_t n = 0; n <= 300; ++n) {
      const std::size_t aad_len = n % 3 == 0 ? 0 : n % 3 == 1 ? 13 : 17 + n % 29;
      const bytes nonce = random_bytes(rng, 12), aad = random_bytes(rng, aad_len),
                  pt = random_bytes(rng, n);
      const bytes sealed = vg::spec::gcm_siv_seal(key, nonce, aad, pt);
      const bytes ct(sealed.begin(), sealed.end() - 16);
      bytes tag(sealed.end() - 16, sealed.end());
      const std::string what = "key " + std::to_string(key_len) + " len " + std::to_string(n) +
                               " aad " + std::to_string(aad_len);

      bytes out(n + 1, 0x5a);  // one guard byte past the end
      std::uint8_t ok = ops.open_verify(st.b, nonce.data(), aad.data(), aad.size(), ct.data(),
                                        out.data(), n, tag.data());
      unpoison(&ok, 1);
      unpoison(out.data(), n);
      ASSERT_EQ(ok, 0xff) << what;
      ASSERT_TRUE(std::equal(pt.begin(), pt.end(), out.begin())) << what;
      ASSERT_EQ(out[n], 0x5a) << what;

      tag[(n / 8) % 16] ^= static_cast<std::uint8_t>(1u << (n % 8));
      for (bool in_place : {false, true}) {
        bytes buf = in_place ? ct : bytes(n, 0x5a);
        buf.push_back(0x5a);
        ok = ops.open_verify(st.b, nonce.data(), aad.data(), aad.size(),
                             in_place ? buf.data() : ct.data(), buf.data(), n, tag.data());
        unpoison(&ok, 1);
        unpoison(buf.data(), n);
        ASSERT_EQ(ok, 0x00) << what << (in_place ? " in place" : "");
        ASSERT_TRUE(std::all_of(buf.begin(), buf.end() - 1, [](std::uint8_t b) { return b == 0; }))
            << what << (in_place ? " in place" : "");
        ASSERT_EQ(buf[n], 0x5a) << what;
      }

      bytes api_out(n, 0x5a);
      ASSERT_EQ(api_key.open(nonce, aad, ct, api_out, tag), vg::status::auth) << what;
      unpoison(api_out.data(), n);
      ASSERT_TRUE(std::all_of(api_out.begin(), api_out.end(), [](std::uint8_t b) {
        return b == 0;
      })) << what;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Backends, X86Siv,
    testing::Values(kernel{&vg::detail::backend_aesni_avx, &vg::detail::siv_ops_aesni_avx},
                    kernel{&vg::detail::backend_vaes_avx2, &vg::detail::siv_ops_vaes_avx2},
                    kernel{&vg::detail::backend_vaes_avx512, &vg::detail::siv_ops_vaes_avx512}),
    [](const testing::TestParamInfo<kernel>& info) {
      return vg::test::gtest_safe_name(info.param.be->name);
    });

}  // namespace
