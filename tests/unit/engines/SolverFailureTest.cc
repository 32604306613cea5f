// Z3 exceptions that end a run: running out of memory is a resource limit, anything else an error.
#include <gtest/gtest.h>

#include "engines/SolverFailure.h"

using namespace argus;

TEST(SolverFailure, OutOfMemoryIsAResourceLimitOtherFailuresAreErrors) {
  ir::Result memory = engines::unknownFromSolverException(z3::exception("out of memory"));
  EXPECT_EQ(memory.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(memory.reason, ir::UnknownReason::MemoryOut);
  ir::Result other = engines::unknownFromSolverException(z3::exception("invalid argument"));
  EXPECT_EQ(other.reason, ir::UnknownReason::Error);
  EXPECT_NE(other.detail.find("invalid argument"), std::string::npos);
}
