// Collects per-case failures of a vector file or a sweep so one broken kernel reports a readable
// handful of cases (with their ids) instead of thousands of lines, while the count of failures
// stays exact.
#ifndef VG_TESTS_COMMON_FAILURE_LOG_HPP
#define VG_TESTS_COMMON_FAILURE_LOG_HPP

#include <gtest/gtest.h>

#include <string>

namespace vg::test {

class failure_log {
 public:
  static constexpr int kShown = 12;

  void add(const std::string& where, const std::string& what) {
    if (++count_ <= kShown) ADD_FAILURE() << where << ": " << what;
  }
  int count() const { return count_; }

  /// Fails the test with the total when more failures happened than were shown.
  void summarize(int cases_run) const {
    EXPECT_EQ(count_, 0) << count_ << " of " << cases_run << " cases failed (first " << kShown
                         << " shown)";
  }

 private:
  int count_ = 0;
};

}  // namespace vg::test

#endif  // VG_TESTS_COMMON_FAILURE_LOG_HPP
