// Model-based projection and model implicants: their contracts on hand-made cases and as properties of
// a few hundred random LIA/LRA formulas (deterministic seeds), each checked with an independent solver
// query (implication, and for MBP, implication of the existential closure).
#include <gtest/gtest.h>

#include "InterpolationRandom.h"
#include "smt/Implicant.h"
#include "smt/Mbp.h"
#include "smt/Solver.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::smt;
using argus::smt::testing::RandomFormulas;

namespace {

z3::model modelOf(z3::context& ctx, const z3::expr& f) {
  Solver s(ctx);
  s.add(f);
  EXPECT_EQ(s.check(), SatResult::Sat);
  return s.model();
}

bool mentions(const z3::expr& e, const z3::expr& constant) {
  for (auto& c : freeConstants(e))
    if (z3::eq(c, constant)) return true;
  return false;
}

bool hasIte(const z3::expr& e) {
  if (!e.is_app()) return false;
  if (e.decl().decl_kind() == Z3_OP_ITE) return true;
  for (unsigned i = 0; i < e.num_args(); ++i)
    if (hasIte(e.arg(i))) return true;
  return false;
}

/// result ⇒ ∃vars. formula, decided by Z3 on the quantified query.
SatResult impliesExistential(const z3::expr& result, const std::vector<z3::expr>& vars, const z3::expr& formula) {
  z3::context& ctx = formula.ctx();
  z3::expr_vector bound(ctx);
  for (auto& v : vars) bound.push_back(v);
  z3::expr closure = vars.empty() ? formula : z3::exists(bound, formula);
  return checkSat(ctx, {result, !closure});
}

/// Checks the MBP contract for one formula and one of its models. Quantified array queries may be beyond
/// Z3's decision procedures: with `mayBeUndecided` an unknown answer passes (a counterexample never does).
void expectContract(const std::vector<z3::expr>& eliminate, const z3::expr& f, const z3::model& m,
                    bool mayBeUndecided = false) {
  auto cube = projectCube(eliminate, f, m);
  ASSERT_TRUE(cube.has_value()) << f;
  z3::expr result = mkAnd(f.ctx(), *cube);
  for (auto& v : eliminate) EXPECT_FALSE(mentions(result, v)) << v << " left in " << result;
  for (auto& c : freeConstants(result)) EXPECT_TRUE(mentions(f, c)) << "foreign symbol " << c;
  EXPECT_TRUE(m.eval(result, true).is_true()) << "model violates " << result;
  SatResult implied = impliesExistential(result, eliminate, f);
  if (mayBeUndecided && implied == SatResult::Unknown) return;
  EXPECT_EQ(implied, SatResult::Unsat) << f << "\nprojected: " << result;
}

}  // namespace

TEST(Implicant, ResolvesBooleanStructureAndIteByTheModel) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), p = ctx.bool_const("p");
  z3::expr f = (x > 0 || y > 0) && z3::ite(p, x + 1, y) == 3 && !(x == y);
  z3::model m = modelOf(ctx, f && p && x == 2 && y == 0);
  auto lits = modelImplicant(f, m);
  ASSERT_TRUE(lits.has_value());
  for (auto& l : *lits) {
    EXPECT_TRUE(m.eval(l, true).is_true()) << l;
    EXPECT_FALSE(hasIte(l)) << l;
    EXPECT_FALSE(l.is_app() && l.decl().decl_kind() == Z3_OP_NOT && l.arg(0).decl().decl_kind() == Z3_OP_EQ &&
                 l.arg(0).arg(0).is_arith())
        << "arithmetic disequality should become a strict bound: " << l;
  }
  EXPECT_TRUE(smt::implies(mkAnd(ctx, *lits), f));
}

TEST(Implicant, RejectsQuantifiers) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  z3::expr f = z3::forall(x, x * x >= 0) && y > 0;
  z3::model m = modelOf(ctx, y > 0);
  EXPECT_FALSE(modelImplicant(f, m).has_value());
}

TEST(Implicant, RandomFormulasGiveTrueLiteralsThatImplyTheFormula) {
  int checked = 0;
  z3::context ctx;
  for (unsigned seed = 1; seed <= 120; ++seed) {
    RandomFormulas gen(ctx, seed, seed % 2 == 0);
    auto xs = gen.numbers("x", 3);
    std::vector<z3::expr> bs{gen.boolean("b0"), gen.boolean("b1")};
    z3::expr f = gen.conjunction(xs, bs, 2, 3);
    Solver s(ctx);
    s.add(f);
    if (s.check() != SatResult::Sat) continue;
    z3::model m = s.model();
    auto lits = modelImplicant(f, m);
    ASSERT_TRUE(lits.has_value()) << f;
    for (auto& l : *lits) ASSERT_TRUE(m.eval(l, true).is_true()) << l << " in " << f;
    ASSERT_TRUE(smt::implies(mkAnd(ctx, *lits), f)) << f;
    ++checked;
  }
  EXPECT_GT(checked, 60);
}

TEST(Mbp, RealBoundsProjectToTheirCombination) {
  z3::context ctx;
  z3::expr x = ctx.real_const("x"), y = ctx.real_const("y"), z = ctx.real_const("z");
  z3::expr f = y < x && x < z;
  z3::model m = modelOf(ctx, f);
  auto r = project({x}, f, m);
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(mentions(*r, x));
  // With one lower and one upper bound the projection is exact: ∃x. y < x < z ⇔ y < z.
  EXPECT_TRUE(smt::implies(*r, y < z));
  EXPECT_TRUE(smt::implies(y < z, *r));
}

TEST(Mbp, IntegerProjectionKeepsDivisibility) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  z3::expr f = y == 2 * x && x >= 0;
  z3::model m = modelOf(ctx, f && y == 6);
  expectContract({x}, f, m);
  auto r = project({x}, f, m);
  ASSERT_TRUE(r.has_value());
  // y = 7 has no even witness: the projection must exclude it.
  EXPECT_TRUE(smt::implies(*r, y != 7));
}

TEST(Mbp, UnprojectableVariablesAreFixedToTheirModelValue) {
  z3::context ctx;
  Stats stats;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  z3::expr v = ctx.bv_const("v", 8), w = ctx.bv_const("w", 8);
  z3::expr f = v + w == ctx.bv_val(7, 8) && z3::ult(v, ctx.bv_val(5, 8)) && x * x == y && x > 1;
  z3::model m = modelOf(ctx, f);
  auto cube = projectCube({v, x}, f, m, &stats);
  ASSERT_TRUE(cube.has_value());
  expectContract({v, x}, f, m);
  EXPECT_GE(stats.getInt("mbp.value_substitutions"), 1);
}

TEST(Mbp, ArraysProjectOrFailCleanly) {
  z3::context ctx;
  z3::sort arr = ctx.array_sort(ctx.int_sort(), ctx.int_sort());
  z3::expr a = ctx.constant("a", arr), b = ctx.constant("b", arr);
  z3::expr i = ctx.int_const("i"), j = ctx.int_const("j");
  z3::expr f = b == z3::store(a, i, 5) && z3::select(b, j) > 3 && j >= i;
  z3::model m = modelOf(ctx, f);
  auto cube = projectCube({b, i}, f, m);
  // Either a correct projection or an honest refusal; never a cube that mentions b or i.
  if (cube) expectContract({b, i}, f, m, true);
}

TEST(Mbp, RandomFormulasSatisfyTheContract) {
  int checked = 0;
  z3::context ctx;
  for (unsigned seed = 1; seed <= 150; ++seed) {
    RandomFormulas gen(ctx, 1000 + seed, seed % 3 == 0);
    auto keep = gen.numbers("y", 2), drop = gen.numbers("x", 2);
    std::vector<z3::expr> bools{gen.boolean("p"), gen.boolean("q")};
    std::vector<z3::expr> all = keep;
    all.insert(all.end(), drop.begin(), drop.end());
    z3::expr f = gen.conjunction(all, bools, 3, 2);
    Solver s(ctx);
    s.add(f);
    if (s.check() != SatResult::Sat) continue;
    std::vector<z3::expr> eliminate = drop;
    eliminate.push_back(bools[seed % 2]);
    expectContract(eliminate, f, s.model());
    if (::testing::Test::HasFailure()) FAIL() << "seed " << seed;
    ++checked;
  }
  EXPECT_GT(checked, 80);
}
