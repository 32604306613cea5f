// RecMC on recursive ../shared/bench/c tasks whose counterexamples run through a deep or wrapping
// recursion on unsigned integers (C's x - 1 is (x - 1) mod 2^32): recmc answers FALSE with a trace that
// certify's checker accepts. Model-based projection used to pin such queries to single residues modulo
// 2^32, and recmc blocked them one value at a time until the time limit.
#include <gtest/gtest.h>

#include "engines/KindTestSupport.h"

using namespace argus;
using namespace argus::testing;

TEST(RecMcBench, FindsCounterexamplesThroughUnsignedRecursion) {
  for (const char* yml : {"recursive-simple/id_o10.yml",  // id(x) = id(x - 1) + 1 reaches 10: depth 11
                          "recursive-simple/id_b3_o2-2.yml"}) {
    SCOPED_TRACE(yml);
    auto program = loadBenchTask(yml);
    ASSERT_TRUE(program);
    // A generous deadline: both take a few seconds; a loaded machine must not decide the test.
    expectCheckedTrace(*program, *runEngine("recmc", *program, {}, 120));
  }
}
