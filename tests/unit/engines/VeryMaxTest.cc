// The maxsmt engine (VeryMax): literals read as linear rows, Farkas constraints that hold exactly when
// the implication does, and proofs of hola tasks whose certificates certify accepts (with the template
// sizes solved in parallel and one after another, with both Max-SMT methods). The engine never answers
// FALSE.
#include <gtest/gtest.h>

#include "engines/KindTestSupport.h"
#include "engines/maxsmt/Farkas.h"
#include "engines/maxsmt/Linear.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "testing/SmallPrograms.h"
#include "testing/TestFolder.h"

using namespace argus;
using namespace argus::testing;
using namespace argus::engines::maxsmt;

namespace {

bool satisfiable(const z3::expr& e) { return smt::checkSat(e.ctx(), {e}) == smt::SatResult::Sat; }

/// The program of a C file in `folder` whose `main` (and anything before it) is `source`, after the SV-COMP
/// declarations of the nondeterministic input and the error function.
std::unique_ptr<ir::Program> programOfC(const TestFolder& folder, const std::string& name, const std::string& source) {
  std::string file = folder.write(name, "extern int __VERIFIER_nondet_int(void);\n"
                                        "extern void abort(void);\n"
                                        "void reach_error() { abort(); }\n" +
                                            source);
  Logger log;
  Stats stats;
  return frontend::translateC(frontend::plainTask(file, "reach_error", /*ilp32=*/false), {}, log, stats);
}

/// A row with numeral coefficients as a template row (coefficients as Int numerals).
TemplateRow numeralRow(z3::context& ctx, const std::vector<std::pair<z3::expr, int>>& terms, int constant) {
  TemplateRow row{{}, ctx.int_val(constant)};
  for (auto& [x, c] : terms) row.coeffs.emplace(x.id(), ctx.int_val(c));
  return row;
}

}  // namespace

TEST(VeryMaxLinear, ReadsComparisonsAsRows) {
  z3::context ctx;
  Linearizer linear(ctx);
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  auto rows = linear.literal(x + 2 * y < 7);
  ASSERT_TRUE(rows);
  ASSERT_EQ(rows->size(), 1u);
  // x + 2y - 7 + 1 ≤ 0 over the integers.
  EXPECT_EQ((*rows)[0].expr.constant, -6);
  EXPECT_EQ((*rows)[0].expr.coeffs.at(y.id()), 2);
  EXPECT_FALSE((*rows)[0].equality);
  auto eq = linear.literal(!(x >= y));  // y - x - 1 + 1 ≤ 0... i.e. x < y
  ASSERT_TRUE(eq);
  EXPECT_TRUE(smt::implies(linear.toExpr((*eq)[0]), x < y));
  EXPECT_TRUE(smt::implies(x < y, linear.toExpr((*eq)[0])));
  EXPECT_FALSE(linear.literal(x * y <= 3));          // not linear
  EXPECT_FALSE(linear.literal(!(x == y)));            // a disjunction, resolved by implicants first
  auto mod = linear.literal(z3::mod(x, 2) == 1);      // x - 2q - 1 = 0 and 0 ≤ x - 2q ≤ 1
  ASSERT_TRUE(mod);
  EXPECT_EQ(mod->size(), 3u);
  std::vector<z3::expr> parts;
  for (auto& r : *mod) parts.push_back(linear.toExpr(r));
  EXPECT_FALSE(satisfiable(smt::mkAnd(ctx, parts) && x == 4));
  EXPECT_TRUE(satisfiable(smt::mkAnd(ctx, parts) && x == 5));
}

TEST(VeryMaxLinear, ReadsBooleanVariablesAsZeroOneNumbers) {
  z3::context ctx;
  Linearizer linear(ctx);
  z3::expr b = ctx.bool_const("b"), x = ctx.int_const("x");
  unsigned key = linear.declare(b);
  EXPECT_TRUE(z3::eq(linear.var(key), z3::ite(b, ctx.int_val(1), ctx.int_val(0))));
  // b: B = 1; not b: B = 0.
  for (bool negated : {false, true}) {
    auto rows = linear.literal(negated ? !b : b);
    ASSERT_TRUE(rows);
    ASSERT_EQ(rows->size(), 1u);
    EXPECT_TRUE(smt::implies(linear.toExpr((*rows)[0]), negated ? !b : b));
    EXPECT_TRUE(smt::implies(negated ? !b : b, linear.toExpr((*rows)[0])));
  }
  // x + ite(b, 3, 1) ≤ 2 is x + 1 + 2B ≤ 2, with 0 ≤ B ≤ 1 on the side.
  auto sum = linear.literal(x + z3::ite(b, ctx.int_val(3), ctx.int_val(1)) <= 2);
  ASSERT_TRUE(sum);
  ASSERT_EQ(sum->size(), 3u);
  std::vector<z3::expr> parts;
  for (auto& r : *sum) parts.push_back(linear.toExpr(r));
  z3::expr all = smt::mkAnd(ctx, parts);
  EXPECT_TRUE(smt::implies(all, x + z3::ite(b, ctx.int_val(3), ctx.int_val(1)) <= 2));
  EXPECT_TRUE(smt::implies(x + z3::ite(b, ctx.int_val(3), ctx.int_val(1)) <= 2, all));
  EXPECT_FALSE(linear.literal(b == (x > 0)));  // other Boolean atoms stay unread
}

TEST(VeryMaxFarkas, ConstraintsHoldExactlyForValidImplications) {
  z3::context ctx;
  Linearizer linear(ctx);
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  auto row = [&](const z3::expr& lit) { return (*linear.literal(lit))[0]; };
  // x ≤ 0 ∧ y = x + 1 ⇒ y ≤ 1 (valid), ⇒ y ≤ 0 (not valid).
  Implication premises{{row(x <= 0), row(y == x + 1)}, {}};
  FarkasEncoder farkas(ctx, 1);
  EXPECT_TRUE(satisfiable(farkas.implies(premises, numeralRow(ctx, {{y, 1}}, -1))));
  EXPECT_FALSE(satisfiable(farkas.implies(premises, numeralRow(ctx, {{y, 1}}, 0))));
  EXPECT_FALSE(satisfiable(farkas.infeasible(premises)));
  // A template premise c·x + d ≤ 0 with unknowns: x ≥ 1 contradicts it for c = 1, d = 0.
  z3::expr c = ctx.int_const("c"), d = ctx.int_const("d");
  TemplateRow unknown{{{x.id(), c}}, d};
  z3::expr refuted = farkas.infeasible(Implication{{row(x >= 1)}, {unknown}});
  EXPECT_TRUE(satisfiable(refuted && c == 1 && d == 0));
  EXPECT_FALSE(satisfiable(refuted && c == -1 && d == 0));  // -x ≤ 0 and x ≥ 1 are consistent
}

class VeryMax : public ::testing::TestWithParam<std::map<std::string, std::string>> {};

TEST_P(VeryMax, ProvesHolaTasksWithCertifiedInvariants) {
  // 01: y ≥ 1 needs x ≤ y as well; 05: j ≥ i needs x = y; 15: the loop is entered under a guard; 28: two
  // loops, the second's invariant x = y is a precondition proved at the first (after a candidate whose
  // precondition fails: narrowing or the samples choose the right one).
  for (const char* task : {"hola/01.yml", "hola/05.yml", "hola/15.yml", "hola/28.yml"}) {
    SCOPED_TRACE(task);
    auto program = loadBenchTask(task);
    // Without the given invariants, which prove hola/01 (intervals) and hola/28 (equalities) alone: the proof
    // is the Max-SMT search's.
    auto options = GetParam();
    options["maxsmt.intervals"] = "false";
    options["maxsmt.equalities"] = "false";
    auto run = runEngine("maxsmt", *program, options, 120);
    expectCertifiedSafe(*program, *run);
    EXPECT_GE(run->stats.getInt("maxsmt.maxsmt_calls"), 1);
  }
}

INSTANTIATE_TEST_SUITE_P(Configurations, VeryMax,
                         ::testing::Values(std::map<std::string, std::string>{},
                                           std::map<std::string, std::string>{{"maxsmt.parallel", "true"}},
                                           std::map<std::string, std::string>{{"maxsmt.solver", "optimize"}}));

TEST(VeryMaxEngine, NeverAnswersFalse) {
  // An unsafe loop: the engine finds no invariant and says UNKNOWN, never FALSE.
  auto program = loadBenchTask("loops/count_up_down-2.yml");
  auto run = runEngine("maxsmt", *program, {{"maxsmt.query_timeout", "5"}, {"maxsmt.rounds", "1"}}, 60);
  EXPECT_EQ(run->result.verdict, ir::Verdict::Unknown);
}

TEST(VeryMaxEngine, ProvesWithABooleanFlagInTheInvariant) {
  // d ∈ {1, -1}; t = (d == 1) kept as a Boolean (as LLVM keeps a hoisted loop-invariant comparison);
  // x := 0; while (*) x := x + d; error if t && x < 0. The error condition speaks of t, so the invariant
  // must too (t ⇒ x ≥ 0): with Boolean variables dropped no template can exclude the error.
  auto p = newMain();
  z3::context& c = p->ctx();
  ir::VarId d = intVar(*p, "d"), x = intVar(*p, "x");
  ir::VarId t = p->addVariable(mainOf(*p), ir::VarRole::Local, "main::t", c.bool_sort(), "t");
  ir::LocId a = p->addLocation(0, "a"), h = p->addLocation(0, "h"), b = p->addLocation(0, "b");
  ir::addNondet(*p, entryOf(*p), a, d, p->var(d).next == 1 || p->var(d).next == -1, "__VERIFIER_nondet_int");
  ir::addAssign(*p, a, h, {{t, p->var(d).cur == 1}, {x, c.int_val(0)}});
  ir::addAssign(*p, h, h, {{x, p->var(x).cur + p->var(d).cur}});
  ir::addAssume(*p, h, b, c.bool_val(true));
  z3::expr bad = p->var(t).cur && p->var(x).cur < 0;
  ir::addAssume(*p, b, errorOf(*p), bad);
  ir::addAssume(*p, b, exitOf(*p), !bad);
  auto run = runEngine("maxsmt", *p, {}, 60);
  expectCertifiedSafe(*p, *run);
}

TEST(VeryMaxEngine, ProvesWithCongruencesWhatNoLinearTemplateCan) {
  // x = y holds only because z stays odd (SmallPrograms.h): without the congruences the path that skips
  // x := x + 1 stays feasible for Farkas whatever the template.
  auto p = std::move(parityLoop().program);
  auto with = runEngine("maxsmt", *p, {}, 60);
  expectCertifiedSafe(*p, *with);
  EXPECT_GE(with->stats.getInt("maxsmt.congruences"), 2);
  // (The equalities on either side of the loop's test of z % 2 would prove it too: z odd → x = y.)
  auto without = runEngine(
      "maxsmt", *p,
      {{"maxsmt.congruences", "false"}, {"maxsmt.partitioned_equalities", "false"}, {"maxsmt.rounds", "1"}}, 60);
  EXPECT_EQ(without->result.verdict, ir::Verdict::Unknown);
}

TEST(VeryMaxEngine, ProvesByCasesOnAnInputFlagWhatNoConjunctionCan) {
  // The invariant is disjunctive in f (j = b when f != 0, j = 0 else): no conjunction of rows that holds
  // initially is inductive and safe (the integer midpoint of f = 2, j = 10 and f = 0, j = 0 at b = 10 is
  // f = 1, j = 5), but f is never assigned in the loop, so the loop is proved once per case of a row over f.
  // Without narrowing (which may find such disjunctions too, depending on the candidates it meets) the
  // proof needs the split.
  TestFolder folder;
  auto p = programOfC(folder, "flag.c", R"(int main() {
  int f = __VERIFIER_nondet_int();
  int j = 0;
  for (int b = 0; b < 10; ++b)
    if (f) j = j + 1;
  if (f && j != 10) reach_error();
  return 0;
}
)");
  // (The equalities on either side of the loop's condition f would give j = b where f holds at once.)
  std::map<std::string, std::string> oneRound{
      {"maxsmt.rounds", "1"}, {"maxsmt.narrowings", "0"}, {"maxsmt.partitioned_equalities", "false"}};
  auto split = runEngine("maxsmt", *p, oneRound, 120);
  expectCertifiedSafe(*p, *split);
  EXPECT_GE(split->stats.getInt("maxsmt.cases"), 2);
  oneRound["maxsmt.case_splits"] = "0";
  auto whole = runEngine("maxsmt", *p, oneRound, 120);
  EXPECT_EQ(whole->result.verdict, ir::Verdict::Unknown);
}

TEST(VeryMaxEngine, EqualitiesOnEitherSideOfALoopConditionGiveAParityFact) {
  // i = 2p where i is even and i = 2p + 1 where it is odd: 2p <= i <= 2p + 1 is inductive over the integers
  // only, so neither a template over the rationals nor any equality over all states proves the assertion;
  // the hulls of the states on either side of the loop's test i % 2 == 1 do.
  TestFolder folder;
  auto p = programOfC(folder, "pairs.c", R"(int main() {
  int n = __VERIFIER_nondet_int();
  int i = 0, pairs = 0;
  while (i < n) {
    if (i % 2 == 1) pairs++;
    i++;
  }
  if (i % 2 == 0 && i != 2 * pairs) reach_error();
  return 0;
}
)");
  std::map<std::string, std::string> plain{
      {"maxsmt.rounds", "1"}, {"maxsmt.narrowings", "0"}, {"maxsmt.case_splits", "0"}};
  auto partitioned = runEngine("maxsmt", *p, plain, 120);
  expectCertifiedSafe(*p, *partitioned);
  plain["maxsmt.partitioned_equalities"] = "false";
  auto whole = runEngine("maxsmt", *p, plain, 120);
  EXPECT_EQ(whole->result.verdict, ir::Verdict::Unknown);
}

TEST(VeryMaxFarkas, IntegerCutsDeriveWhatOnlyIntegersImply) {
  // x = 2q ∧ 0 ≤ x ≤ 1 ⇒ x ≤ 0 holds over the integers only (x = 1/2 over the rationals); x = 2q ∧ x = 1 is
  // infeasible over the integers only.
  z3::context ctx;
  Linearizer linear(ctx);
  z3::expr x = ctx.int_const("x"), q = ctx.int_const("q");
  auto row = [&](const z3::expr& lit) { return (*linear.literal(lit))[0]; };
  Implication bounded{{row(x == 2 * q), row(x >= 0), row(x <= 1)}, {}};
  Implication odd{{row(x == 2 * q), row(x == 1)}, {}};
  FarkasEncoder plain(ctx, 1, /*integer=*/true, /*disabling=*/false);
  FarkasEncoder cuts(ctx, 1, /*integer=*/true, /*disabling=*/false, /*integerCuts=*/true);
  EXPECT_FALSE(satisfiable(plain.implies(bounded, numeralRow(ctx, {{x, 1}}, 0))));
  EXPECT_TRUE(satisfiable(cuts.implies(bounded, numeralRow(ctx, {{x, 1}}, 0))));
  EXPECT_FALSE(satisfiable(plain.infeasible(odd)));
  EXPECT_TRUE(satisfiable(cuts.infeasible(odd)));
  // Still sound: x ≤ -1 does not follow, and the bounded premises are feasible (x = 0).
  EXPECT_FALSE(satisfiable(cuts.implies(bounded, numeralRow(ctx, {{x, 1}}, 1))));
  EXPECT_FALSE(satisfiable(cuts.infeasible(bounded)));
}
