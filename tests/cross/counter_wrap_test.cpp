// GCM's counter is inc32: only the low 32 bits of the counter block count, and they wrap. A
// 12-byte IV starts the count at 2, so the wrap is reachable only through a GHASH-derived J0.
// Rather than search for such IVs, construct them: for a 16-byte IV, J0 = ((IV·H) ⊕ L)·H with
// L = 0^64 || [128]_64, so IV = ((J0·H⁻¹) ⊕ L)·H⁻¹ for any J0 we choose. H⁻¹ = H^(2^128 - 2)
// (Fermat in GF(2^128)). Everything here uses the spec's own field arithmetic, and the constructed
// IV is checked with spec::ghash before use.
#include <array>

#include "cross/fixture.hpp"
#include "spec/spec.hpp"

namespace vg::test {
namespace {

spec::block xor_blocks(spec::block a, const spec::block& b) {
  for (std::size_t i = 0; i < 16; ++i) a[i] ^= b[i];
  return a;
}

spec::block gf128_inverse(const spec::block& h) {
  spec::block result{};
  result[0] = 0x80;  // the field's 1 in GCM's bit order
  // Exponent 2^128 - 2: 127 one bits followed by a zero bit, most significant first.
  for (int bit = 127; bit >= 0; --bit) {
    result = spec::gf128_mul(result, result);
    if (bit != 0) result = spec::gf128_mul(result, h);
  }
  return result;
}

// A 16-byte IV whose pre-counter block is `j0` under hash key `h`.
spec::block iv_for_j0(const spec::block& h, const spec::block& j0) {
  const spec::block h_inv = gf128_inverse(h);
  spec::block length_block{};
  length_block[15] = 128;  // len(IV) in bits, big-endian in the last 8 bytes
  return spec::gf128_mul(xor_blocks(spec::gf128_mul(j0, h_inv), length_block), h_inv);
}

TEST_P(CrossTest, CounterWrapsInLow32Bits) {
  const spec::block h = spec::aes_encrypt(key_bytes_, spec::block{});
  auto rng = data_rng(6);
  // Low 32 bits of J0 a few blocks before 2^32; the upper 96 bits random (they must not change).
  for (std::uint32_t before_wrap : {0u, 1u, 2u, 3u, 7u, 8u, 15u, 16u, 31u}) {
    spec::block j0{};
    rng.fill(j0);
    const std::uint32_t low = 0xffffffffu - before_wrap;
    for (int i = 0; i < 4; ++i) j0[12 + i] = static_cast<std::uint8_t>(low >> (24 - 8 * i));
    const spec::block iv = iv_for_j0(h, j0);

    bytes hashed(iv.begin(), iv.end());
    hashed.resize(32, 0);
    hashed[31] = 128;
    ASSERT_EQ(spec::ghash(h, hashed), j0) << "IV construction is wrong";

    for (std::size_t n = 0; n <= 16 * 40 && !too_many_failures(); n += 1 + n % 7) {
      check_message(message{bytes(iv.begin(), iv.end()), rng.bytes(9), rng.bytes(n), 16});
    }
  }
}

}  // namespace
}  // namespace vg::test
