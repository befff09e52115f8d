// A fixed set of AES keys whose hash keys H = E_K(0^128), and the powers H^k the kernels use, span
// GF(2)^128. The backends' GHASH can only be reached through a key (the state holds E_K(0)), so the
// bilinear arguments run over such a set instead of over the basis vectors themselves.
#ifndef VG_TESTS_PROOF_KEY_BASIS_HPP
#define VG_TESTS_PROOF_KEY_BASIS_HPP

#include <cstdint>
#include <vector>

#include "proof/gf2.hpp"

namespace vg::proof {

struct keyed_h {
  std::array<std::uint8_t, 16> key;
  block h;
};

// Keys from a fixed generator, taken until {H^k : key} has rank 128 for every k in 1..max_power.
// (Random elements: 128 + a handful suffice; the rank is checked, not assumed.)
std::vector<keyed_h> spanning_keys(int max_power);

}  // namespace vg::proof

#endif  // VG_TESTS_PROOF_KEY_BASIS_HPP
