// Buffer layouts against the spec: every misalignment 1..15 of input, output and AAD (each alone
// and all together), in place at every misalignment, and a randomised mix of every parameter.
#include "common/tag_lengths.hpp"
#include "cross/fixture.hpp"

namespace vg::test {
namespace {

constexpr std::size_t kLengths[] = {1, 15, 16, 17, 31, 64, 100, 255, 256, 257, 511, 1000, 4100};

TEST_P(CrossTest, UnalignedBuffers) {
  auto rng = data_rng(7);
  for (std::size_t off = 1; off <= 15 && !too_many_failures(); ++off) {
    for (std::size_t n : kLengths) {
      const message m{rng.bytes(12), rng.bytes(21), rng.bytes(n), 16};
      check_message(m, layout{.in_off = off});
      check_message(m, layout{.out_off = off});
      check_message(m, layout{.aad_off = off});
      check_message(m, layout{.in_off = off, .out_off = 16 - off, .aad_off = off});
      check_message(m, layout{.in_place = true, .in_off = off});
    }
  }
}

TEST_P(CrossTest, InPlaceEveryLength0To300) {
  auto rng = data_rng(8);
  for (std::size_t n = 0; n <= 300 && !too_many_failures(); ++n) {
    check_message(message{rng.bytes(12), rng.bytes(n % 37), rng.bytes(n), 16},
                  layout{.in_place = true});
  }
}

TEST_P(CrossTest, RandomMix) {
  auto rng = data_rng(9);
  for (int i = 0; i < 400 && !too_many_failures(); ++i) {
    const std::size_t iv = rng.next() % 3 == 0 ? 1 + rng.next() % 64 : 12;
    const message m{rng.bytes(iv), rng.bytes(rng.next() % 200), rng.bytes(rng.next() % 2100),
                    vg::test::kGcmTagLengths[rng.next() % std::size(vg::test::kGcmTagLengths)]};
    const layout l{.in_place = rng.next() % 2 == 0,
                   .in_off = rng.next() % 64,
                   .out_off = rng.next() % 64,
                   .aad_off = rng.next() % 64};
    check_message(m, l);
  }
}

}  // namespace
}  // namespace vg::test
