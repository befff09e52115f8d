// Keccak-f[1600] (FIPS 202 §3.3: θ, ρ, π, χ, ι over 24 rounds) and the sponge of §4 with
// SHAKE-128's rate of 168 bytes and its domain padding 1111 then pad10*1 (§6.2, B.2).
#include "common/shake128.hpp"

namespace vg::test {
namespace {

constexpr std::size_t kRate = 168;

// §3.2.5: the round constants of ι.
constexpr std::uint64_t kRoundConstants[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};

// §3.2.2: the ρ offsets, indexed by x + 5y.
constexpr unsigned kRho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                               25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

std::uint64_t rotl(std::uint64_t v, unsigned n) {
  return n == 0 ? v : (v << n) | (v >> (64 - n));
}

}  // namespace

void shake128::permute() {
  std::uint64_t* a = lanes_;
  for (const std::uint64_t rc : kRoundConstants) {
    std::uint64_t c[5];
    for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (int x = 0; x < 5; ++x) {
      const std::uint64_t d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
      for (int y = 0; y < 5; ++y) a[x + 5 * y] ^= d;
    }
    std::uint64_t b[25];  // ρ then π: B[y, 2x + 3y] = rot(A[x, y], r[x, y])
    for (int x = 0; x < 5; ++x) {
      for (int y = 0; y < 5; ++y)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y], kRho[x + 5 * y]);
    }
    for (int x = 0; x < 5; ++x) {
      for (int y = 0; y < 5; ++y) {
        a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
      }
    }
    a[0] ^= rc;
  }
}

void shake128::absorb(std::span<const std::uint8_t> data) {
  for (const std::uint8_t byte : data) {
    lanes_[position_ / 8] ^= std::uint64_t{byte} << (8 * (position_ % 8));
    if (++position_ == kRate) {
      permute();
      position_ = 0;
    }
  }
}

void shake128::squeeze(std::span<std::uint8_t> out) {
  if (!squeezing_) {
    lanes_[position_ / 8] ^= std::uint64_t{0x1f} << (8 * (position_ % 8));
    lanes_[(kRate - 1) / 8] ^= std::uint64_t{0x80} << (8 * ((kRate - 1) % 8));
    permute();
    position_ = 0;
    squeezing_ = true;
  }
  for (std::uint8_t& byte : out) {
    if (position_ == kRate) {
      permute();
      position_ = 0;
    }
    byte = static_cast<std::uint8_t>(lanes_[position_ / 8] >> (8 * (position_ % 8)));
    ++position_;
  }
}

}  // namespace vg::test
