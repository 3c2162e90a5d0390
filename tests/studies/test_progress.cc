// A long run's progress line (studies/progress.h) on a clock the test sets: its remaining time
// follows the steps of the last 30 to 60 s, so a run whose steps slow down (a cable going slack)
// is told how long it still has, not the whole run's mean.
#include "studies/progress.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace {
std::chrono::steady_clock::time_point now_on_test_clock;
std::chrono::steady_clock::time_point test_clock() {
  return now_on_test_clock;
}

// The remaining seconds of the last line printed in `text` ("... remaining R s").
double last_remaining(const std::string& text) {
  const std::size_t at = text.rfind("remaining ");
  return at == std::string::npos ? -1 : std::stod(text.substr(at + 10));
}

TEST(Progress, RemainingTimeFollowsTheRecentSteps) {
  now_on_test_clock = std::chrono::steady_clock::time_point{};
  testing::internal::CaptureStdout();
  {
    // 1200 steps: the first 1000 take 0.1 s each (100 s), then each takes 2 s
    hamdyn::Progress progress(true, 1200, 1.2, 0, "step", "t", "s", &test_clock);
    unsigned long step = 0;
    for (; step < 1000; ++step) {
      now_on_test_clock += std::chrono::milliseconds(100);
      progress.update(step + 1, 1e-3 * double(step + 1));
    }
    for (; step < 1100; ++step) {
      now_on_test_clock += std::chrono::seconds(2);
      progress.update(step + 1, 1e-3 * double(step + 1));
    }
  }
  const std::string text = testing::internal::GetCapturedStdout();
  // at step 1100 the last line (printed within the last 30 s) says about 100 steps of 2 s:
  // 200 s; the whole run's mean rate (300 s for 1100 steps) would have said 27 s
  const double remaining = last_remaining(text);
  EXPECT_GT(remaining, 0.8 * 200) << text.substr(text.size() > 400 ? text.size() - 400 : 0);
  EXPECT_LT(remaining, 1.2 * 220);
}

TEST(Progress, AStepLongerThanTheWindowCountsAsOne) {
  now_on_test_clock = std::chrono::steady_clock::time_point{};
  testing::internal::CaptureStdout();
  {
    hamdyn::Progress progress(true, 10, 10, 0, "step", "t", "s", &test_clock);
    for (unsigned long step = 0; step < 3; ++step) {
      now_on_test_clock += std::chrono::seconds(100); // each step 100 s
      progress.update(step + 1, double(step + 1));
    }
  }
  // after 3 steps of 100 s: 7 left, at least 100 s each
  const double remaining = last_remaining(testing::internal::GetCapturedStdout());
  EXPECT_GE(remaining, 700 - 1e-9);
  EXPECT_LE(remaining, 1400);
}
} // namespace
