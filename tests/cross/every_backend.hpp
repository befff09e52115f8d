// A cross-test fixture with one parameter per algorithm and a key on every runnable backend, for
// sweeps whose cost is the spec: each message's spec result is computed once and checked on every
// backend in turn (the spec runs ~100x slower than a kernel, so this divides a sweep's time by the
// number of backends). Failures name the backend.
#ifndef VG_TESTS_CROSS_EVERY_BACKEND_HPP
#define VG_TESTS_CROSS_EVERY_BACKEND_HPP

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/failure_log.hpp"
#include "common/prng.hpp"
#include "cross/spec_check.hpp"
#include "vg/aead.hpp"

namespace vg::test {

class EveryBackendTest : public ::testing::TestWithParam<vg::algorithm> {
 protected:
  struct backend_key {
    std::string backend;
    vg::aead_key key;
  };

  /// The key (from a fixed-seed PRNG, as CrossTest's) on every runnable backend, marked secret
  /// for valgrind while it is set up.
  void SetUp() override;
  void TearDown() override { log_.summarize(checks_); }

  /// A PRNG seeded from the algorithm and `salt`, so each sweep has its own fixed data.
  prng data_rng(std::uint64_t salt) const;
  bool too_many_failures() const { return log_.count() > failure_log::kShown; }
  void check(const std::string& backend, const std::string& error);

  /// Checks `m` in layout `l` on every backend against `sealed`, the spec's ciphertext || tag.
  void check_everywhere(const bytes& sealed, const message& m, const layout& l = {});

  bytes key_bytes_;
  std::vector<backend_key> keys_;

 private:
  failure_log log_;
  int checks_ = 0;
};

}  // namespace vg::test

#endif  // VG_TESTS_CROSS_EVERY_BACKEND_HPP
