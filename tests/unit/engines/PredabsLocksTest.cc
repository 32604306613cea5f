// Predicate abstraction on the C lock tasks of the FMCAD 2009 experiments (../shared/bench/c/locks),
// through the C front end and certify with native replay: with large blocks and Boolean abstraction the
// safe tasks are proved with no refinement and an ARG of the same size whatever the number of locks,
// and the unsafe task yields a counterexample that the compiled program replays.
#include <gtest/gtest.h>

#include "CpaEngineTestSupport.h"

using namespace argus;

namespace {

struct LockRun {
  ir::Verdict verdict = ir::Verdict::Unknown;  // after certify
  std::string detail;
  int64_t argNodes = -1, refinements = -1;
};

LockRun verifyLockTask(const std::string& name) {
  argus::testing::TaskRun run = argus::testing::verifyCTask("predabs", "locks", name, {"cpa.config=predicate-lbe"});
  return {run.verdict, run.detail, run.stats->getInt("predabs.arg_nodes"), run.stats->getInt("predabs.refinements")};
}

}  // namespace

TEST(PredabsLocks, LargeBlocksProveLockTasksWithoutRefinementInConstantSpace) {
  LockRun five = verifyLockTask("test_locks_5");
  LockRun eleven = verifyLockTask("test_locks_11");
  ASSERT_EQ(five.verdict, ir::Verdict::Safe) << five.detail;
  ASSERT_EQ(eleven.verdict, ir::Verdict::Safe) << eleven.detail;
  EXPECT_EQ(five.refinements, 0);
  EXPECT_EQ(eleven.refinements, 0);
  EXPECT_EQ(five.argNodes, eleven.argNodes);
}

TEST(PredabsLocks, FindsTheLockBugWithAReplayedTrace) {
  LockRun run = verifyLockTask("test_locks_14-2");
  EXPECT_EQ(run.verdict, ir::Verdict::Unsafe) << run.detail;
}
