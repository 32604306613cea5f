// The deadline of a verify run as a stop request (util/Shutdown.h DeadlineWatch, used around every engine
// run): the stop callbacks, through which solver calls are interrupted, fire when the deadline passes, and
// not at all when the watch ends first. Without the watch a deadline fires no callback.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "util/Shutdown.h"
#include "util/Stats.h"

using namespace argus;

TEST(DeadlineWatch, TheDeadlineFiresTheStopCallbacksOfAChildToken) {
  auto run = std::make_shared<ShutdownToken>();
  run->setTimeout(0.3);
  auto engine = ShutdownToken::childOf(run);
  std::atomic<bool> interrupted{false};
  StopCallbackScope callback(engine.get(), [&] { interrupted = true; });
  Stopwatch clock;
  {
    DeadlineWatch watch(engine);
    while (!interrupted && clock.seconds() < 5) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(interrupted);
  EXPECT_LT(clock.seconds(), 2);
  EXPECT_EQ(engine->reason(), "timeout");
}

TEST(DeadlineWatch, APassedDeadlineAloneFiresNoCallback) {
  auto token = std::make_shared<ShutdownToken>();
  token->setTimeout(0.05);
  std::atomic<bool> interrupted{false};
  StopCallbackScope callback(token.get(), [&] { interrupted = true; });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_TRUE(token->stopRequested());
  EXPECT_FALSE(interrupted);  // why the watch exists
}

TEST(DeadlineWatch, EndsAtOnceWithoutFiringWhenDestroyedBeforeTheDeadline) {
  auto token = std::make_shared<ShutdownToken>();
  token->setTimeout(60);
  std::atomic<bool> interrupted{false};
  StopCallbackScope callback(token.get(), [&] { interrupted = true; });
  Stopwatch clock;
  { DeadlineWatch watch(token); }
  EXPECT_LT(clock.seconds(), 1);
  EXPECT_FALSE(interrupted);
  EXPECT_FALSE(token->stopRequested());
}

TEST(DeadlineWatch, WithoutADeadlineItWatchesNothing) {
  auto token = std::make_shared<ShutdownToken>();
  DeadlineWatch watch(token);
  EXPECT_FALSE(token->stopRequested());
}
