// The solver facade: sat/unsat answers, assumption cores, models, and interruption by a stop request.
#include <gtest/gtest.h>

#include <thread>

#include "smt/Solver.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::smt;

TEST(Solver, SatUnsatAndModel) {
  z3::context ctx;
  Stats stats;
  SolverConfig cfg;
  cfg.stats = &stats;
  Solver s(ctx, cfg);
  z3::expr x = ctx.int_const("x");
  s.add(x > 3);
  ASSERT_EQ(s.check(), SatResult::Sat);
  EXPECT_GT(s.eval(x).get_numeral_int64(), 3);
  s.push();
  s.add(x < 2);
  EXPECT_EQ(s.check(), SatResult::Unsat);
  s.pop();
  EXPECT_EQ(s.check(), SatResult::Sat);
  EXPECT_EQ(stats.getInt("smt.checks"), 3);
}

TEST(Solver, UnsatCoreNamesTheConflictingAssumptions) {
  z3::context ctx;
  Solver s(ctx);
  z3::expr x = ctx.int_const("x");
  z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), c = ctx.bool_const("c");
  s.add(z3::implies(a, x > 5));
  s.add(z3::implies(b, x < 3));
  s.add(z3::implies(c, x == 100));
  ASSERT_EQ(s.check({a, b, c}), SatResult::Unsat);
  auto core = s.unsatCore();
  EXPECT_LE(core.size(), 3u);
  bool hasB = false;
  for (auto& e : core) hasB |= z3::eq(e, b);
  EXPECT_TRUE(hasB);
  EXPECT_EQ(s.check({a, c}), SatResult::Sat);
}

TEST(Solver, StopRequestInterruptsALongCheck) {
  z3::context ctx;
  ShutdownToken token;
  SolverConfig cfg;
  cfg.shutdown = &token;
  Solver s(ctx, cfg);
  // A hard non-linear problem: x^3 + y^3 = z^3 with positive values (no solution, Z3 searches long).
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  s.add(x > 0 && y > 0 && z > 0 && x * x * x + y * y * y == z * z * z);
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    token.requestStop("test");
  });
  Stopwatch w;
  EXPECT_EQ(s.check(), SatResult::Unknown);
  stopper.join();
  EXPECT_LT(w.seconds(), 10.0);
}

TEST(Terms, FreeConstantsSubstitutionAndFresh) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  z3::expr e = x + y * 2 > x;
  auto cs = freeConstants(e);
  ASSERT_EQ(cs.size(), 2u);
  z3::expr f = freshConst(ctx, "x", ctx.int_sort());
  z3::expr g = freshConst(ctx, "x", ctx.int_sort());
  EXPECT_FALSE(z3::eq(f, g));
  z3::expr sub = substitute(e, {x}, {f});
  auto cs2 = freeConstants(sub);
  EXPECT_EQ(cs2.size(), 2u);
  EXPECT_TRUE(isTrue(mkAnd(ctx, {})));
  EXPECT_TRUE(isFalse(mkOr(ctx, {})));
  EXPECT_EQ(numeralText(ctx.bv_val(255, 8), true), "-1");
  EXPECT_EQ(numeralText(ctx.bv_val(255, 8), false), "255");
  EXPECT_EQ(numeralText(ctx.int_val(-7)), "-7");
}
