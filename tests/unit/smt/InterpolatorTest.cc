// Interpolator on hand-made queries (LIA, LRA, Booleans, arrays; binary, sequence, tree; every
// strategy), its refusals (satisfiable, unsupported, stopped, timed out), and the checker: it accepts
// the interpolants and rejects tampered ones.
#include <gtest/gtest.h>

#include <thread>

#include "smt/InterpolantCheck.h"
#include "smt/Interpolator.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::smt;

namespace {

InterpolatorConfig withStrategy(ItpStrategy s) {
  InterpolatorConfig c;
  c.strategy = s;
  return c;
}

const ItpStrategy kStrategies[] = {ItpStrategy::Primal, ItpStrategy::Dual, ItpStrategy::Shortest};

/// Interpolates A, B with every strategy and checks each result.
void expectBinaryChecked(const z3::expr& a, const z3::expr& b) {
  for (ItpStrategy s : kStrategies) {
    Interpolator itp(a.ctx(), withStrategy(s));
    Interpolants r = itp.binary(a, b);
    ASSERT_TRUE(r.ok()) << toString(r.status) << ": " << r.detail;
    ASSERT_EQ(r.formulas.size(), 1u);
    ItpCheck c = checkInterpolant(a, b, r.formulas[0]);
    EXPECT_TRUE(c.ok) << c.detail << "\nI = " << r.formulas[0];
  }
}

}  // namespace

TEST(Interpolator, LinearIntegerPath) {
  z3::context ctx;
  z3::expr x0 = ctx.int_const("x0"), x1 = ctx.int_const("x1"), y = ctx.int_const("y");
  // A: x0 = 0, x1 = x0 + 1;  B: x1 <= 0 (mentions y only on B's side)
  expectBinaryChecked(x0 == 0 && x1 == x0 + 1, x1 <= 0 && y == x1);
}

TEST(Interpolator, LinearRealWithDisjunctions) {
  z3::context ctx;
  z3::expr x = ctx.real_const("x"), y = ctx.real_const("y"), a = ctx.real_const("a"), b = ctx.real_const("b");
  z3::expr A = (a > 1 || a < -1) && x == 2 * a && (y == x || y == -x);
  z3::expr B = y <= 1 && y >= -1 && b == y;
  expectBinaryChecked(A, B);
}

TEST(Interpolator, BooleanStructure) {
  z3::context ctx;
  z3::expr p = ctx.bool_const("p"), q = ctx.bool_const("q"), r = ctx.bool_const("r"), s = ctx.bool_const("s");
  expectBinaryChecked(p && z3::implies(p, q) && (r || s), !q && z3::implies(r, !q));
}

TEST(Interpolator, IntegerParityNeedsDivisibility) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), k = ctx.int_const("k");
  // A: y is even; B: y is odd. No interpolant without divisibility (or an infinite disjunction).
  expectBinaryChecked(y == 2 * x, y == 2 * k + 1);
}

TEST(Interpolator, TrivialSidesGiveConstants) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  Interpolator itp(ctx);
  Interpolants unsatA = itp.binary(x > 0 && x < 0, y == x);
  ASSERT_TRUE(unsatA.ok());
  EXPECT_TRUE(checkInterpolant(x > 0 && x < 0, y == x, unsatA.formulas[0]).ok);
  EXPECT_EQ(literalCount(unsatA.formulas[0]), 0u) << unsatA.formulas[0];
  Interpolants unsatB = itp.binary(y == x, y > 0 && y < 0);
  ASSERT_TRUE(unsatB.ok());
  EXPECT_EQ(literalCount(unsatB.formulas[0]), 0u) << unsatB.formulas[0];
}

TEST(Interpolator, ArraysWhereProjectionWorks) {
  z3::context ctx;
  z3::sort arr = ctx.array_sort(ctx.int_sort(), ctx.int_sort());
  z3::expr a = ctx.constant("a", arr), b = ctx.constant("b", arr);
  z3::expr i = ctx.int_const("i"), v = ctx.int_const("v");
  z3::expr A = b == z3::store(a, i, v) && v == 5;
  z3::expr B = z3::select(b, i) != 5;
  Interpolator itp(ctx);
  Interpolants r = itp.binary(A, B);
  ASSERT_TRUE(r.ok()) << toString(r.status) << ": " << r.detail;
  ItpCheck c = checkInterpolant(A, B, r.formulas[0]);
  EXPECT_TRUE(c.ok) << c.detail << "\nI = " << r.formulas[0];
}

TEST(Interpolator, BitVectorsByValueEnumeration) {
  // Z3's projection does not eliminate bit-vectors: A's local y0 is fixed to model values, one cube each.
  z3::context ctx;
  z3::expr y0 = ctx.bv_const("y0", 8), y1 = ctx.bv_const("y1", 8);
  z3::expr A = y1 == y0 + 1 && z3::ult(y0, ctx.bv_val(4, 8));
  z3::expr B = z3::ugt(y1, ctx.bv_val(20, 8));
  expectBinaryChecked(A, B);
}

TEST(Interpolator, SatisfiableConjunctionHasNoInterpolant) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  for (ItpStrategy s : kStrategies) {
    Interpolator itp(ctx, withStrategy(s));
    EXPECT_EQ(itp.binary(x > 0 && y == x, y < 5).status, ItpStatus::Satisfiable);
    EXPECT_EQ(itp.sequence({x > 0, y == x + 1, y < 5}).status, ItpStatus::Satisfiable);
  }
}

TEST(Interpolator, UnsupportedInputIsRefused) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  z3::func_decl f = ctx.function("f", ctx.int_sort(), ctx.int_sort());
  Interpolator itp(ctx);
  Interpolants r = itp.binary(f(x) > 0 && y == x, f(y) < 0);
  EXPECT_EQ(r.status, ItpStatus::Unsupported);
  EXPECT_NE(r.detail.find("uninterpreted function"), std::string::npos) << r.detail;
  z3::expr q = z3::forall(x, x >= y);
  EXPECT_EQ(itp.binary(q, y == 0).status, ItpStatus::Unsupported);
}

TEST(Interpolator, SequenceOfALoopUnrolling) {
  z3::context ctx;
  std::vector<z3::expr> x;
  for (int i = 0; i <= 4; ++i) x.push_back(ctx.int_const(("x" + std::to_string(i)).c_str()));
  z3::expr n = ctx.int_const("n");
  std::vector<z3::expr> parts{x[0] == 0 && n > 2};
  for (int i = 0; i < 3; ++i) parts.push_back(x[i + 1] == x[i] + 2);
  parts.push_back(x[3] == 5 || x[3] < 0);
  for (ItpStrategy s : kStrategies) {
    Interpolator itp(ctx, withStrategy(s));
    Interpolants r = itp.sequence(parts);
    ASSERT_TRUE(r.ok()) << r.detail;
    ASSERT_EQ(r.formulas.size(), parts.size() + 1);
    ItpCheck c = checkSequence(parts, r.formulas);
    EXPECT_TRUE(c.ok) << c.detail;
  }
}

TEST(Interpolator, TreeOfTwoProcedureSummaries) {
  z3::context ctx;
  z3::expr a = ctx.int_const("a"), ra = ctx.int_const("ra"), b = ctx.int_const("b"), rb = ctx.int_const("rb");
  z3::expr t = ctx.int_const("t");
  ItpTree tree;
  int root = tree.add(a == 3 && b == 4 && ra + rb < 7, -1);  // caller: two calls, then an impossible check
  tree.add(ra == a + t && t >= 0, root);                     // callee 1: ra >= a
  tree.add(rb >= b, root);                                   // callee 2: rb >= b
  for (ItpStrategy s : kStrategies) {
    Interpolator itp(ctx, withStrategy(s));
    Interpolants r = itp.tree(tree);
    ASSERT_TRUE(r.ok()) << r.detail;
    ItpCheck c = checkTree(tree, r.formulas);
    EXPECT_TRUE(c.ok) << c.detail;
    EXPECT_TRUE(r.formulas[root].is_false());
  }
}

TEST(Interpolator, SiblingsMustAgreeAcrossTheFrontier) {
  // Each child alone is consistent with the rest; only together they contradict the root. Computing
  // children independently against the raw formulas could give interpolants that are jointly too
  // weak; the frontier construction must not.
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), u = ctx.int_const("u"), w = ctx.int_const("w");
  ItpTree tree;
  int root = tree.add(x + y == 1, -1);
  tree.add(x == 2 * u && u >= 0, root);
  tree.add(y == 2 * w && w >= 0, root);
  Interpolator itp(ctx);
  Interpolants r = itp.tree(tree);
  ASSERT_TRUE(r.ok()) << r.detail;
  ItpCheck c = checkTree(tree, r.formulas);
  EXPECT_TRUE(c.ok) << c.detail;
}

TEST(Interpolator, StoppedTokenGivesUnknown) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  ShutdownToken token;
  token.requestStop("test");
  InterpolatorConfig cfg;
  cfg.solver.shutdown = &token;
  Interpolator itp(ctx, cfg);
  EXPECT_EQ(itp.binary(x > 0 && y == x, y < 0).status, ItpStatus::Unknown);
}

TEST(Interpolator, TimeoutGivesUnknownQuickly) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z"), w = ctx.int_const("w");
  // Non-linear: deciding A ∧ ¬I is hard for Z3 (Fermat's cubes), so the budget must end the call.
  z3::expr A = x > 0 && y > 0 && z > 0 && x * x * x + y * y * y == z * z * z && w == x;
  z3::expr B = w < 0;
  InterpolatorConfig cfg;
  cfg.timeoutSeconds = 0.3;
  cfg.strategy = ItpStrategy::Primal;
  Interpolator itp(ctx, cfg);
  Stopwatch watch;
  Interpolants r = itp.binary(A, B);
  EXPECT_LT(watch.seconds(), 5.0);
  if (r.ok()) EXPECT_TRUE(checkInterpolant(A, B, r.formulas[0]).ok);
  else EXPECT_EQ(r.status, ItpStatus::Unknown) << r.detail;
}

TEST(Interpolator, StopRequestFromAnotherThreadEndsTheCall) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z"), w = ctx.int_const("w");
  z3::expr A = x > 0 && y > 0 && z > 0 && x * x * x + y * y * y == z * z * z && w == x;
  ShutdownToken token;
  InterpolatorConfig cfg;
  cfg.solver.shutdown = &token;
  cfg.strategy = ItpStrategy::Primal;
  Interpolator itp(ctx, cfg);
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    token.requestStop("test");
  });
  Stopwatch watch;
  Interpolants r = itp.binary(A, w < 0);
  stopper.join();
  EXPECT_LT(watch.seconds(), 10.0);
  if (!r.ok()) {
    EXPECT_EQ(r.status, ItpStatus::Unknown) << r.detail;
  }
}

TEST(Interpolator, StatisticsCountInterpolantsAndLiterals) {
  z3::context ctx;
  Stats stats;
  InterpolatorConfig cfg;
  cfg.solver.stats = &stats;
  Interpolator itp(ctx, cfg);
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  ASSERT_TRUE(itp.binary(x == 1 && y == x + 1, y < 0).ok());
  EXPECT_EQ(stats.getInt("itp.ok"), 1);
  EXPECT_GE(stats.getInt("itp.literals"), 1);
  EXPECT_TRUE(stats.has("itp.time"));
}

// ---------------------------------------------------------------- the checker rejects bad interpolants

TEST(InterpolantCheck, RejectsTamperedBinaryInterpolants) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  z3::expr A = x == 0 && y == x + 1, B = y <= 0 && z == y;
  EXPECT_TRUE(checkInterpolant(A, B, y >= 1).ok);
  EXPECT_FALSE(checkInterpolant(A, B, ctx.bool_val(true)).ok);  // I ∧ B satisfiable
  EXPECT_FALSE(checkInterpolant(A, B, y >= 2).ok);              // not implied by A
  ItpCheck local = checkInterpolant(A, B, y >= 1 && x == 0);     // mentions A's local x
  EXPECT_FALSE(local.ok);
  EXPECT_NE(local.detail.find("'x'"), std::string::npos) << local.detail;
  EXPECT_FALSE(checkInterpolant(A, B, y >= 1 && z >= 1 - 1 + z - z).ok);  // B's local z (even if vacuous)
}

TEST(InterpolantCheck, RejectsBrokenSequencesAndTrees) {
  z3::context ctx;
  z3::expr x0 = ctx.int_const("x0"), x1 = ctx.int_const("x1"), x2 = ctx.int_const("x2");
  std::vector<z3::expr> parts{x0 == 0, x1 == x0 + 1, x2 == x1 + 1, x2 < 0};
  z3::expr T = ctx.bool_val(true), F = ctx.bool_val(false);
  EXPECT_TRUE(checkSequence(parts, {T, x0 >= 0, x1 >= 1, x2 >= 2, F}).ok);
  EXPECT_FALSE(checkSequence(parts, {T, x0 >= 0, x1 >= 2, x2 >= 2, F}).ok);  // chain broken
  EXPECT_FALSE(checkSequence(parts, {T, x0 >= 0, x1 >= 1, x2 >= 2, T}).ok);  // last not false
  EXPECT_FALSE(checkSequence(parts, {F, x0 >= 0, x1 >= 1, x2 >= 2, F}).ok);  // first not true
  EXPECT_FALSE(checkSequence(parts, {T, x0 >= 0, x0 >= 0 && x1 >= 1, x2 >= 2, F}).ok);  // x0 not shared
  EXPECT_FALSE(checkSequence(parts, {T, x0 >= 0, x1 >= 1, F}).ok);                        // wrong count

  ItpTree tree;
  int root = tree.add(x2 == x0 + x1 && x2 < 0, -1);
  tree.add(x0 == 0, root);
  tree.add(x1 == 1, root);
  EXPECT_TRUE(checkTree(tree, {F, x0 >= 0, x1 >= 0}).ok);
  EXPECT_FALSE(checkTree(tree, {F, x0 >= 0, T}).ok);                   // root no longer follows
  EXPECT_FALSE(checkTree(tree, {F, x0 >= 0 && x1 >= 0, x1 >= 0}).ok);  // x1 not in node 1's subtree
  EXPECT_FALSE(checkTree(tree, {x2 < x2, x0 >= 0, x1 >= 0}).ok);       // root's mentions a symbol
  ItpTree cyclic;
  cyclic.add(x0 == 0, 1);
  cyclic.add(x1 == 0, 0);
  EXPECT_FALSE(checkTree(cyclic, {T, F}).ok);
}
