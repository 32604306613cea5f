// Model-based projection and model implicants: their contracts on hand-made cases and as properties of
// a few hundred random LIA/LRA formulas (deterministic seeds), each checked with an independent solver
// query (implication, and for MBP, implication of the existential closure).
#include <gtest/gtest.h>

#include "InterpolationRandom.h"
#include "MbpContract.h"
#include "smt/Implicant.h"
#include "smt/Mbp.h"
#include "smt/ScopedCheck.h"
#include "smt/Solver.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::smt;
using argus::smt::testing::RandomFormulas;
using namespace argus::smt::testing;

namespace {

bool hasIte(const z3::expr& e) {
  if (!e.is_app()) return false;
  if (e.decl().decl_kind() == Z3_OP_ITE) return true;
  for (unsigned i = 0; i < e.num_args(); ++i)
    if (hasIte(e.arg(i))) return true;
  return false;
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
  Solver s(ctx);
  for (unsigned seed = 1; seed <= 80; ++seed) {
    RandomFormulas gen(ctx, seed, seed % 2 == 0);
    auto xs = gen.numbers("x", 3);
    std::vector<z3::expr> bs{gen.boolean("b0"), gen.boolean("b1")};
    z3::expr f = gen.conjunction(xs, bs, 2, 3);
    s.push();
    s.add(f);
    SatResult r = s.check();
    std::optional<z3::model> m;
    if (r == SatResult::Sat) m = s.model();
    s.pop();
    if (!m) continue;
    auto lits = modelImplicant(f, *m);
    ASSERT_TRUE(lits.has_value()) << f;
    for (auto& l : *lits) ASSERT_TRUE(m->eval(l, true).is_true()) << l << " in " << f;
    ASSERT_EQ(checkInScope(s, {mkAnd(ctx, *lits), !f}), SatResult::Unsat) << f;
    ++checked;
  }
  EXPECT_GT(checked, 40);
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

// Datatypes: a variable under a constructor gets its definition by accessors (x = hd(l), r = tl(l)), and a
// datatype variable equal to a constructor term over kept variables is replaced by that term; the projection
// then keeps no model value (a cube naming one list would block one list at a time).
TEST(Mbp, DatatypeVariablesAreEliminatedByConstructorsAndAccessors) {
  z3::context ctx;
  const char* names[] = {"nil", "cons"};
  z3::symbol fieldNames[] = {ctx.str_symbol("hd"), ctx.str_symbol("tl")};
  z3::sort fieldSorts[] = {ctx.int_sort(), ctx.int_sort()};  // the tail's sort is replaced by the list itself
  Z3_symbol nilFields[1];
  Z3_sort nilSorts[1];
  unsigned nilRefs[1];
  Z3_symbol consFields[] = {fieldNames[0], fieldNames[1]};
  Z3_sort consSorts[] = {fieldSorts[0], nullptr};
  unsigned consRefs[] = {0, 0};
  Z3_constructor constructors[] = {
      Z3_mk_constructor(ctx, ctx.str_symbol(names[0]), ctx.str_symbol("is-nil"), 0, nilFields, nilSorts, nilRefs),
      Z3_mk_constructor(ctx, ctx.str_symbol(names[1]), ctx.str_symbol("is-cons"), 2, consFields, consSorts,
                        consRefs)};
  z3::sort list(ctx, Z3_mk_datatype(ctx, ctx.str_symbol("L"), 2, constructors));
  for (auto c : constructors) Z3_del_constructor(ctx, c);
  z3::func_decl nil(ctx, Z3_get_datatype_sort_constructor(ctx, list, 0));
  z3::func_decl cons(ctx, Z3_get_datatype_sort_constructor(ctx, list, 1));
  z3::expr l = ctx.constant("l", list), r = ctx.constant("r", list), l2 = ctx.constant("l2", list);
  z3::expr x = ctx.int_const("x"), n = ctx.int_const("n");

  // Keep l and n: the query of `l = cons(x, r) ∧ x = 5 ∧ n > 2`.
  z3::expr under = l == cons(x, r) && x == 5 && n > 2;
  z3::model m = modelOf(ctx, under);
  auto cube = projectCube({x, r}, under, m);
  ASSERT_TRUE(cube.has_value());
  expectContract({x, r}, under, m);
  // Exact: every l of this shape with the same n, not only the model's.
  EXPECT_TRUE(smt::implies(z3::exists(x, z3::exists(r, under)), mkAnd(ctx, *cube))) << mkAnd(ctx, *cube);

  // Keep l and n: the pre-state of `l2 = cons(n, l) ∧ is-cons(l2) ∧ hd(l2) > 3`, eliminating l2.
  z3::func_decl hd(ctx, Z3_get_datatype_sort_constructor_accessor(ctx, list, 1, 0));
  z3::expr step = l2 == cons(n, l) && hd(l2) > 3;
  z3::model m2 = modelOf(ctx, step);
  auto pre = projectCube({l2}, step, m2);
  ASSERT_TRUE(pre.has_value());
  expectContract({l2}, step, m2);
  EXPECT_TRUE(smt::implies(z3::exists(l2, step), mkAnd(ctx, *pre))) << mkAnd(ctx, *pre);
}

TEST(Mbp, RandomFormulasSatisfyTheContract) {
  z3::context ctx;
  size_t checked = 0;
  for (auto& c : randomMbpCases(ctx, 1001, 100, [](unsigned seed) { return seed % 3 == 0; }, 2, 3)) {
    expectContract(c.eliminate, c.formula, c.model);
    if (::testing::Test::HasFailure()) FAIL() << c.formula;
    ++checked;
  }
  EXPECT_GT(checked, 50u);
}
