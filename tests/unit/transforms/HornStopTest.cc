// Building the CHC view at a stop (a run's deadline): HornEncoding and HornInlining end early, whole, and
// say so (stopped()), so that recmc returns at once instead of finishing thousands of clauses of a driver.
#include <gtest/gtest.h>

#include "transforms/HornEncoding.h"
#include "transforms/HornInlining.h"
#include "transforms/HornTestSupport.h"

using namespace argus;
using namespace argus::testing::hornsupport;

TEST(HornStop, AStoppedTokenEndsTheEncodingAndTheInliningEarly) {
  LoopCall program;
  auto stop = std::make_shared<ShutdownToken>();
  stop->requestStop("timeout");
  transforms::HornEncoding stopped(program.p, stop.get());
  EXPECT_TRUE(stopped.stopped());
  transforms::HornEncoding whole(program.p);
  EXPECT_FALSE(whole.stopped());
  EXPECT_LT(stopped.system().clauses.size(), whole.system().clauses.size());
  EXPECT_TRUE(transforms::HornInlining(whole.system(), stop.get()).stopped());
  EXPECT_FALSE(transforms::HornInlining(whole.system(), nullptr).stopped());
}

TEST(HornStop, ATokenThatDoesNotStopChangesNothing) {
  LoopCall program;
  auto running = std::make_shared<ShutdownToken>();
  transforms::HornEncoding watched(program.p, running.get());
  transforms::HornEncoding plain(program.p);
  EXPECT_FALSE(watched.stopped());
  EXPECT_EQ(watched.system().clauses.size(), plain.system().clauses.size());
}
