// Fixture set-up and the one instantiation of the cross suite over backends x key sizes.
#include "cross/fixture.hpp"

#include <ostream>

#include "common/backends.hpp"
#include "common/memcheck.hpp"

namespace vg {
void PrintTo(algorithm alg, std::ostream* os) {
  *os << "aes-" << 8 * key_length(alg) << (test::is_gcm_siv(alg) ? "-gcm-siv" : "-gcm");
}
}  // namespace vg

namespace vg::test {

void CrossTest::SetUp() {
  const vg::algorithm alg = std::get<1>(GetParam());
  key_bytes_ = prng(0x6b6579 + static_cast<std::uint64_t>(alg)).bytes(vg::key_length(alg));
  poison(key_bytes_.data(), key_bytes_.size());  // the expanded state stays secret for valgrind
  const vg::status st = vg::aead_key::create(alg, key_bytes_, key_, backend());
  unpoison(key_bytes_.data(), key_bytes_.size());
  ASSERT_EQ(st, vg::status::ok) << "backend " << backend()
                                << " is listed runnable but refused a key";
  ASSERT_EQ(key_.backend_name(), backend_of(backend()));
}

prng CrossTest::data_rng(std::uint64_t salt) const {
  return prng(salt * 1000003 + static_cast<std::uint64_t>(std::get<1>(GetParam())));
}

INSTANTIATE_TEST_SUITE_P(Cross, CrossTest,
                         ::testing::Combine(::testing::ValuesIn(runnable_backends()),
                                            ::testing::Values(vg::algorithm::aes_128_gcm,
                                                              vg::algorithm::aes_192_gcm,
                                                              vg::algorithm::aes_256_gcm)),
                         [](const auto& info) {
                           return gtest_safe_name(std::get<0>(info.param)) + "_aes" +
                                  std::to_string(8 * vg::key_length(std::get<1>(info.param)));
                         });

}  // namespace vg::test
