// Proof by bilinearity of every backend's GHASH continuation (gcm_ops::ghash) against vg::spec.
//
// The op computes y' = (y ^ X_1) H^n ^ X_2 H^(n-1) ^ ... ^ X_n H for n blocks. Each term is the
// kernel's multiply of one input block by one table entry T_k = phi(H^k), where phi is linear
// (x86: times y, i.e. shift and reduce; portable: div_x and masks), and the terms are XORed and
// reduced by XOR/shift/carry-less steps. So for each n and each block position the kernel's map
// (block, H^k) -> contribution is GF(2)-bilinear, and the whole output is the XOR of those maps.
// A bilinear map is fixed by its values on {e_i} x S for any S spanning GF(2)^128: here S = the
// powers H^k of spanning_keys() (rank checked). So checking, for every key of the set, every
// position and every e_i, that the op returns e_i H^k proves the op correct for all data and all
// table entries. What this cannot prove is that setup computes T_k = phi(H^k) for keys outside the
// set (docs/VERIFICATION.md: the x86 setup's power chain is tested, not proved).
//
// Lengths: every n from 1 to 17. The widest kernel hashes batches of N = 16 blocks; n <= 16 covers
// every tail shape (each n is its own map, with its own table positions) and one whole batch
// including the running-hash input; longer inputs run the same batch code again with the previous
// result as the running hash, so they are compositions of maps proved here (induction on batches).
// Partial last blocks (zero padding) are checked for a few n.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "common/backends.hpp"
#include "dispatch/registry.hpp"
#include "proof/key_basis.hpp"

namespace {

using vg::proof::basis;
using vg::spec::block;

constexpr int kMaxBlocks = 17;
// The portable backend hashes batches of 4 blocks (ghash_ctmul64.hpp: hash_powers), so n <= 5
// covers all its shapes; its multiply is also proved directly in portable_ghash_proof_test.cpp.
int max_blocks_for(const std::string& backend) {
  return backend == "portable" ? 5 : kMaxBlocks;
}
constexpr int kPartialBlockCounts[] = {1, 9, 17};

const std::vector<vg::proof::keyed_h>& keys() {
  static const auto k = vg::proof::spanning_keys(kMaxBlocks);
  return k;
}

// expected[key][k][i] = e_i * H^k with the spec's multiplication (shared by all backends).
using products = std::vector<std::array<block, 128>>;
const std::vector<products>& expected() {
  static const auto table = [] {
    std::vector<products> t;
    for (const auto& k : keys()) {
      products p(kMaxBlocks + 1);
      block hk = k.h;
      for (int e = 1; e <= kMaxBlocks; ++e) {
        for (int i = 0; i < 128; ++i) p[e][i] = vg::spec::gf128_mul(basis(i), hk);
        hk = vg::spec::gf128_mul(hk, k.h);
      }
      t.push_back(std::move(p));
    }
    return t;
  }();
  return table;
}

// A name of runnable_backends(): a backend, or one GCM kernel variant of it ("name/variant").
const vg::detail::backend* find_backend(const std::string& name) {
  return vg::detail::find_runnable_backend(name);
}

class BackendGhashProof : public testing::TestWithParam<std::string> {};

TEST_P(BackendGhashProof, EveryBlockPositionAgreesOnBasisTimesSpanningPowers) {
  const vg::detail::backend* b = find_backend(GetParam());
  ASSERT_NE(b, nullptr);
  alignas(64) static unsigned char state[vg::detail::key_state_bytes];
  int mismatches = 0;
  for (std::size_t key_index = 0; key_index < keys().size(); ++key_index) {
    const auto& k = keys()[key_index];
    const products& want = expected()[key_index];
    b->gcm->setup(state, k.key.data(), k.key.size());
    for (int n = 1; n <= max_blocks_for(GetParam()); ++n) {
      std::vector<std::size_t> lengths = {std::size_t(16) * n};
      for (int p : kPartialBlockCounts)
        if (p == n) lengths.push_back(std::size_t(16) * n - 5);
      for (std::size_t len : lengths) {
        std::vector<std::uint8_t> data(len, 0);
        for (int pos = 0; pos < n; ++pos) {
          const std::size_t bytes = std::min<std::size_t>(16, len - 16 * pos);
          for (int i = 0; i < static_cast<int>(8 * bytes); ++i) {
            std::memcpy(data.data() + 16 * pos, basis(i).data(), bytes);
            block y{};
            b->gcm->ghash(state, y.data(), data.data(), len);
            std::memset(data.data() + 16 * pos, 0, bytes);
            if (y != want[n - pos][i] && ++mismatches <= 5)
              ADD_FAILURE() << "n=" << n << " len=" << len << " block " << pos << " bit " << i;
            if (pos == 0 && bytes == 16) {  // the running hash enters with block 0
              block y0 = basis(i);
              b->gcm->ghash(state, y0.data(), data.data(), len);
              if (y0 != want[n][i] && ++mismatches <= 5)
                ADD_FAILURE() << "n=" << n << " running hash bit " << i;
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

INSTANTIATE_TEST_SUITE_P(Runnable, BackendGhashProof,
                         testing::ValuesIn(vg::test::runnable_backends()),
                         [](const auto& info) { return vg::test::gtest_safe_name(info.param); });

}  // namespace
