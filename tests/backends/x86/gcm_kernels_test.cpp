// The x86 GCM kernels (aesni-avx, vaes-avx2, vaes-avx512, the last two in both GCM kernel
// variants) called directly through their gcm_ops table and checked byte for byte against the
// specification (src/spec): every message length 0..4200, AAD lengths 0..300, every key size, in
// place and out of place at odd alignments, the 32-bit counter wrap, GHASH continuation, CTR, the
// stitched block ops and open with the verdict in the kernel (open_verify: right and tampered tags
// of every length 4..16). Backends the CPU (or VG_CPU_FEATURES) cannot run are skipped.
//
// Under valgrind (memcheck) the key and plaintext are additionally marked undefined while the
// kernels run, so any branch or address that depends on them is reported; only outputs are
// declassified for comparison. Run: valgrind --error-exitcode=1 ./vg_backends_x86_gcm_test
// --gtest_filter='*aesni*' (valgrind cannot execute VAES/AVX-512).
#include <gtest/gtest.h>
#include <valgrind/memcheck.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "spec/spec.hpp"
#include "vg/cpu.hpp"

namespace vg::detail {
extern const backend backend_aesni_avx;
extern const backend backend_vaes_avx2;
extern const backend backend_vaes_avx2_karatsuba;
extern const backend backend_vaes_avx2_karatsuba_wide;
extern const backend backend_vaes_avx512;
extern const backend backend_vaes_avx512_short_tails;
extern const backend backend_vaes_avx512_wide_seal;
extern const backend backend_vaes_avx512_karatsuba;
}  // namespace vg::detail

namespace {

// memcmp/memcpy with a length that may be 0: empty vectors have null data(), which the C functions
// must not receive even then (UBSan reports it).
int bytes_cmp(const void* a, const void* b, std::size_t n) {
  return n == 0 ? 0 : std::memcmp(a, b, n);
}
void copy_bytes(void* dst, const void* src, std::size_t n) {
  if (n != 0) std::memcpy(dst, src, n);
}

using vg::detail::backend;
using bytes = std::vector<std::uint8_t>;

struct alignas(64) key_state {
  unsigned char b[vg::detail::key_state_bytes];
};

bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  bytes out(n);
  for (auto& x : out) x = static_cast<std::uint8_t>(rng());
  return out;
}

// Secrets are "undefined" to memcheck while a kernel runs; outputs are made defined again before
// the test looks at them. Outside valgrind these are no-ops.
void poison(const void* p, std::size_t n) {
  VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}
void unpoison(const void* p, std::size_t n) {
  VALGRIND_MAKE_MEM_DEFINED(p, n);
}

// A counter block's low word, big-endian (GCM's inc32 counts in bytes 12..15).
void put_be32(std::uint8_t* p, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) p[k] = static_cast<std::uint8_t>(v >> (24 - 8 * k));
}

// A J0 with a random 96-bit prefix and the given low word.
void random_j0(std::mt19937_64& rng, std::uint32_t low_word, std::uint8_t j0[16]) {
  const bytes prefix = random_bytes(rng, 12);
  copy_bytes(j0, prefix.data(), 12);
  put_be32(j0 + 12, low_word);
}

// Under valgrind the spec oracle is slow: test every 13th length there.
std::size_t length_step() {
  return RUNNING_ON_VALGRIND ? 13 : 1;
}

// GCM from an arbitrary J0 (any counter word, e.g. near a 32-bit wrap), assembled from spec
// primitives: AES of inc32(J0), inc32(inc32(J0)), ... XORed into the plaintext; the tag is GHASH
// over the zero-padded AAD and ciphertext and the bit lengths, XOR E(J0).
struct spec_gcm_result {
  bytes ct;
  vg::spec::block tag;
  bytes sealed() const {  // ciphertext || tag
    bytes r(ct);
    r.insert(r.end(), tag.begin(), tag.end());
    return r;
  }
};
spec_gcm_result spec_gcm_from_j0(const bytes& key, const vg::spec::block& h,
                                 const std::uint8_t j0[16], const bytes& aad, const bytes& pt) {
  const std::size_t n = pt.size();
  const std::uint32_t j0_word = (std::uint32_t{j0[12]} << 24) | (std::uint32_t{j0[13]} << 16) |
                                (std::uint32_t{j0[14]} << 8) | j0[15];
  spec_gcm_result r{bytes(n), {}};
  for (std::size_t i = 0; i < n; i += 16) {
    vg::spec::block cb;
    copy_bytes(cb.data(), j0, 16);
    const std::uint32_t c = j0_word + static_cast<std::uint32_t>(i / 16 + 1);
    put_be32(cb.data() + 12, c);
    const auto ks = vg::spec::aes_encrypt(key, cb);
    for (std::size_t k = i; k < n && k < i + 16; ++k) r.ct[k] = pt[k] ^ ks[k - i];
  }
  const std::size_t aad_padded = (aad.size() + 15) / 16 * 16;
  bytes msg(aad_padded + (n + 15) / 16 * 16 + 16, 0);
  copy_bytes(msg.data(), aad.data(), aad.size());
  copy_bytes(msg.data() + aad_padded, r.ct.data(), n);
  const std::uint64_t abits = aad.size() * 8, cbits = n * 8;
  for (int k = 0; k < 8; ++k) {
    msg[msg.size() - 16 + k] = static_cast<std::uint8_t>(abits >> (56 - 8 * k));
    msg[msg.size() - 8 + k] = static_cast<std::uint8_t>(cbits >> (56 - 8 * k));
  }
  vg::spec::block j0b;
  copy_bytes(j0b.data(), j0, 16);
  r.tag = vg::spec::ghash(h, msg);
  const auto ej0 = vg::spec::aes_encrypt(key, j0b);
  for (int k = 0; k < 16; ++k) r.tag[k] ^= ej0[k];
  return r;
}

class X86Gcm : public testing::TestWithParam<const backend*> {
 protected:
  bool pub_ = true;  // passed as the kernels' public_counter (false: counters derived from H)
  void SetUp() override {
    const backend& b = *GetParam();
    if ((b.needs & vg::allowed_features()) != b.needs)
      GTEST_SKIP() << std::string(b.name) << " cannot run on this CPU / VG_CPU_FEATURES";
  }
  const backend& be() const { return *GetParam(); }

  void setup(key_state& st, const bytes& key) {
    poison(key.data(), key.size());
    be().gcm->setup(st.b, key.data(), key.size());
    unpoison(key.data(), key.size());
    if (RUNNING_ON_VALGRIND) {
      // The check is only meaningful if the secret reaches the key state: memcheck must see
      // (some of) it as undefined. GET_VBITS reads the shadow bits without reporting an error.
      unsigned char vbits[256];
      ASSERT_EQ(1u, VALGRIND_GET_VBITS(st.b, vbits, sizeof vbits));
      bool any_undefined = false;
      for (unsigned char v : vbits) any_undefined |= v != 0;
      ASSERT_TRUE(any_undefined) << "poisoned key did not taint the key state";
    }
  }

  // Runs body(key state, key, H, rng) for AES-128 and AES-256 keys, with the kernels told the
  // counters are public and then that they are secret (J0 from a nonce that is not 96 bits: the
  // counters' other paths), each pass from a fresh generator seeded with `seed`.
  template <class Body>
  void for_public_and_secret_counters_and_keys(unsigned seed, Body&& body) {
    for (bool pub : {true, false}) {
      SCOPED_TRACE(pub ? "public counter" : "secret counter");
      pub_ = pub;
      std::mt19937_64 rng(seed);
      for (std::size_t key_len : {16u, 32u}) {
        const bytes key = random_bytes(rng, key_len);
        key_state st;
        setup(st, key);
        const auto h = vg::spec::aes_encrypt(key, vg::spec::block{});
        ASSERT_NO_FATAL_FAILURE(body(st, key, h, rng));
      }
    }
  }

  // Seals with a 12-byte nonce through the kernel and compares with spec::gcm_seal, then opens
  // the result and compares plaintext and expected tag. `offset` shifts the buffers off
  // alignment; `in_place` seals/opens in one buffer.
  void check_message(const key_state& st, const bytes& key, const bytes& nonce, const bytes& aad,
                     const bytes& pt, std::size_t offset, bool in_place) {
    check_against(st, nonce, aad, pt, vg::spec::gcm_seal(key, nonce, aad, pt), offset, in_place);
  }

  // The same with the expected ciphertext || tag given.
  void check_against(const key_state& st, const bytes& nonce, const bytes& aad, const bytes& pt,
                     const bytes& want, std::size_t offset, bool in_place) {
    std::uint8_t j0[16] = {};
    copy_bytes(j0, nonce.data(), 12);
    j0[15] = 1;
    check_against_j0(st, j0, aad, pt, want, offset, in_place);
  }

  // The same from a given J0 (any counter value: the low-byte and carry paths).
  void check_against_j0(const key_state& st, const std::uint8_t j0[16], const bytes& aad,
                        const bytes& pt, const bytes& want, std::size_t offset, bool in_place) {
    const std::size_t n = pt.size();
    bytes in(n + offset + 1), out(n + offset + 1);
    copy_bytes(in.data() + offset, pt.data(), n);
    std::uint8_t* src = in.data() + offset;
    std::uint8_t* dst = in_place ? src : out.data() + offset;
    std::uint8_t tag[16];
    poison(src, n);
    be().gcm->seal(st.b, j0, pub_, aad.data(), aad.size(), src, dst, n, tag);
    unpoison(dst, n);
    unpoison(tag, 16);
    ASSERT_EQ(0, bytes_cmp(dst, want.data(), n)) << "seal ct, len " << n << " aad " << aad.size();
    ASSERT_EQ(0, bytes_cmp(tag, want.data() + n, 16))
        << "seal tag, len " << n << " aad " << aad.size();
    check_open_verify(st, j0, aad, want, pt, offset, in_place);
  }

  // open_verify (the kernel takes the verdict): the published tag, truncated to a length 4..16
  // that varies with the message length, opens to the plaintext with 0xff; the same tag with one
  // bit flipped (position varying with the length) returns 0x00 and zeroes exactly the output.
  // The received tag sits in a buffer of exactly tag_len bytes (sanitizers catch an over-read).
  void check_open_verify(const key_state& st, const std::uint8_t j0[16], const bytes& aad,
                         const bytes& want, const bytes& pt, std::size_t offset, bool in_place) {
    const std::size_t n = pt.size();
    const std::size_t tag_len = 4 + n % 13;
    for (bool good : {true, false}) {
      bytes in(n + offset + 1, 0xa5), out(n + offset + 1, 0x5a);
      copy_bytes(in.data() + offset, want.data(), n);
      std::uint8_t* src = in.data() + offset;
      std::uint8_t* dst = in_place ? src : out.data() + offset;
      const std::uint8_t guard = dst[n];
      bytes tag(want.begin() + static_cast<std::ptrdiff_t>(n),
                want.begin() + static_cast<std::ptrdiff_t>(n + tag_len));
      if (!good) tag[(n * 7) % tag_len] ^= static_cast<std::uint8_t>(1u << (n % 8));
      poison(src, n);
      std::uint8_t ok = be().gcm->open_verify(st.b, j0, pub_, aad.data(), aad.size(), src, dst, n,
                                              tag.data(), tag_len);
      unpoison(dst, n);
      unpoison(&ok, 1);
      ASSERT_EQ(good ? 0xff : 0x00, ok) << "open_verify verdict, len " << n << " tag " << tag_len;
      if (good) {
        ASSERT_EQ(0, bytes_cmp(dst, pt.data(), n)) << "open_verify pt, len " << n;
      } else {
        for (std::size_t i = 0; i < n; ++i)
          ASSERT_EQ(0, dst[i]) << "open_verify must zero byte " << i << " of len " << n;
      }
      ASSERT_EQ(guard, dst[n]) << "open_verify wrote past the output, len " << n;
    }
  }
};

// Every length 0..4200 for a few AAD lengths. Calling spec::gcm_seal per length would be
// quadratic, so the expected outputs are assembled from the spec: one spec::gcm_seal of the
// longest message gives every shorter ciphertext as a prefix (same nonce), and each tag is the
// GHASH state after the shared full blocks (spec::gf128_mul, Horner's rule) finished with the
// padded partial block and the length block, XOR E(J0). The assembly is checked against
// spec::gcm_seal at the full length and at every 97th length.
TEST_P(X86Gcm, EveryLengthMatchesSpec) {
  constexpr std::size_t max_len = 4200;
  std::mt19937_64 rng(42);
  for (std::size_t key_len : {16u, 24u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    key_state st;
    setup(st, key);
    const auto h = vg::spec::aes_encrypt(key, vg::spec::block{});
    for (std::size_t aad_len : {0u, 13u, 16u, 17u, 64u, 300u}) {
      const bytes nonce = random_bytes(rng, 12);
      const bytes aad = random_bytes(rng, aad_len);
      const bytes pt_all = random_bytes(rng, max_len);
      const bytes sealed_all = vg::spec::gcm_seal(key, nonce, aad, pt_all);
      vg::spec::block j0{};
      copy_bytes(j0.data(), nonce.data(), 12);
      j0[15] = 1;
      const auto ej0 = vg::spec::aes_encrypt(key, j0);
      auto absorb = [&](vg::spec::block y, const std::uint8_t* p, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) y[i] ^= p[i];  // zero-padded block
        return vg::spec::gf128_mul(y, h);
      };
      vg::spec::block y_full{};  // after the AAD and the first n / 16 ciphertext blocks
      for (std::size_t i = 0; i < aad_len; i += 16)
        y_full = absorb(y_full, aad.data() + i, std::min<std::size_t>(16, aad_len - i));
      for (std::size_t n = 0; n <= max_len; ++n) {
        if (n % 16 == 0 && n > 0) y_full = absorb(y_full, sealed_all.data() + n - 16, 16);
        if (n % length_step() != 0 && n != max_len) continue;
        vg::spec::block y = y_full;
        if (n % 16) y = absorb(y, sealed_all.data() + n / 16 * 16, n % 16);
        std::uint8_t len_block[16];
        for (int k = 0; k < 8; ++k) {
          len_block[k] = static_cast<std::uint8_t>((std::uint64_t{aad_len} * 8) >> (56 - 8 * k));
          len_block[8 + k] = static_cast<std::uint8_t>((std::uint64_t{n} * 8) >> (56 - 8 * k));
        }
        y = absorb(y, len_block, 16);
        const bytes pt(pt_all.begin(), pt_all.begin() + static_cast<std::ptrdiff_t>(n));
        bytes want(sealed_all.begin(), sealed_all.begin() + static_cast<std::ptrdiff_t>(n));
        for (int k = 0; k < 16; ++k) want.push_back(y[k] ^ ej0[k]);
        if (n == max_len || n % 97 == 0) {
          ASSERT_EQ(vg::spec::gcm_seal(key, nonce, aad, pt), want) << "oracle assembly, len " << n;
        }
        check_against(st, nonce, aad, pt, want, n % 4, n % 3 == 0);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST_P(X86Gcm, EveryAadLengthMatchesSpec) {
  std::mt19937_64 rng(7);
  for (std::size_t key_len : {16u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    key_state st;
    setup(st, key);
    for (std::size_t n : {0u, 1u, 13u, 16u, 100u, 255u, 256u, 257u, 512u, 1000u}) {
      for (std::size_t aad_len = 0; aad_len <= 300; aad_len += length_step()) {
        const bytes nonce = random_bytes(rng, 12);
        const bytes aad = random_bytes(rng, aad_len);
        const bytes pt = random_bytes(rng, n);
        check_message(st, key, nonce, aad, pt, aad_len % 3, aad_len % 2 == 0);
        if (HasFatalFailure()) return;
      }
    }
  }
}

// J0 for a nonce that is not 12 bytes comes from the ghash kernel; its low word can then be near
// 2^32, where GCM's counter must wrap within 32 bits.
TEST_P(X86Gcm, GhashContinuationAndCounterWrap) {
  // Counters that are secret (J0 from a nonce that is not 96 bits) take other paths.
  for (bool pub : {true, false}) {
    SCOPED_TRACE(pub ? "public counter" : "secret counter");
    pub_ = pub;
    std::mt19937_64 rng(3);
    for (std::size_t key_len : {16u, 24u, 32u}) {
      const bytes key = random_bytes(rng, key_len);
      key_state st;
      setup(st, key);
      const auto h = vg::spec::aes_encrypt(key, vg::spec::block{});
      // Continuation from a nonzero y over every length 0..700.
      for (std::size_t n = 0; n <= 700; n += length_step()) {
        const bytes data = random_bytes(rng, n);
        const bytes y0 = random_bytes(rng, 16);
        // The kernel computes y = (y ^ X) * H block by block from y0: that is GHASH over the data
        // with y0 XORed into its first block.
        bytes folded((n + 15) / 16 * 16, 0);
        copy_bytes(folded.data(), data.data(), n);
        for (int i = 0; i < 16 && !folded.empty(); ++i) folded[i] ^= y0[i];
        std::uint8_t y[16];
        copy_bytes(y, y0.data(), 16);
        be().gcm->ghash(st.b, y, data.data(), n);
        unpoison(y, 16);
        const auto want = n ? vg::spec::ghash(h, folded) : vg::spec::block{};
        if (n == 0) {
          ASSERT_EQ(0, bytes_cmp(y, y0.data(), 16)) << "empty ghash must leave y";
        } else {
          ASSERT_EQ(0, bytes_cmp(y, want.data(), 16)) << "ghash len " << n;
        }
      }
      // Seal and open across the wrap: J0's low word = 2^32 - before_wrap, built directly (5: the
      // wrap falls in the first batch; 40: in a later one, after the wide loops' counter paths
      // have settled); the expected output is assembled from spec primitives (AES per counter
      // block, GHASH over the padded message). Lengths reach several 512-bit batches, so the
      // wide backends' open that hashes ahead of its decryption crosses the wrap too.
      for (std::uint32_t before_wrap : {5u, 40u}) {
        for (std::size_t n : {0u, 15u, 64u, 100u, 300u, 600u, 1000u, 2100u}) {
          const std::uint32_t low = 0u - before_wrap;
          std::uint8_t j0[16];
          random_j0(rng, low, j0);
          const bytes pt = random_bytes(rng, n);
          const bytes aad = random_bytes(rng, 20);
          const auto [ct, want_tag] = spec_gcm_from_j0(key, h, j0, aad, pt);
          bytes out(n + 1);
          std::uint8_t tag[16];
          be().gcm->seal(st.b, j0, pub_, aad.data(), 20, pt.data(), out.data(), n, tag);
          unpoison(out.data(), n);
          unpoison(tag, 16);
          ASSERT_EQ(0, bytes_cmp(out.data(), ct.data(), n)) << "wrap ct len " << n;
          ASSERT_EQ(0, bytes_cmp(tag, want_tag.data(), 16)) << "wrap tag len " << n;
          bytes sealed(ct.begin(), ct.begin() + static_cast<std::ptrdiff_t>(n));
          sealed.insert(sealed.end(), want_tag.begin(), want_tag.end());
          for (std::size_t offset : {0u, 3u}) {
            check_open_verify(st, j0, aad, sealed, pt, offset, offset == 0);
            if (HasFatalFailure()) return;
          }

          // ctr32 from the same counter gives the same keystream and advances by ceil(n/16).
          std::uint8_t ctr[16];
          copy_bytes(ctr, j0, 16);
          ctr[15] = static_cast<std::uint8_t>(low + 1);  // inc32(J0): the low byte does not wrap
          be().gcm->ctr32(st.b, ctr, pub_, pt.data(), out.data(), n);
          unpoison(out.data(), n);
          ASSERT_EQ(0, bytes_cmp(out.data(), ct.data(), n)) << "ctr32 len " << n;
          const std::uint32_t end = low + 1 + static_cast<std::uint32_t>((n + 15) / 16);
          for (int k = 0; k < 4; ++k)
            ASSERT_EQ(ctr[12 + k], static_cast<std::uint8_t>(end >> (24 - 8 * k))) << "ctr advance";
          ASSERT_EQ(0, bytes_cmp(ctr, j0, 12)) << "ctr32 must only touch the low word";
        }
      }
    }
  }
}

// The bulk loop builds a batch's counter blocks from the counter's low byte (one path while it
// does not wrap inside the batch, another when it does, and a new base after a wrap): every low
// byte 0..255 as the first counter, with a carry that runs up through byte 12, over enough blocks
// to cross a 256-block boundary. Expected output from spec primitives (AES per counter block,
// GHASH over the padded message).
TEST_P(X86Gcm, EveryCounterLowByteMatchesSpec) {
  for_public_and_secret_counters_and_keys(5, [&](const key_state& st, const bytes& key,
                                                 const vg::spec::block& h, std::mt19937_64& rng) {
    const std::size_t n = 37 * 16 + 5;  // four whole 8-block batches and a partial tail
    for (std::uint32_t low = 0; low < 256; low += RUNNING_ON_VALGRIND ? 37 : 1) {
      const std::uint32_t j0_word = 0x00ffff00u | low;  // inc32: the first counter is j0_word + 1
      std::uint8_t j0[16];
      random_j0(rng, j0_word, j0);
      const bytes pt = random_bytes(rng, n);
      const bytes aad = random_bytes(rng, 13);
      SCOPED_TRACE("low byte " + std::to_string(low));
      ASSERT_NO_FATAL_FAILURE(check_against_j0(
          st, j0, aad, pt, spec_gcm_from_j0(key, h, j0, aad, pt).sealed(), 0, false));
    }
  });
}

// Short messages and tails take their counter blocks from the same table when the counter is
// public and its low byte does not wrap in the tail (a 96-bit nonce's J0, counter word 1, by a
// constant address): every low byte as J0's, with and without a carry through byte 12, at
// lengths that reach the wide backends' tail-only kernels (seal up to 512 B, open below 384 B),
// the tail after whole batches and open's hash-ahead path, through seal and open_verify.
TEST_P(X86Gcm, EveryCounterLowByteShortMessagesMatchSpec) {
  for_public_and_secret_counters_and_keys(6, [&](const key_state& st, const bytes& key,
                                                 const vg::spec::block& h, std::mt19937_64& rng) {
    for (std::uint32_t low = 0; low < 256; low += RUNNING_ON_VALGRIND ? 37 : 1) {
      for (std::uint32_t j0_word : {low, 0x00ffff00u | low}) {
        std::uint8_t j0[16];
        random_j0(rng, j0_word, j0);
        const std::size_t n = std::size_t{100} + (low * 131 + j0_word) % 1000;  // 100..1099
        const bytes pt = random_bytes(rng, n);
        const bytes aad = random_bytes(rng, 13);
        SCOPED_TRACE("low " + std::to_string(low) + " len " + std::to_string(n));
        ASSERT_NO_FATAL_FAILURE(check_against_j0(
            st, j0, aad, pt, spec_gcm_from_j0(key, h, j0, aad, pt).sealed(), 0, false));
      }
    }
  });
}

TEST_P(X86Gcm, Ctr32MatchesSpecCtr) {
  std::mt19937_64 rng(11);
  for (std::size_t key_len : {16u, 24u, 32u}) {
    const bytes key = random_bytes(rng, key_len);
    key_state st;
    setup(st, key);
    for (std::size_t n = 0; n <= 1100; n += length_step()) {
      vg::spec::block ctr0;
      const bytes r = random_bytes(rng, 16);
      copy_bytes(ctr0.data(), r.data(), 16);
      ctr0[12] = 0;  // far from a 32-bit wrap, where spec::ctr (128-bit carry) agrees
      const bytes pt = random_bytes(rng, n);
      const bytes want = vg::spec::ctr(key, ctr0, pt);
      bytes buf(pt);
      std::uint8_t ctr[16];
      copy_bytes(ctr, ctr0.data(), 16);
      poison(buf.data(), n);
      be().gcm->ctr32(st.b, ctr, pub_, buf.data(), buf.data(), n);
      unpoison(buf.data(), n);
      ASSERT_EQ(want, buf) << "len " << n;
    }
  }
}

// seal_blocks/open_blocks (the stitched whole-block ops of incremental APIs) against the two-pass
// composition ctr32 + ghash, which the tests above check against the spec: every block count
// 0..300 and a few long ones, counters far from and across the 32-bit wrap, a random GHASH
// state, in place and out of place at odd alignments.
TEST_P(X86Gcm, BlockOpsMatchCtr32ThenGhash) {
  // Counters that are secret (J0 from a nonce that is not 96 bits) take other paths.
  for (bool pub : {true, false}) {
    SCOPED_TRACE(pub ? "public counter" : "secret counter");
    pub_ = pub;
    if (!be().gcm->seal_blocks || !be().gcm->open_blocks) GTEST_SKIP() << "no block ops";
    std::mt19937_64 rng(13);
    for (std::size_t key_len : {16u, 24u, 32u}) {
      const bytes key = random_bytes(rng, key_len);
      key_state st;
      setup(st, key);
      std::vector<std::size_t> counts;
      for (std::size_t n = 0; n <= 300; n += length_step()) counts.push_back(n);
      for (std::size_t n : {511u, 1024u, 1031u}) counts.push_back(n);
      for (std::size_t blocks : counts) {
        for (bool near_wrap : {false, true}) {
          const std::size_t len = blocks * 16, offset = blocks % 5;
          const bytes pt = random_bytes(rng, len);
          bytes ctr0 = random_bytes(rng, 16), y0 = random_bytes(rng, 16);
          if (near_wrap) ctr0[12] = ctr0[13] = ctr0[14] = 0xff;  // low word >= 2^32 - 256
          // Reference: seal = ctr32 then ghash over the ciphertext.
          bytes want_ct(len);
          std::uint8_t want_ctr[16], want_y[16];
          copy_bytes(want_ctr, ctr0.data(), 16);
          copy_bytes(want_y, y0.data(), 16);
          be().gcm->ctr32(st.b, want_ctr, pub_, pt.data(), want_ct.data(), len);
          be().gcm->ghash(st.b, want_y, want_ct.data(), len);
          unpoison(want_ct.data(), len);
          unpoison(want_y, 16);

          for (bool in_place : {false, true}) {
            bytes in(len + offset + 1), out(len + offset + 1);
            copy_bytes(in.data() + offset, pt.data(), len);
            std::uint8_t* src = in.data() + offset;
            std::uint8_t* dst = in_place ? src : out.data() + offset;
            std::uint8_t ctr[16], y[16];
            copy_bytes(ctr, ctr0.data(), 16);
            copy_bytes(y, y0.data(), 16);
            poison(src, len);
            be().gcm->seal_blocks(st.b, ctr, pub_, y, src, dst, blocks);
            unpoison(dst, len);
            unpoison(y, 16);
            ASSERT_EQ(0, bytes_cmp(dst, want_ct.data(), len)) << "seal_blocks ct, " << blocks;
            ASSERT_EQ(0, bytes_cmp(y, want_y, 16)) << "seal_blocks y, " << blocks;
            ASSERT_EQ(0, bytes_cmp(ctr, want_ctr, 16)) << "seal_blocks ctr, " << blocks;

            // open_blocks hashes its input (the ciphertext) and decrypts it back.
            copy_bytes(ctr, ctr0.data(), 16);
            copy_bytes(y, y0.data(), 16);
            std::uint8_t* back = in_place ? dst : in.data() + offset;
            be().gcm->open_blocks(st.b, ctr, pub_, y, dst, back, blocks);
            unpoison(back, len);
            unpoison(y, 16);
            ASSERT_EQ(0, bytes_cmp(back, pt.data(), len)) << "open_blocks pt, " << blocks;
            ASSERT_EQ(0, bytes_cmp(y, want_y, 16)) << "open_blocks y, " << blocks;
            ASSERT_EQ(0, bytes_cmp(ctr, want_ctr, 16)) << "open_blocks ctr, " << blocks;
          }
        }
      }
    }
  }
}

std::string backend_label(const testing::TestParamInfo<const backend*>& info) {
  std::string s(info.param->name);
  if (!info.param->gcm_variant.empty()) s += "_" + std::string(info.param->gcm_variant);
  for (auto& c : s)
    if (c == '-') c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Kernels, X86Gcm,
                         testing::Values(&vg::detail::backend_aesni_avx,
                                         &vg::detail::backend_vaes_avx2,
                                         &vg::detail::backend_vaes_avx2_karatsuba,
                                         &vg::detail::backend_vaes_avx2_karatsuba_wide,
                                         &vg::detail::backend_vaes_avx512,
                                         &vg::detail::backend_vaes_avx512_short_tails,
                                         &vg::detail::backend_vaes_avx512_wide_seal,
                                         &vg::detail::backend_vaes_avx512_karatsuba),
                         backend_label);

}  // namespace
