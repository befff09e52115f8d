// See key_basis.hpp.
#include "proof/key_basis.hpp"

#include "common/prng.hpp"

namespace vg::proof {

std::vector<keyed_h> spanning_keys(int max_power) {
  vg::test::prng gen(0x6b65795f62617369);  // "key_basi"
  std::vector<keyed_h> keys;
  for (;;) {
    keyed_h k;
    gen.fill(k.key);
    block zero{};
    k.h = vg::spec::aes_encrypt(k.key, zero);
    keys.push_back(k);
    if (keys.size() < 128) continue;
    bool all_full = true;
    for (int p = 1; p <= max_power && all_full; ++p) {
      std::vector<block> powers;
      for (const keyed_h& e : keys) powers.push_back(power(e.h, p));
      all_full = rank(powers) == 128;
    }
    if (all_full) return keys;
  }
}

}  // namespace vg::proof
