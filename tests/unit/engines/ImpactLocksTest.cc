// Impact on C lock tasks of the FMCAD 2009 experiments (../shared/bench/c/locks) through the C front end
// and certify (certificate check; native replay of the counterexample): safe tasks proved with large
// blocks and with blocks between loop heads, the unsafe task found with a replayed trace.
#include <gtest/gtest.h>

#include "CpaEngineTestSupport.h"

using namespace argus;
using argus::testing::verifyCTask;

TEST(ImpactLocks, ProvesLockTasksWithCheckedCertificates) {
  // (Single-edge blocks need one refinement per lock state and take seconds even on test_locks_5.)
  for (std::string block : {"lbe", "abe"}) {
    auto five = verifyCTask("impact", "locks", "test_locks_5", {"impact.block=" + block});
    EXPECT_EQ(five.verdict, ir::Verdict::Safe) << block << ": " << five.detail;
  }
  auto eleven = verifyCTask("impact", "locks", "test_locks_11", {});
  EXPECT_EQ(eleven.verdict, ir::Verdict::Safe) << eleven.detail;
  EXPECT_GE(eleven.stats->getInt("impact.refinements"), 1);
}

TEST(ImpactLocks, FindsTheLockBugWithAReplayedTrace) {
  auto run = verifyCTask("impact", "locks", "test_locks_14-2", {});
  EXPECT_EQ(run.verdict, ir::Verdict::Unsafe) << run.detail;
}
