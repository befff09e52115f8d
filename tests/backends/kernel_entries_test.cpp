// The kernel tables (backends/backend.hpp) of every backend this CPU runs, entry by entry, against
// vg::spec. Each entry is part of the contract a backend signs, so each is checked on every backend
// that has it, for every key size and for lengths on both sides of the short paths and the batch
// sizes. open_verify, the one open entry, is checked as the spec opens: the verdict and the
// plaintext of genuine messages, and for forged tags and ciphertexts a 0x00 verdict with every
// output byte zeroed, for every tag length the API allows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "common/backends.hpp"
#include "common/prng.hpp"
#include "dispatch/registry.hpp"
#include "spec/spec.hpp"

namespace {

using bytes = std::vector<std::uint8_t>;
using vg::detail::backend;

constexpr std::size_t kLengths[] = {0, 1, 15, 16, 17, 63, 64, 255, 256, 257, 767, 1100};
constexpr std::size_t kAadLengths[] = {0, 13, 16, 40};
constexpr std::size_t kTagLengths[] = {4, 8, 12, 13, 14, 15, 16};  // vg::gcm_tag_length_allowed
static_assert(vg::gcm_tag_length_allowed(4) && vg::gcm_tag_length_allowed(8) &&
              !vg::gcm_tag_length_allowed(9) && !vg::gcm_tag_length_allowed(11));

struct alignas(64) key_state {
  unsigned char b[vg::detail::key_state_bytes];
};

class KernelEntries : public testing::TestWithParam<std::string> {
 protected:
  static const backend& kernels() { return *vg::detail::find_runnable_backend(GetParam()); }
};

bytes first(const bytes& v, std::size_t n) {
  return bytes(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n));
}

std::size_t below(vg::test::prng& rng, std::size_t n) {
  return static_cast<std::size_t>(rng.next() % n);
}

// What an open must leave in its output: the spec's plaintext, or zeros when the spec refuses.
bytes opened_or_zeros(const std::optional<bytes>& spec_opened, std::size_t len) {
  return spec_opened ? *spec_opened : bytes(len, 0);
}

// One gcm_ops::open_verify call, out of place (into a buffer that starts as 0x55) or in place,
// checked against spec::gcm_open of the same ciphertext and tag: the verdict, and the output.
void check_gcm_open_verify(const backend& b, const void* st, const std::uint8_t* j0,
                           bool public_counter, const bytes& aad, const bytes& ct,
                           const bytes& tag16, std::size_t tag_len,
                           const std::optional<bytes>& spec_opened, bool in_place) {
  SCOPED_TRACE("tag " + std::to_string(tag_len) + (in_place ? " in place" : " out of place"));
  const std::size_t len = ct.size();
  bytes out = in_place ? ct : bytes(len, 0x55);
  const std::uint8_t ok =
      b.gcm->open_verify(st, j0, public_counter, aad.data(), aad.size(),
                         in_place ? out.data() : ct.data(), out.data(), len, tag16.data(), tag_len);
  EXPECT_EQ(spec_opened ? 0xff : 0x00, ok);
  EXPECT_EQ(opened_or_zeros(spec_opened, len), out);
}

// gcm_ops::seal and open_verify with a 96-bit nonce's J0: ciphertext and tag against
// spec::gcm_seal; open_verify against spec::gcm_open for the genuine tag truncated to every allowed
// length (bytes past the length must not count), a tag with one bit flipped in the compared
// bytes, and a ciphertext with one bit flipped.
TEST_P(KernelEntries, GcmSealAndOpenVerifyMatchSpec) {
  const backend& b = kernels();
  vg::test::prng rng(0x6c3);
  for (std::size_t key_len : {16, 24, 32}) {
    const bytes key = rng.bytes(key_len);
    key_state st;
    b.gcm->setup(st.b, key.data(), key.size());
    for (std::size_t len : kLengths) {
      for (std::size_t aad_len : kAadLengths) {
        SCOPED_TRACE("key " + std::to_string(key_len) + " len " + std::to_string(len) + " aad " +
                     std::to_string(aad_len));
        const bytes nonce = rng.bytes(12), aad = rng.bytes(aad_len), pt = rng.bytes(len);
        const bytes expected = vg::spec::gcm_seal(key, nonce, aad, pt);
        std::uint8_t j0[16] = {};
        std::memcpy(j0, nonce.data(), 12);
        j0[15] = 1;
        bytes ct(len), tag(16);
        b.gcm->seal(st.b, j0, true, aad.data(), aad_len, pt.data(), ct.data(), len, tag.data());
        EXPECT_EQ(first(expected, len), ct);
        EXPECT_EQ(bytes(expected.end() - 16, expected.end()), tag);
        bytes forged_ct = ct;
        if (len != 0) forged_ct[below(rng, len)] ^= 0x04;
        for (std::size_t tag_len : kTagLengths) {
          const bytes truncated = first(tag, tag_len);
          const std::optional<bytes> genuine = vg::spec::gcm_open(key, nonce, aad, ct, truncated);
          ASSERT_TRUE(genuine.has_value());
          bytes beyond = tag;  // bytes past tag_len are not part of the tag
          for (std::size_t i = tag_len; i < 16; ++i) beyond[i] ^= 0xa5;
          bytes forged = tag;
          forged[below(rng, tag_len)] ^= static_cast<std::uint8_t>(1u << below(rng, 8));
          const std::optional<bytes> refused =
              vg::spec::gcm_open(key, nonce, aad, ct, first(forged, tag_len));
          ASSERT_FALSE(refused.has_value());
          for (bool in_place : {false, true}) {
            check_gcm_open_verify(b, st.b, j0, true, aad, ct, beyond, tag_len, genuine, in_place);
            check_gcm_open_verify(b, st.b, j0, true, aad, ct, forged, tag_len, refused, in_place);
            if (len != 0)
              check_gcm_open_verify(b, st.b, j0, true, aad, forged_ct, tag, tag_len,
                                    vg::spec::gcm_open(key, nonce, aad, forged_ct, truncated),
                                    in_place);
          }
        }
      }
    }
  }
}

// gcm_ops::seal and open_verify for pre-counter blocks that do not come from a 96-bit nonce: low
// counter bytes that carry inside the message, and public_counter false (J0 = GHASH_H(nonce)
// depends on the key). The reference is assembled from spec::ctr, spec::ghash and
// spec::aes_encrypt; the low 32 bits never wrap here, so inc32 is the spec's full-width increment.
// open_verify accepts the reference tag (full and truncated) and refuses it with a bit flipped.
TEST_P(KernelEntries, GcmAnyPreCounterBlockMatchesSpec) {
  const backend& b = kernels();
  vg::test::prng rng(0x30c);
  for (std::size_t key_len : {16, 32}) {
    const bytes key = rng.bytes(key_len);
    key_state st;
    b.gcm->setup(st.b, key.data(), key.size());
    const vg::spec::block h = vg::spec::aes_encrypt(key, vg::spec::block{});
    for (std::uint32_t low : {0x000000f0u, 0x0000fffeu, 0x12345678u}) {
      for (bool public_counter : {true, false}) {
        for (std::size_t len : {1, 100, 255, 256, 257, 767, 1100, 4200}) {
          SCOPED_TRACE("key " + std::to_string(key_len) + " low " + std::to_string(low) +
                       (public_counter ? " public" : " secret") + " len " + std::to_string(len));
          const bytes aad = rng.bytes(13), pt = rng.bytes(len);
          vg::spec::block j0{}, first{};
          rng.fill(j0);
          for (int i = 0; i < 4; ++i) {
            j0[12 + i] = static_cast<std::uint8_t>(low >> (24 - 8 * i));
            first[12 + i] = static_cast<std::uint8_t>((low + 1) >> (24 - 8 * i));
          }
          std::copy_n(j0.begin(), 12, first.begin());
          const bytes want_ct = vg::spec::ctr(key, first, pt);
          bytes hashed = aad;
          hashed.resize(16);  // 13 bytes of AAD, zero-padded
          hashed.insert(hashed.end(), want_ct.begin(), want_ct.end());
          hashed.resize(hashed.size() + (16 - len % 16) % 16);
          for (std::uint64_t bits : {std::uint64_t{13} * 8, std::uint64_t{len} * 8})
            for (int i = 7; i >= 0; --i)
              hashed.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
          const vg::spec::block s = vg::spec::ghash(h, hashed),
                                ej0 = vg::spec::aes_encrypt(key, j0);
          bytes want_tag(16);
          for (int i = 0; i < 16; ++i) want_tag[i] = s[i] ^ ej0[i];
          bytes ct(len), tag(16);
          b.gcm->seal(st.b, j0.data(), public_counter, aad.data(), 13, pt.data(), ct.data(), len,
                      tag.data());
          EXPECT_EQ(want_ct, ct);
          EXPECT_EQ(want_tag, tag);
          bytes forged = want_tag;
          forged[below(rng, 12)] ^= 0x10;
          for (std::size_t tag_len : {std::size_t{12}, std::size_t{16}}) {
            for (bool in_place : {false, true}) {
              check_gcm_open_verify(b, st.b, j0.data(), public_counter, aad, want_ct, want_tag,
                                    tag_len, pt, in_place);
              check_gcm_open_verify(b, st.b, j0.data(), public_counter, aad, want_ct, forged,
                                    tag_len, std::nullopt, in_place);
            }
          }
        }
      }
    }
  }
}

// siv_ops::seal against spec::gcm_siv_seal, and open_verify against spec::gcm_siv_open (16-byte
// tags only) for the genuine tag, a tag with one bit flipped and a ciphertext with one bit
// flipped, in and out of place; AAD and text of at most 16 bytes each take the kernels' short
// path.
TEST_P(KernelEntries, SivSealAndOpenVerifyMatchSpec) {
  const backend& b = kernels();
  if (b.siv == nullptr) GTEST_SKIP() << "no GCM-SIV on " << b.name;
  vg::test::prng rng(0x51f);
  for (std::size_t key_len : {16, 32}) {
    const bytes key = rng.bytes(key_len);
    key_state st;
    b.siv->setup(st.b, key.data(), key.size());
    for (std::size_t len : kLengths) {
      for (std::size_t aad_len : {0, 1, 16, 17, 40}) {
        SCOPED_TRACE("key " + std::to_string(key_len) + " len " + std::to_string(len) + " aad " +
                     std::to_string(aad_len));
        const bytes nonce = rng.bytes(12), aad = rng.bytes(aad_len), pt = rng.bytes(len);
        const bytes expected = vg::spec::gcm_siv_seal(key, nonce, aad, pt);
        bytes ct(len), tag(16);
        b.siv->seal(st.b, nonce.data(), aad.data(), aad_len, pt.data(), ct.data(), len, tag.data());
        EXPECT_EQ(first(expected, len), ct);
        EXPECT_EQ(bytes(expected.end() - 16, expected.end()), tag);
        bytes forged = tag;
        forged[below(rng, 16)] ^= static_cast<std::uint8_t>(1u << below(rng, 8));
        // The top bit of the tag's last byte is set in the counter block anyway (RFC 8452 §4): this
        // forgery decrypts to the genuine plaintext, so only the comparison of that byte refuses
        // it.
        bytes same_counter = tag;
        same_counter[15] ^= 0x80;
        bytes forged_ct = ct;
        if (len != 0) forged_ct[below(rng, len)] ^= 0x20;
        struct attempt {
          const bytes& ct;
          const bytes& tag;
        };
        for (const attempt& a : {attempt{ct, tag}, attempt{ct, forged}, attempt{ct, same_counter},
                                 attempt{forged_ct, tag}}) {
          const std::optional<bytes> spec_opened =
              vg::spec::gcm_siv_open(key, nonce, aad, a.ct, a.tag);
          for (bool in_place : {false, true}) {
            SCOPED_TRACE(in_place ? "in place" : "out of place");
            bytes out = in_place ? a.ct : bytes(len, 0x55);
            const std::uint8_t ok = b.siv->open_verify(st.b, nonce.data(), aad.data(), aad_len,
                                                       in_place ? out.data() : a.ct.data(),
                                                       out.data(), len, a.tag.data());
            EXPECT_EQ(spec_opened ? 0xff : 0x00, ok);
            EXPECT_EQ(opened_or_zeros(spec_opened, len), out);
          }
        }
        EXPECT_TRUE(vg::spec::gcm_siv_open(key, nonce, aad, ct, tag).has_value());
        EXPECT_FALSE(vg::spec::gcm_siv_open(key, nonce, aad, ct, forged).has_value());
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Runnable, KernelEntries, testing::ValuesIn(vg::test::runnable_backends()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return vg::test::gtest_safe_name(info.param);
                         });

}  // namespace
