// A fixed list of ../shared/bench/c tasks that k-induction proves and BMC cannot (their loops run an
// unbounded number of times, so no unwinding is complete): kind answers TRUE with a certificate certify
// accepts, BMC stays below TRUE. With the generator off, the tasks that need auxiliary invariants fail.
#include <gtest/gtest.h>

#include "engines/KindTestSupport.h"

using namespace argus;
using namespace argus::testing;

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

}  // namespace

TEST(KindBench, ProvesTasksThatBmcCannot) {
  for (const BenchTask& task : kTasks) {
    SCOPED_TRACE(task.yml);
    auto program = loadBenchTask(task.yml);
    ASSERT_TRUE(program);
    // A generous deadline (each takes about a second): a loaded sanitizer run must not decide the test.
    expectCertifiedSafe(*program, *runKind(*program, {}, 120));
    auto bmc = runEngine("bmc", *program, {{"bmc.max_bound", "10"}}, 30);
    EXPECT_NE(bmc->result.verdict, ir::Verdict::Safe);
    auto alone = runKind(*program, {{"kind.invariants", "none"}, {"kind.max_k", "12"}});
    EXPECT_EQ(alone->result.verdict == ir::Verdict::Safe, !task.needsInvariants);
  }
}
