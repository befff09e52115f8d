// The cross-test fixture: one parameter per (runnable backend, GCM key size). SetUp draws the key
// from a fixed-seed PRNG and creates it on the named backend (with the key marked secret for
// valgrind); `check` records sweep failures in a failure_log so one bad kernel reports a few
// readable cases, not thousands.
#ifndef VG_TESTS_CROSS_FIXTURE_HPP
#define VG_TESTS_CROSS_FIXTURE_HPP

#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "common/failure_log.hpp"
#include "common/prng.hpp"
#include "cross/spec_check.hpp"
#include "vg/aead.hpp"

namespace vg::test {

class CrossTest : public ::testing::TestWithParam<std::tuple<std::string, vg::algorithm>> {
 protected:
  void SetUp() override;
  void TearDown() override { log_.summarize(checks_); }

  const std::string& backend() const { return std::get<0>(GetParam()); }

  /// A PRNG seeded from the test's key size and `salt`, so each sweep has its own fixed data.
  prng data_rng(std::uint64_t salt) const;

  void check(const std::string& error) {
    ++checks_;
    if (!error.empty()) log_.add(backend(), error);
  }
  /// check_against_spec with this fixture's key.
  void check_message(const message& m, const layout& l = {}) {
    check(check_against_spec(key_, key_bytes_, m, l));
  }
  bool too_many_failures() const { return log_.count() > failure_log::kShown; }

  vg::aead_key key_;
  bytes key_bytes_;

 private:
  failure_log log_;
  int checks_ = 0;
};

}  // namespace vg::test

#endif  // VG_TESTS_CROSS_FIXTURE_HPP
