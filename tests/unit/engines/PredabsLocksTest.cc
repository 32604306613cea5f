// Predicate abstraction on the C lock tasks of the FMCAD 2009 experiments (../shared/bench/c/locks),
// through the C front end and certify with native replay: with large blocks and Boolean abstraction the
// safe tasks are proved with no refinement and an ARG of the same size whatever the number of locks,
// and the unsafe task yields a counterexample that the compiled program replays.
#include <gtest/gtest.h>

#include <filesystem>

#include "certify/Certify.h"
#include "engines/predabs/PredabsEngine.h"
#include "engines/predabs/Settings.h"
#include "frontend/c/CFrontend.h"

using namespace argus;
namespace fs = std::filesystem;

namespace {

struct LockRun {
  ir::Verdict verdict = ir::Verdict::Unknown;  // after certify
  std::string detail;
  int64_t argNodes = -1, refinements = -1;
};

LockRun verifyLockTask(const std::string& name) {
  fs::path yml = fs::path(ARGUS_SHARED_DIR) / "bench" / "c" / "locks" / (name + ".yml");
  if (!fs::exists(yml)) {
    ADD_FAILURE() << "missing benchmark " << yml << " (is ../shared there?)";
    return {};
  }
  OptionRegistry registry;
  engines::predabs::registerOptions(registry);
  Options options(registry);
  options.set("cpa.config", "predicate-lbe");
  Logger log;
  Stats stats;
  auto shutdown = std::make_shared<ShutdownToken>();
  shutdown->setTimeout(120);
  engines::RunContext context{options, log, stats, shutdown, ""};
  auto program = frontend::translateC(frontend::loadTask(yml.string()), {}, log, stats);
  ir::Result result = engines::predabs::PredabsEngine().run(*program, context);
  ir::Result judged = certify::certify(*program, std::move(result), certify::CertifyOptions{}, log, stats);
  return {judged.verdict, judged.detail, stats.getInt("predabs.arg_nodes"), stats.getInt("predabs.refinements")};
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
