// Impact on C lock tasks of the FMCAD 2009 experiments (../shared/bench/c/locks) through the C front end
// and certify (certificate check; native replay of the counterexample): safe tasks proved with large
// blocks and with blocks between loop heads, the unsafe task found with a replayed trace.
#include <gtest/gtest.h>

#include <filesystem>

#include "certify/Certify.h"
#include "engines/impact/ImpactEngine.h"
#include "engines/impact/Settings.h"
#include "frontend/c/CFrontend.h"

using namespace argus;
namespace fs = std::filesystem;

namespace {

struct LockRun {
  ir::Verdict verdict = ir::Verdict::Unknown;  // after certify
  std::string detail;
};

LockRun verifyLockTask(const std::string& name, const std::string& block) {
  fs::path yml = fs::path(ARGUS_SHARED_DIR) / "bench" / "c" / "locks" / (name + ".yml");
  if (!fs::exists(yml)) {
    ADD_FAILURE() << "missing benchmark " << yml << " (is ../shared there?)";
    return {};
  }
  OptionRegistry registry;
  engines::impact::registerOptions(registry);
  Options options(registry);
  options.set("impact.block", block);
  Logger log;
  Stats stats;
  auto shutdown = std::make_shared<ShutdownToken>();
  shutdown->setTimeout(120);
  engines::RunContext context{options, log, stats, shutdown, ""};
  auto program = frontend::translateC(frontend::loadTask(yml.string()), {}, log, stats);
  ir::Result result = engines::impact::ImpactEngine().run(*program, context);
  ir::Result judged = certify::certify(*program, std::move(result), certify::CertifyOptions{}, log, stats);
  return {judged.verdict, judged.detail};
}

}  // namespace

TEST(ImpactLocks, ProvesLockTasksWithCheckedCertificates) {
  // (Single-edge blocks need one refinement per lock state and take seconds even on test_locks_5.)
  for (std::string block : {"lbe", "abe"}) {
    LockRun five = verifyLockTask("test_locks_5", block);
    EXPECT_EQ(five.verdict, ir::Verdict::Safe) << block << ": " << five.detail;
  }
  LockRun eleven = verifyLockTask("test_locks_11", "lbe");
  EXPECT_EQ(eleven.verdict, ir::Verdict::Safe) << eleven.detail;
}

TEST(ImpactLocks, FindsTheLockBugWithAReplayedTrace) {
  LockRun run = verifyLockTask("test_locks_14-2", "lbe");
  EXPECT_EQ(run.verdict, ir::Verdict::Unsafe) << run.detail;
}
