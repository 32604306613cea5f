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

using namespace argus;
using namespace argus::testing;
using namespace argus::engines::maxsmt;

namespace {

bool satisfiable(const z3::expr& e) { return smt::checkSat(e.ctx(), {e}) == smt::SatResult::Sat; }

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
    auto run = runEngine("maxsmt", *program, GetParam(), 120);
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
