// The portable backend's gcm_ops called directly (no mode layer) against the SP 800-38D
// specification: seal and open_verify for every message length 0..300 with several AAD lengths
// and all key sizes, in place and out of place (open_verify: the genuine tag truncated to every
// length the API allows, and a forged one, which must zero the output); the ghash continuation;
// ctr32 including the 32-bit counter wrap, and a seal whose counter wraps.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "backends/portable/portable_backend.hpp"
#include "common/prng.hpp"
#include "spec/spec.hpp"

namespace vg::detail::portable {
namespace {

const gcm_ops& ops() {
  return *backend_portable.gcm;
}

TEST(PortableGcm, BackendObjectIsComplete) {
  EXPECT_EQ(backend_portable.name, "portable");
  EXPECT_EQ(backend_portable.needs, 0u);
  ASSERT_NE(backend_portable.gcm, nullptr);
  ASSERT_NE(backend_portable.siv, nullptr);
}

// Parameter: the key size. Each test draws its key (and then its data) from a PRNG seeded with
// its own salt plus the key size, and expands it into `state`.
class PortableGcmKeySize : public ::testing::TestWithParam<std::size_t> {
 protected:
  test::prng keyed_rng(std::uint64_t salt) {
    test::prng rng(salt + GetParam());
    key = rng.bytes(GetParam());
    ops().setup(state.bytes, key.data(), key.size());
    return rng;
  }

  bytes key;
  keyed_state state;
};

TEST_P(PortableGcmKeySize, SealAndOpenVerifyMatchSpecForAllLengths) {
  test::prng rng = keyed_rng(0x6c30);

  for (std::size_t aad_len : {0, 1, 15, 16, 17, 48, 65, 100}) {
    for (std::size_t len = 0; len <= 300; ++len) {
      if (aad_len != 0 && aad_len != 17 && len % 7 != 0 && len > 70) continue;  // keep it quick
      const auto iv = rng.bytes(12);
      const auto aad = rng.bytes(aad_len);
      const auto pt = rng.bytes(len);
      const bytes want = spec::gcm_seal(key, iv, aad, pt);

      std::uint8_t j0[16] = {};
      std::copy(iv.begin(), iv.end(), j0);
      j0[15] = 1;
      const bool in_place = len % 2 == 1;
      bytes ct = in_place ? pt : bytes(len);
      std::uint8_t tag[16];
      ops().seal(state.bytes, j0, true, aad.data(), aad.size(), in_place ? ct.data() : pt.data(),
                 ct.data(), len, tag);
      ct.insert(ct.end(), tag, tag + 16);
      ASSERT_EQ(ct, want) << "seal, len " << len << " aad " << aad_len;

      const bytes sealed(ct.begin(), ct.end() - 16);
      std::uint8_t forged[16];
      std::copy(tag, tag + 16, forged);
      forged[len % 4] ^= 0x40;  // within every allowed tag length
      for (std::size_t tag_len : {4, 8, 12, 13, 14, 15, 16}) {
        for (const std::uint8_t* t :
             {static_cast<const std::uint8_t*>(tag), static_cast<const std::uint8_t*>(forged)}) {
          const std::optional<bytes> spec_opened =
              spec::gcm_open(key, iv, aad, sealed, bytes(t, t + tag_len));
          ASSERT_EQ(spec_opened.has_value(), t == tag);
          bytes back = in_place ? sealed : bytes(len, 0x55);
          const std::uint8_t ok = ops().open_verify(state.bytes, j0, true, aad.data(), aad.size(),
                                                    in_place ? back.data() : sealed.data(),
                                                    back.data(), len, t, tag_len);
          ASSERT_EQ(ok, spec_opened ? 0xff : 0x00) << "len " << len << " tag " << tag_len;
          ASSERT_EQ(back, spec_opened ? *spec_opened : bytes(len, 0))
              << "open_verify, len " << len << " aad " << aad_len << " tag " << tag_len;
        }
      }
    }
  }
}

TEST_P(PortableGcmKeySize, GhashContinuationMatchesSpec) {
  test::prng rng = keyed_rng(0x6ca5);
  const spec::block h = spec::aes_encrypt(key, spec::block{});

  for (std::size_t first = 0; first <= 80; first += 16) {
    for (std::size_t second = 0; second <= 90; ++second) {
      const auto data = rng.bytes(first + second);
      bytes padded = data;
      padded.resize((data.size() + 15) / 16 * 16, 0);
      std::uint8_t y[16] = {};
      ops().ghash(state.bytes, y, data.data(), first);
      ops().ghash(state.bytes, y, data.data() + first, second);
      const spec::block want = spec::ghash(h, padded);
      ASSERT_TRUE(std::equal(want.begin(), want.end(), y)) << first << " + " << second;
    }
  }
}

// The counter block with the low 32 bits replaced (the rest kept).
spec::block with_low32(spec::block b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[15 - i] = static_cast<std::uint8_t>(v >> (8 * i));
  return b;
}

// inc32-based CTR from the 128-bit-carry spec::ctr, split where the low 32 bits wrap.
bytes spec_ctr32(const bytes& key, spec::block ctr, const bytes& data) {
  const std::uint32_t low =
      static_cast<std::uint32_t>(ctr[12]) << 24 | ctr[13] << 16 | ctr[14] << 8 | ctr[15];
  const std::size_t before_wrap = (std::size_t{0x100000000} - low) * 16;
  if (data.size() <= before_wrap) return spec::ctr(key, ctr, data);
  bytes out = spec::ctr(key, ctr, spec::view(data).first(before_wrap));
  const bytes rest = spec::ctr(key, with_low32(ctr, 0), spec::view(data).subspan(before_wrap));
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

TEST_P(PortableGcmKeySize, Ctr32MatchesSpecAcrossTheWrap) {
  test::prng rng = keyed_rng(0xc732);
  for (std::uint32_t start : {0u, 1u, 0xFFFFFFF0u, 0xFFFFFFFDu, 0xFFFFFFFFu}) {
    for (std::size_t len = 0; len <= 200; len += 13) {
      spec::block ctr;
      rng.fill(ctr);
      ctr = with_low32(ctr, start);
      const auto data = rng.bytes(len);
      bytes out(len);
      std::uint8_t c[16];
      std::copy(ctr.begin(), ctr.end(), c);
      ops().ctr32(state.bytes, c, true, data.data(), out.data(), len);
      ASSERT_EQ(out, spec_ctr32(key, ctr, data)) << "start " << start << " len " << len;
      const spec::block next = with_low32(ctr, start + static_cast<std::uint32_t>((len + 15) / 16));
      ASSERT_TRUE(std::equal(next.begin(), next.end(), c)) << "counter after " << len;
    }
  }
}

// GCM composed from spec pieces, for a J0 whose counter wraps inside the message.
TEST_P(PortableGcmKeySize, SealWithWrappingCounterMatchesSpecComposition) {
  test::prng rng = keyed_rng(0x3a9);
  const spec::block h = spec::aes_encrypt(key, spec::block{});
  for (std::size_t len : {0, 20, 64, 100, 130}) {
    spec::block j0;
    rng.fill(j0);
    j0 = with_low32(j0, 0xFFFFFFFD);
    const auto aad = rng.bytes(5);
    const auto pt = rng.bytes(len);
    const bytes ct = spec_ctr32(key, with_low32(j0, 0xFFFFFFFE), pt);
    bytes hashed = aad;
    hashed.resize(16, 0);
    hashed.insert(hashed.end(), ct.begin(), ct.end());
    hashed.resize((hashed.size() + 15) / 16 * 16, 0);
    for (std::uint64_t bits : {std::uint64_t{aad.size()} * 8, std::uint64_t{len} * 8}) {
      for (int i = 7; i >= 0; --i) hashed.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    }
    spec::block want_tag = spec::ghash(h, hashed);
    const spec::block ekj0 = spec::aes_encrypt(key, j0);
    for (int i = 0; i < 16; ++i) want_tag[i] ^= ekj0[i];

    bytes out(len);
    std::uint8_t tag[16];
    ops().seal(state.bytes, j0.data(), true, aad.data(), aad.size(), pt.data(), out.data(), len,
               tag);
    ASSERT_EQ(out, ct) << len;
    ASSERT_TRUE(std::equal(want_tag.begin(), want_tag.end(), tag)) << len;
  }
}

INSTANTIATE_TEST_SUITE_P(KeySizes, PortableGcmKeySize, ::testing::Values(16, 24, 32));

}  // namespace
}  // namespace vg::detail::portable
