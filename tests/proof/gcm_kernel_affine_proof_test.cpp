// Proof by affinity of every backend's whole-message GCM kernels (gcm_ops::seal and ::open_verify)
// for fixed keys, nonces and lengths, against vg::spec.
//
// For a fixed key, J0 and lengths, seal maps (AAD, P) to C = P ^ keystream and
// T = GHASH_H(AAD || C || lengths) ^ E_K(J0): the keystream depends on the key and counters only
// (never on data), and GHASH is linear in its input, so (C, T) is an affine function of (AAD, P).
// Open maps (AAD, C) to (P, expected T) in the same way; open_verify shows its expected T only
// through the verdict, so it is given the T the spec predicts: a 0xff verdict says the kernel's
// expected T equals it (all 16 bytes compared), and the output is then P. A kernel made of CTR XOR
// plus the GHASH arithmetic (XOR, shifts, carry-less or hole-isolated multiplies) is affine in the
// data too, so it equals the spec on ALL 2^(8(a+p)) inputs of those lengths once it equals it at
// zero and, for every basis vector (one bit of AAD or data), the difference from zero matches. The
// difference the spec predicts for a bit in GHASH input block j of m is that block times H^(m-j)
// (§6.4).
//
// Which lengths: each (AAD, message) length is its own affine map, so the list reaches every
// path of the kernels: empty, partial blocks, inline short AAD and long AAD, one batch, a pending
// batch plus a full tail (the widest kernel batches 16 blocks = 256 bytes).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "common/prng.hpp"
#include "dispatch/registry.hpp"
#include "proof/gf2.hpp"

namespace {

using vg::spec::block;

struct shape {
  std::size_t aad, len;
};
constexpr shape kShapes[] = {{0, 1},    {13, 0},   {16, 16}, {20, 17},  {0, 100},
                             {33, 128}, {5, 129},  {0, 255}, {16, 256}, {17, 257},
                             {3, 767},  {300, 40}, {0, 512}};

// A name of runnable_backends(): a backend, or one GCM kernel variant of it ("name/variant").
const vg::detail::backend* find_backend(const std::string& name) {
  return vg::detail::find_runnable_backend(name);
}

// What the spec says for one shape: keystream, tag at zero data, and the powers of H.
struct reference {
  std::vector<std::uint8_t> keystream;
  block e_j0;                  // E_K(J0)
  std::vector<block> h_power;  // h_power[k] = H^k
  std::size_t m;               // GHASH input blocks: ceil(a/16) + ceil(p/16) + 1
};

block lengths_block(std::size_t aad, std::size_t len) {
  block l{};
  for (int i = 0; i < 8; ++i) {
    l[7 - i] = static_cast<std::uint8_t>((std::uint64_t{aad} * 8) >> (8 * i));
    l[15 - i] = static_cast<std::uint8_t>((std::uint64_t{len} * 8) >> (8 * i));
  }
  return l;
}

// GHASH_H(AAD || C || lengths) with zero-padding, from the spec's definition.
block spec_ghash(const block& h, const std::vector<std::uint8_t>& aad,
                 const std::vector<std::uint8_t>& c) {
  std::vector<std::uint8_t> s(aad);
  s.resize((s.size() + 15) / 16 * 16, 0);
  s.insert(s.end(), c.begin(), c.end());
  s.resize((s.size() + 15) / 16 * 16, 0);
  const block l = lengths_block(aad.size(), c.size());
  s.insert(s.end(), l.begin(), l.end());
  return vg::spec::ghash(h, s);
}

class GcmKernelAffineProof : public testing::TestWithParam<std::string> {};

TEST_P(GcmKernelAffineProof, SealAndOpenAgreeWithSpecOnZeroAndEveryBasisVector) {
  const vg::detail::backend* b = find_backend(GetParam());
  ASSERT_NE(b, nullptr);
  alignas(64) static unsigned char state[vg::detail::key_state_bytes];
  vg::test::prng gen(0xaff1e);
  int mismatches = 0;
  for (std::size_t key_len : {16, 24, 32}) {
    const std::vector<std::uint8_t> key = gen.bytes(key_len);
    const std::vector<std::uint8_t> nonce = gen.bytes(12);
    b->gcm->setup(state, key.data(), key.size());
    block j0{};
    std::memcpy(j0.data(), nonce.data(), 12);
    j0[15] = 1;
    const block h = vg::spec::aes_encrypt(key, block{});
    const block e_j0 = vg::spec::aes_encrypt(key, j0);
    for (const shape& sh : kShapes) {
      const std::size_t m = (sh.aad + 15) / 16 + (sh.len + 15) / 16 + 1;
      std::vector<block> h_power(m + 1);
      h_power[1] = h;
      for (std::size_t k = 2; k <= m; ++k) h_power[k] = vg::spec::gf128_mul(h_power[k - 1], h);
      // The reference at zero: keystream = the spec's encryption of zeros.
      std::vector<std::uint8_t> aad(sh.aad, 0), zeros(sh.len, 0);
      const auto sealed0 = vg::spec::gcm_seal(key, nonce, aad, zeros);
      const std::vector<std::uint8_t> keystream(sealed0.begin(), sealed0.begin() + sh.len);
      const block seal_tag0 = vg::proof::xor_blocks(spec_ghash(h, aad, keystream), e_j0);
      const block open_tag0 = vg::proof::xor_blocks(spec_ghash(h, aad, zeros), e_j0);

      std::vector<std::uint8_t> out(sh.len), data(sh.len, 0);
      const std::string where = GetParam() + " key " + std::to_string(key_len) + " aad " +
                                std::to_string(sh.aad) + " len " + std::to_string(sh.len);
      // bit = -1: all zero; then every bit of AAD, then every bit of data.
      for (long bit = -1; bit < static_cast<long>(8 * (sh.aad + sh.len)); ++bit) {
        block delta{};  // predicted tag difference
        std::size_t data_byte = SIZE_MAX;
        if (bit >= 0) {
          const auto ubit = static_cast<std::size_t>(bit);
          const bool in_aad = ubit < 8 * sh.aad;
          const std::size_t byte = in_aad ? ubit / 8 : ubit / 8 - sh.aad;
          const auto mask = static_cast<std::uint8_t>(0x80 >> (ubit % 8));
          (in_aad ? aad[byte] : data[byte]) ^= mask;
          if (!in_aad) data_byte = byte;
          // GHASH input block index j (0-based) of this bit: multiplied by H^(m - j).
          const std::size_t j = in_aad ? byte / 16 : (sh.aad + 15) / 16 + byte / 16;
          block x{};
          x[byte % 16] = mask;
          delta = vg::spec::gf128_mul(x, h_power[m - j]);
        }
        block tag;
        b->gcm->seal(state, j0.data(), true, aad.data(), aad.size(), data.data(), out.data(),
                     sh.len, tag.data());
        bool ok = tag == vg::proof::xor_blocks(seal_tag0, delta);
        for (std::size_t i = 0; i < sh.len && ok; ++i)
          ok = out[i] == static_cast<std::uint8_t>(keystream[i] ^ data[i]);
        const block open_tag = vg::proof::xor_blocks(open_tag0, delta);
        ok = ok && b->gcm->open_verify(state, j0.data(), true, aad.data(), aad.size(), data.data(),
                                       out.data(), sh.len, open_tag.data(), 16) == 0xff;
        for (std::size_t i = 0; i < sh.len && ok; ++i)
          ok = out[i] == static_cast<std::uint8_t>(keystream[i] ^ data[i]);
        if (!ok && ++mismatches <= 5) ADD_FAILURE() << where << " bit " << bit;
        if (bit >= 0) {  // undo the flip
          const auto ubit = static_cast<std::size_t>(bit);
          const auto mask = static_cast<std::uint8_t>(0x80 >> (ubit % 8));
          if (data_byte != SIZE_MAX)
            data[data_byte] ^= mask;
          else
            aad[ubit / 8] ^= mask;
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

INSTANTIATE_TEST_SUITE_P(Runnable, GcmKernelAffineProof,
                         testing::ValuesIn(vg::test::runnable_backends()),
                         [](const auto& info) { return vg::test::gtest_safe_name(info.param); });

}  // namespace
