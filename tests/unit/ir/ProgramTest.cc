// ir::Program: building by hand, validation, loop heads, SCCs, the call graph, and edge instantiation.
#include <gtest/gtest.h>

#include "ir/Builder.h"
#include "ir/Instantiate.h"
#include "ir/Program.h"
#include "ir/Queries.h"
#include "smt/Solver.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::ir;

namespace {

/// main: x := 0; while (x < 10) x := x + 1; if (x != 10) error.  Plus inc(a) returning a+1.
struct Counter {
  Program p{std::make_shared<z3::context>()};
  ProcId main, inc;
  VarId x, a, r, g;
  LocId head, body, after;
  Counter() {
    z3::context& c = p.ctx();
    g = p.addGlobal("g", c.int_sort(), "g");
    inc = p.addProcedureWithFrame("inc");
    a = p.addVariable(inc, VarRole::Param, "inc::a", c.int_sort(), "a");
    r = p.addVariable(inc, VarRole::Result, "inc::r", c.int_sort(), "r");
    addAssign(p, p.proc(inc).entry, p.proc(inc).exit, {{r, p.var(a).cur + 1}});
    main = p.addProcedureWithFrame("main");
    x = p.addVariable(main, VarRole::Local, "main::x", c.int_sort(), "x");
    head = p.addLocation(main, "head");
    body = p.addLocation(main, "body");
    after = p.addLocation(main, "after");
    addAssign(p, p.proc(main).entry, head, {{x, c.int_val(0)}});
    addAssume(p, head, body, p.var(x).cur < 10);
    p.addCall(body, head, inc, {p.var(x).cur}, {x});
    addAssume(p, head, after, !(p.var(x).cur < 10));
    addAssume(p, after, p.proc(main).error, p.var(x).cur != 10);
    addAssume(p, after, p.proc(main).exit, p.var(x).cur == 10);
    p.setMain(main);
  }
};

}  // namespace

TEST(Program, ValidatesAWellFormedProgram) {
  Counter t;
  EXPECT_NO_THROW(t.p.validate());
  EXPECT_EQ(t.p.scope(t.main).size(), 2u);  // g, x
  EXPECT_TRUE(t.p.isErrorLoc(t.p.proc(t.main).error));
}

TEST(Program, RejectsAFormulaWithAVariableOutOfScope) {
  Counter t;
  // inc's parameter used in main.
  addAssume(t.p, t.head, t.after, t.p.var(t.a).cur > 0);
  EXPECT_THROW(t.p.validate(), InternalError);
}

TEST(Program, RejectsAWriteNotDeclared) {
  Counter t;
  t.p.addTransition(t.head, t.after, t.p.var(t.x).next == 3, {});
  EXPECT_THROW(t.p.validate(), InternalError);
}

TEST(Queries, LoopHeadsSccsAndReducibility) {
  Counter t;
  auto heads = loopHeads(t.p, t.main);
  ASSERT_EQ(heads.size(), 1u);
  EXPECT_EQ(heads[0], t.head);
  auto sccs = stronglyConnectedComponents(t.p, t.main);
  size_t nontrivial = 0;
  for (auto& c : sccs) nontrivial += c.size() > 1;
  EXPECT_EQ(nontrivial, 1u);
  EXPECT_TRUE(isReducible(t.p, t.main));
  EXPECT_TRUE(loopHeads(t.p, t.inc).empty());
}

TEST(Queries, IrreducibleLoopIsDetected) {
  Program p{std::make_shared<z3::context>()};
  ProcId m = p.addProcedureWithFrame("main");
  VarId b = p.addVariable(m, VarRole::Local, "b", p.ctx().bool_sort());
  LocId l1 = p.addLocation(m, "l1"), l2 = p.addLocation(m, "l2");
  // entry branches into both l1 and l2, which form a cycle: two entries into one loop.
  addAssume(p, p.proc(m).entry, l1, p.var(b).cur);
  addAssume(p, p.proc(m).entry, l2, !p.var(b).cur);
  addAssume(p, l1, l2, p.ctx().bool_val(true));
  addAssume(p, l2, l1, p.ctx().bool_val(true));
  p.setMain(m);
  EXPECT_FALSE(isReducible(p, m));
}

TEST(Queries, CallGraphFindsRecursion) {
  Counter t;
  CallGraph cg(t.p);
  EXPECT_FALSE(cg.hasRecursion());
  ASSERT_EQ(cg.bottomUpOrder().size(), 2u);
  EXPECT_EQ(cg.bottomUpOrder()[0], t.inc);
  // Make inc call itself.
  LocId mid = t.p.addLocation(t.inc, "mid");
  t.p.addCall(t.p.proc(t.inc).entry, mid, t.inc, {t.p.var(t.a).cur}, {t.r});
  CallGraph cg2(t.p);
  EXPECT_TRUE(cg2.isRecursive(t.inc));
  EXPECT_FALSE(cg2.isRecursive(t.main));
}

TEST(Instantiate, ChainsEdgesIntoAPathFormula) {
  Counter t;
  Program& p = t.p;
  Instantiator inst(p);
  State s0 = freshState(p, p.scope(t.main));
  // entry -> head (x := 0), then head -> after (x >= 10): infeasible.
  EdgeId e0 = p.loc(p.proc(t.main).entry).out[0];
  EdgeId exitLoop = kNone;
  for (EdgeId e : p.loc(t.head).out)
    if (p.edge(e).to == t.after) exitLoop = e;
  auto i0 = inst.transition(e0, s0);
  auto i1 = inst.transition(exitLoop, i0.post);
  EXPECT_EQ(smt::checkSat(p.ctx(), {i0.formula, i1.formula}), smt::SatResult::Unsat);
  // The global is not written, so it keeps its term.
  EXPECT_TRUE(z3::eq(i1.post[t.g], s0[t.g]));
  EXPECT_FALSE(z3::eq(i0.post[t.x], s0[t.x]));
}

TEST(Instantiate, ConstantFoldingPropagatesValuesAndDropsInfeasibleGuards) {
  Counter t;
  Program& p = t.p;
  Instantiator plain(p), folding(p, Folding::Constants);
  State s0 = freshState(p, p.scope(t.main));
  EdgeId init = p.loc(p.proc(t.main).entry).out[0];
  EdgeId enter = kNone, exitLoop = kNone, call = kNone;
  for (EdgeId e : p.loc(t.head).out) (p.edge(e).to == t.after ? exitLoop : enter) = e;
  call = p.loc(t.body).out[0];
  // x := 0 gives x the value 0 itself, not a fresh constant equal to it.
  auto i0 = folding.transition(init, s0);
  EXPECT_TRUE(i0.post[t.x].is_numeral());
  EXPECT_EQ(i0.post[t.x].get_numeral_int(), 0);
  EXPECT_TRUE(i0.formula.is_true());
  EXPECT_FALSE(plain.transition(init, s0).post[t.x].is_numeral());
  // At x = 0 the loop exit (x >= 10) folds to false, the entry (x < 10) to true; the call's argument is 0.
  EXPECT_TRUE(folding.transition(exitLoop, i0.post).formula.is_false());
  EXPECT_TRUE(folding.transition(enter, i0.post).formula.is_true());
  std::vector<z3::expr> args = folding.callArgs(call, i0.post);
  ASSERT_EQ(args.size(), 1u);
  EXPECT_TRUE(z3::eq(args[0], p.ctx().int_val(0)));
  // inc's r := a + 1 at a = 41 folds to 42; at a fresh term it stays an equation over a fresh r.
  State s1 = freshState(p, p.scope(t.inc));
  EdgeId body = p.loc(p.proc(t.inc).entry).out[0];
  auto fresh = folding.transition(body, s1);
  EXPECT_FALSE(fresh.post[t.r].is_numeral());
  EXPECT_EQ(smt::checkSat(p.ctx(), {fresh.formula, fresh.post[t.r] != s1[t.a] + 1}), smt::SatResult::Unsat);
  s1[t.a] = p.ctx().int_val(41);
  EXPECT_TRUE(z3::eq(folding.transition(body, s1).post[t.r], p.ctx().int_val(42)));
}

TEST(Instantiate, ConstantFoldingKeepsEveryConjunctOfTheEdge) {
  // x' = 1 and x' = 2 on one edge: folding the first definition must leave the second to refute it;
  // y' = x + 1 next to a guard on y' keeps the guard over y's value.
  auto ctx = std::make_shared<z3::context>();
  Program p(ctx);
  ProcId main = p.addProcedureWithFrame("main");
  VarId x = p.addVariable(main, VarRole::Local, "main::x", ctx->int_sort(), "x");
  VarId y = p.addVariable(main, VarRole::Local, "main::y", ctx->int_sort(), "y");
  LocId mid = p.addLocation(main, "mid");
  EdgeId twice = p.addTransition(p.proc(main).entry, mid, p.var(x).next == 1 && p.var(x).next == 2, {x});
  EdgeId guarded =
      p.addTransition(mid, p.proc(main).exit, p.var(y).next == p.var(x).cur + 1 && p.var(y).next > 5, {y});
  p.setMain(main);
  Instantiator folding(p, Folding::Constants);
  State s = freshState(p, p.scope(main));
  EXPECT_TRUE(folding.transition(twice, s).formula.is_false());
  s[x] = ctx->int_val(4);
  auto low = folding.transition(guarded, s);
  EXPECT_TRUE(low.formula.is_false());  // y = 5 is not > 5
  s[x] = ctx->int_val(7);
  auto high = folding.transition(guarded, s);
  EXPECT_TRUE(high.formula.is_true());
  EXPECT_TRUE(z3::eq(high.post[y], ctx->int_val(8)));
}

TEST(Program, RemoveEdgesRenumbersAndDropsIsolatedLocations) {
  Counter t;
  size_t locsBefore = t.p.numLocs();
  // Remove both edges around 'after' except the loop exit: 'after' keeps the loop-exit edge.
  std::vector<EdgeId> dead;
  for (EdgeId e : t.p.loc(t.after).out) dead.push_back(e);
  for (EdgeId e : t.p.loc(t.after).in) dead.push_back(e);
  t.p.removeEdges(dead);
  EXPECT_EQ(t.p.numLocs(), locsBefore - 1);
  EXPECT_NO_THROW(t.p.validate());
}

TEST(Program, TranslateToAnotherContextKeepsStructureAndMeaning) {
  Counter t;
  auto other = std::make_shared<z3::context>();
  Program copy = t.p.translate(other);
  EXPECT_EQ(&copy.ctx(), other.get());
  EXPECT_EQ(copy.numEdges(), t.p.numEdges());
  EXPECT_NO_THROW(copy.validate());
  EXPECT_EQ(copy.edge(0).formula.to_string(), t.p.edge(0).formula.to_string());
}
