// The kernel tables (backends/backend.hpp) of every backend this CPU runs, entry by entry, against
// vg::spec. The library calls some entries only for backends that lack an optional one:
// gcm_ops::open and siv_ops::open (the verdict outside the kernel) serve backends without
// open_verify, and a backend's and_mask replaces the mode layer's loop. Each entry is part of the
// contract a backend signs, so each is checked on every backend that has it, for every key size and
// for lengths on both sides of the short paths and the batch sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
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

// gcm_ops::seal and gcm_ops::open with a 96-bit nonce's J0, and open_verify when the backend has
// it: ciphertext, plaintext and tag against spec::gcm_seal.
TEST_P(KernelEntries, GcmSealOpenAndOpenVerifyMatchSpec) {
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
        bytes ct(len), tag(16), back(len), open_tag(16);
        b.gcm->seal(st.b, j0, true, aad.data(), aad_len, pt.data(), ct.data(), len, tag.data());
        EXPECT_EQ(first(expected, len), ct);
        EXPECT_EQ(bytes(expected.end() - 16, expected.end()), tag);
        b.gcm->open(st.b, j0, true, aad.data(), aad_len, ct.data(), back.data(), len,
                    open_tag.data());
        EXPECT_EQ(pt, back);
        EXPECT_EQ(tag, open_tag);
        if (b.gcm->open_verify == nullptr) continue;
        for (std::size_t tag_len : {4, 12, 16}) {
          bytes out(len, 0x55);
          EXPECT_EQ(0xff, b.gcm->open_verify(st.b, j0, true, aad.data(), aad_len, ct.data(),
                                             out.data(), len, tag.data(), tag_len));
          EXPECT_EQ(pt, out);
          bytes bad = tag;
          bad[tag_len - 1] ^= 1;
          EXPECT_EQ(0x00, b.gcm->open_verify(st.b, j0, true, aad.data(), aad_len, ct.data(),
                                             out.data(), len, bad.data(), tag_len));
          EXPECT_EQ(bytes(len, 0), out);
        }
      }
    }
  }
}

// gcm_ops::seal and open for pre-counter blocks that do not come from a 96-bit nonce: low counter
// bytes that carry inside the message, and public_counter false (J0 = GHASH_H(nonce) depends on the
// key). The reference is assembled from spec::ctr, spec::ghash and spec::aes_encrypt; the low 32
// bits never wrap here, so inc32 is the spec's full-width increment.
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
          bytes ct(len), tag(16), back(len), open_tag(16);
          b.gcm->seal(st.b, j0.data(), public_counter, aad.data(), 13, pt.data(), ct.data(), len,
                      tag.data());
          EXPECT_EQ(want_ct, ct);
          EXPECT_EQ(want_tag, tag);
          b.gcm->open(st.b, j0.data(), public_counter, aad.data(), 13, ct.data(), back.data(), len,
                      open_tag.data());
          EXPECT_EQ(pt, back);
          EXPECT_EQ(want_tag, open_tag);
        }
      }
    }
  }
}

// siv_ops::seal and siv_ops::open (expected tag written, no verdict), and open_verify, against
// spec::gcm_siv_seal; AAD and text of at most 16 bytes each take the kernels' short path.
TEST_P(KernelEntries, SivSealOpenAndOpenVerifyMatchSpec) {
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
        bytes ct(len), tag(16), back(len), open_tag(16);
        b.siv->seal(st.b, nonce.data(), aad.data(), aad_len, pt.data(), ct.data(), len, tag.data());
        EXPECT_EQ(first(expected, len), ct);
        EXPECT_EQ(bytes(expected.end() - 16, expected.end()), tag);
        b.siv->open(st.b, nonce.data(), aad.data(), aad_len, ct.data(), back.data(), len,
                    tag.data(), open_tag.data());
        EXPECT_EQ(pt, back);
        EXPECT_EQ(tag, open_tag);
        if (b.siv->open_verify == nullptr) continue;
        bytes out(len, 0x55);
        EXPECT_EQ(0xff, b.siv->open_verify(st.b, nonce.data(), aad.data(), aad_len, ct.data(),
                                           out.data(), len, tag.data()));
        EXPECT_EQ(pt, out);
        bytes bad = tag;
        bad[len % 16] ^= 0x80;
        EXPECT_EQ(0x00, b.siv->open_verify(st.b, nonce.data(), aad.data(), aad_len, ct.data(),
                                           out.data(), len, bad.data()));
        EXPECT_EQ(bytes(len, 0), out);
      }
    }
  }
}

// backend::and_mask: 0x00 clears every byte of the range and nothing outside it, 0xff keeps all.
TEST_P(KernelEntries, AndMaskClearsOrKeepsExactlyTheRange) {
  const backend& b = kernels();
  if (b.and_mask == nullptr) GTEST_SKIP() << "no and_mask on " << b.name;
  vg::test::prng rng(0xa11);
  for (std::size_t len = 0; len <= 700; len += (len < 80 ? 1 : 37)) {
    for (std::size_t offset : {0, 1, 31}) {
      SCOPED_TRACE("len " + std::to_string(len) + " offset " + std::to_string(offset));
      const bytes data = rng.bytes(len + offset + 8);
      bytes buf = data;
      b.and_mask(buf.data() + offset, len, 0xff);
      EXPECT_EQ(data, buf);
      b.and_mask(buf.data() + offset, len, 0x00);
      bytes want = data;
      std::fill_n(want.begin() + static_cast<std::ptrdiff_t>(offset), len, 0);
      EXPECT_EQ(want, buf);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Runnable, KernelEntries, testing::ValuesIn(vg::test::runnable_backends()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return vg::test::gtest_safe_name(info.param);
                         });

}  // namespace
