// A fixed list of ../shared/bench/c tasks that k-induction proves and BMC cannot (their loops run an
// unbounded number of times, so no unwinding is complete): kind answers TRUE with a certificate certify
// accepts, BMC stays below TRUE. With the generator off, the tasks that need auxiliary invariants fail.
#include <gtest/gtest.h>

#include <filesystem>

#include "engines/KindTestSupport.h"
#include "frontend/c/CFrontend.h"

using namespace argus;
using namespace argus::testing;
namespace fs = std::filesystem;

namespace {

struct BenchTask {
  const char* yml;               // below ../shared/bench/c
  bool needsInvariants;          // k-induction alone does not prove it (measured at k = 12)
};

const BenchTask kTasks[] = {
    {"locks/test_locks_5.yml", false},   // lock flags: 1-inductive
    {"loop-lit/css2003.yml", false},     // 2-inductive
    {"loop-lit/afnp2014.yml", true},     // needs an interval invariant
    {"loop-invgen/nest-if3.yml", true},  // needs an interval invariant
    {"loop-lit/jm2006.yml", true},       // needs a linear equality
};

std::unique_ptr<ir::Program> load(const char* yml) {
  fs::path file = fs::path(ARGUS_SHARED_DIR) / "bench" / "c" / yml;
  if (!fs::exists(file)) ADD_FAILURE() << "missing benchmark task " << file << " (../shared must exist)";
  Logger log;
  Stats stats;
  return frontend::translateC(frontend::loadTask(file.string()), {}, log, stats);
}

}  // namespace

TEST(KindBench, ProvesTasksThatBmcCannot) {
  for (const BenchTask& task : kTasks) {
    SCOPED_TRACE(task.yml);
    auto program = load(task.yml);
    ASSERT_TRUE(program);
    expectCertifiedSafe(*program, *runKind(*program));
    auto bmc = runEngine("bmc", *program, {{"bmc.max_bound", "10"}}, 30);
    EXPECT_NE(bmc->result.verdict, ir::Verdict::Safe);
    auto alone = runKind(*program, {{"kind.invariants", "none"}, {"kind.max_k", "12"}});
    EXPECT_EQ(alone->result.verdict == ir::Verdict::Safe, !task.needsInvariants);
  }
}
