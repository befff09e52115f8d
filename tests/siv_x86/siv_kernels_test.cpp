// The x86 AES-GCM-SIV kernels (aesni-avx, vaes-avx2, vaes-avx512) checked against the
// specification (src/spec, RFC 8452):
//  * through the public API (aead_key::create with the backend's name): every message length
//    0..1100 and every AAD length 0..300 (each paired with a varying partner length, not the full
//    product), both key sizes, in place and out of place at odd alignments, and the verdict of
//    open on a modified tag;
//  * through the kernel table directly: open with crafted tags whose 32-bit counter wraps inside
//    the message, against a reference assembled from spec::aes_encrypt and spec::polyval (the
//    public API would zero the output of such an open, so it cannot show the keystream).
// Backends the CPU (or VG_CPU_FEATURES) cannot run are skipped.
//
// Under valgrind (memcheck) the key and plaintext are marked undefined while the kernels run, so
// a branch or address that depends on them is reported; outputs are declassified before the
// comparisons. Run: valgrind --error-exitcode=1 ./siv_x86_kernels_test --gtest_filter='*aesni*'
// (valgrind cannot execute VAES/AVX-512).
#include <gtest/gtest.h>
#include <valgrind/memcheck.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "backends/backend.hpp"
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

using bytes = std::vector<std::uint8_t>;

struct kernel {
  const vg::detail::backend* be;
  const vg::detail::siv_ops* ops;
};

struct alignas(64) key_state {
  unsigned char b[vg::detail::key_state_bytes];
};

bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  bytes out(n);
  for (auto& x : out) x = static_cast<std::uint8_t>(rng());
  return out;
}

void poison(const void* p, std::size_t n) {
  VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}
void unpoison(const void* p, std::size_t n) {
  VALGRIND_MAKE_MEM_DEFINED(p, n);
}

// Under valgrind the spec oracle dominates: test every 13th length there.
std::size_t length_step() {
  return RUNNING_ON_VALGRIND ? 13 : 1;
}

vg::algorithm siv_alg(std::size_t key_len) {
  return key_len == 16 ? vg::algorithm::aes_128_gcm_siv : vg::algorithm::aes_256_gcm_siv;
}

class X86Siv : public testing::TestWithParam<kernel> {
 protected:
  void SetUp() override {
    const auto& b = *GetParam().be;
    if ((b.needs & vg::allowed_features()) != b.needs)
      GTEST_SKIP() << std::string(b.name) << " cannot run on this CPU / VG_CPU_FEATURES";
  }
  std::string_view name() const { return GetParam().be->name; }

  vg::aead_key make_key(const bytes& key) {
    vg::aead_key k;
    poison(key.data(), key.size());
    const vg::status s = vg::aead_key::create(siv_alg(key.size()), key, k, name());
    unpoison(key.data(), key.size());
    EXPECT_EQ(s, vg::status::ok) << name();
    EXPECT_EQ(k.backend_name(), name());
    return k;
  }

  // Seals through the key and compares with spec::gcm_siv_seal, then opens the result (and a
  // copy with a flipped tag bit). `offset` shifts the buffers off alignment.
  void check_message(const vg::aead_key& k, const bytes& key, const bytes& nonce, const bytes& aad,
                     const bytes& pt, std::size_t offset, bool in_place) {
    const bytes want = vg::spec::gcm_siv_seal(key, nonce, aad, pt);
    const std::size_t n = pt.size();
    bytes in(n + offset + 1), out(n + offset + 1);
    std::memcpy(in.data() + offset, pt.data(), n);
    std::uint8_t* src = in.data() + offset;
    std::uint8_t* dst = in_place ? src : out.data() + offset;
    std::uint8_t tag[16];
    poison(src, n);
    vg::status s = k.seal(nonce, aad, {src, n}, {dst, n}, tag);
    unpoison(dst, n);
    unpoison(tag, 16);
    ASSERT_EQ(s, vg::status::ok);
    ASSERT_EQ(0, std::memcmp(dst, want.data(), n)) << "seal ct, len " << n << " aad " << aad.size();
    ASSERT_EQ(0, std::memcmp(tag, want.data() + n, 16))
        << "seal tag, len " << n << " aad " << aad.size();

    std::uint8_t* dst2 = in_place ? dst : in.data() + offset;  // open back into `in`
    s = k.open(nonce, aad, {dst, n}, {dst2, n}, tag);
    unpoison(&s, sizeof s);
    unpoison(dst2, n);
    ASSERT_EQ(s, vg::status::ok) << "open, len " << n << " aad " << aad.size();
    ASSERT_EQ(0, std::memcmp(dst2, pt.data(), n)) << "open pt, len " << n;

    // A modified tag: auth failure and no plaintext released.
    std::memcpy(dst2, want.data(), n);
    tag[(n + aad.size()) % 16] ^= static_cast<std::uint8_t>(1u << (n % 8));
    s = k.open(nonce, aad, {dst2, n}, {out.data() + offset, n}, tag);
    unpoison(&s, sizeof s);
    unpoison(out.data() + offset, n);
    ASSERT_EQ(s, vg::status::auth) << "forged tag accepted, len " << n;
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[offset + i], 0) << "released byte " << i;
  }
};

// Every message length 0..1100, each with an AAD length that sweeps 0..300 along the way.
TEST_P(X86Siv, EveryMessageLength) {
  std::mt19937_64 rng(8452);
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    const vg::aead_key k = make_key(key);
    for (std::size_t n = 0; n <= 1100; n += length_step()) {
      const bytes nonce = random_bytes(rng, 12);
      const bytes aad = random_bytes(rng, (n * 37) % 301);
      const bytes pt = random_bytes(rng, n);
      ASSERT_NO_FATAL_FAILURE(check_message(k, key, nonce, aad, pt, n % 5, n % 3 == 0))
          << "key " << key_len;
    }
  }
}

// Every AAD length 0..300, each with a message length that sweeps short and batch-sized ones.
TEST_P(X86Siv, EveryAadLength) {
  std::mt19937_64 rng(5);
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    const vg::aead_key k = make_key(key);
    for (std::size_t a = 0; a <= 300; a += length_step()) {
      const bytes nonce = random_bytes(rng, 12);
      const bytes aad = random_bytes(rng, a);
      const bytes pt = random_bytes(rng, (a * 53) % 530);
      ASSERT_NO_FATAL_FAILURE(check_message(k, key, nonce, aad, pt, a % 7, a % 2 == 1))
          << "key " << key_len;
    }
  }
}

// Lengths at and around the batch boundaries of every width (8 and 16 blocks), with AAD that is
// long enough to need whole batches of its own.
TEST_P(X86Siv, BatchBoundaries) {
  std::mt19937_64 rng(16);
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    const vg::aead_key k = make_key(key);
    for (std::size_t base : {128u, 256u, 512u, 2048u}) {
      for (std::size_t n : {base - 17, base - 16, base - 1, base, base + 1, base + 16, base + 17}) {
        for (std::size_t a : {0u, 15u, 112u, 255u, 256u, 257u, 1000u}) {
          const bytes nonce = random_bytes(rng, 12);
          ASSERT_NO_FATAL_FAILURE(
              check_message(k, key, nonce, random_bytes(rng, a), random_bytes(rng, n), 1, false));
        }
      }
    }
  }
}

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

TEST_P(X86Siv, CounterWrapsModulo32Bits) {
  std::mt19937_64 rng(32);
  const auto& ops = *GetParam().ops;
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    key_state st;
    poison(key.data(), key.size());
    ops.setup(st.b, key.data(), key.size());
    unpoison(key.data(), key.size());
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
        bytes out(n);
        std::uint8_t expected[16];
        ops.open(st.b, nonce.data(), aad.data(), aad.size(), ct.data(), out.data(), n, tag.data(),
                 expected);
        unpoison(out.data(), n);
        unpoison(expected, 16);
        ASSERT_EQ(out, want.plaintext) << "n " << n << " before wrap " << before_wrap;
        ASSERT_EQ(0, std::memcmp(expected, want.expected_tag.data(), 16)) << "n " << n;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Backends, X86Siv,
    testing::Values(kernel{&vg::detail::backend_aesni_avx, &vg::detail::siv_ops_aesni_avx},
                    kernel{&vg::detail::backend_vaes_avx2, &vg::detail::siv_ops_vaes_avx2},
                    kernel{&vg::detail::backend_vaes_avx512, &vg::detail::siv_ops_vaes_avx512}),
    [](const testing::TestParamInfo<kernel>& info) {
      std::string s(info.param.be->name);
      for (auto& c : s)
        if (c == '-') c = '_';
      return s;
    });

}  // namespace
