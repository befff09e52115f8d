// Length sweeps against the spec: every message length 0..4200 (every residue mod 128 and every
// tail, across the 8-block and 4-block strides of the wide kernels), every AAD length 0..300 with a
// few message lengths, every whole block count 0..64 in place, and IV lengths 1..80 plus long IVs
// (which go through GHASH-derived J0).
#include "cross/every_backend.hpp"
#include "cross/fixture.hpp"
#include "spec/spec.hpp"

namespace vg::test {
namespace {

// The longest sweep checks each length on every backend against one spec result.
using CrossGcmTest = EveryBackendTest;

TEST_P(CrossGcmTest, EveryMessageLength0To4200) {
  auto rng = data_rng(1);
  const bytes pool = rng.bytes(4200 + 128);
  message m{rng.bytes(12), rng.bytes(13), {}, 16};
  for (std::size_t n = 0; n <= 4200 && !too_many_failures(); ++n) {
    const std::size_t start = n % 128;  // vary the data, not just its length
    m.pt.assign(pool.begin() + static_cast<std::ptrdiff_t>(start),
                pool.begin() + static_cast<std::ptrdiff_t>(start + n));
    check_everywhere(spec::gcm_seal(key_bytes_, m.iv, m.aad, m.pt, m.tag_len), m);
  }
}

INSTANTIATE_TEST_SUITE_P(CrossGcm, CrossGcmTest,
                         ::testing::Values(vg::algorithm::aes_128_gcm, vg::algorithm::aes_192_gcm,
                                           vg::algorithm::aes_256_gcm),
                         [](const auto& info) {
                           return "aes" + std::to_string(8 * vg::key_length(info.param));
                         });

TEST_P(CrossTest, EveryAadLength0To300) {
  auto rng = data_rng(2);
  for (std::size_t n : {0, 1, 16, 17, 100, 257}) {
    for (std::size_t a = 0; a <= 300 && !too_many_failures(); ++a) {
      check_message(message{rng.bytes(12), rng.bytes(a), rng.bytes(n), 16});
    }
  }
}

TEST_P(CrossTest, EveryBlockCount0To64InPlace) {
  auto rng = data_rng(3);
  for (std::size_t blocks = 0; blocks <= 64 && !too_many_failures(); ++blocks) {
    for (std::size_t n : {16 * blocks, 16 * blocks + 1, 16 * blocks + 15}) {
      check_message(message{rng.bytes(12), rng.bytes(20), rng.bytes(n), 16},
                    layout{.in_place = true});
    }
  }
}

TEST_P(CrossTest, IvLengths) {
  auto rng = data_rng(4);
  std::vector<std::size_t> iv_lengths;
  for (std::size_t i = 1; i <= 80; ++i) iv_lengths.push_back(i);
  for (std::size_t i : {96, 127, 128, 129, 255, 256, 512, 1000, 4096}) iv_lengths.push_back(i);
  for (std::size_t iv : iv_lengths) {
    for (std::size_t n : {0, 1, 16, 65, 300}) {
      check_message(message{rng.bytes(iv), rng.bytes(7), rng.bytes(n), 16});
    }
  }
}

// Long messages (several kernel strides) with random IV and AAD lengths.
TEST_P(CrossTest, LongMessagesWithManyIvs) {
  auto rng = data_rng(5);
  for (int i = 0; i < 64 && !too_many_failures(); ++i) {
    const std::size_t iv = 1 + static_cast<std::size_t>(rng.next() % 40);
    const std::size_t n = 4096 + static_cast<std::size_t>(rng.next() % 4096);
    check_message(message{rng.bytes(iv), rng.bytes(rng.next() % 40), rng.bytes(n), 16});
  }
}

}  // namespace
}  // namespace vg::test
