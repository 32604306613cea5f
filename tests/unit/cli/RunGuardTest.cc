// The run guard: SIGINT requests a cooperative stop of the run's token; the hard deadline fires its
// action once and only when the run has not ended before.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "cli/RunGuard.h"

using namespace argus;
using namespace std::chrono_literals;

namespace {

template <typename Condition>
bool eventually(Condition condition) {
  for (int i = 0; i < 200; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return condition();
}

}  // namespace

TEST(RunGuard, InterruptRequestsAStop) {
  auto token = std::make_shared<ShutdownToken>();
  cli::RunGuard guard(token, 0, nullptr);
  EXPECT_FALSE(token->stopRequested());
  raise(SIGINT);
  EXPECT_TRUE(eventually([&] { return token->stopRequested(); }));
  EXPECT_EQ(token->reason(), "interrupted");
}

TEST(RunGuard, HardDeadlineFiresOnce) {
  std::atomic<int> fired{0};
  {
    cli::RunGuard guard(std::make_shared<ShutdownToken>(), 0.05, [&] { ++fired; });
    EXPECT_TRUE(eventually([&] { return fired.load() > 0; }));
  }
  EXPECT_EQ(fired.load(), 1);
}

TEST(RunGuard, NoDeadlineActionWhenTheRunEndsFirst) {
  std::atomic<int> fired{0};
  { cli::RunGuard guard(std::make_shared<ShutdownToken>(), 30, [&] { ++fired; }); }
  EXPECT_EQ(fired.load(), 0);
}
