// Inlining: the result has one procedure and no calls, validates, and has the same feasible paths to
// exit and error as the original (checked by enumerating the loop-free paths of small programs).
#include <gtest/gtest.h>

#include "ir/Builder.h"
#include "ir/Instantiate.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "transforms/Inline.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::ir;

namespace {

/// main: x := inc(x0); x := inc(x); if (x != x0 + 2) error. inc(a) { t := a; r := t + 1 }.
/// `bug` makes inc add 2 once the global g is set; main sets g between the calls.
std::unique_ptr<Program> twoCalls(bool bug) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  VarId g = p->addGlobal("g", c.int_sort());
  ProcId inc = p->addProcedureWithFrame("inc");
  VarId a = p->addVariable(inc, VarRole::Param, "inc::a", c.int_sort());
  VarId r = p->addVariable(inc, VarRole::Result, "inc::r", c.int_sort());
  VarId t = p->addVariable(inc, VarRole::Local, "inc::t", c.int_sort());
  LocId mid = p->addLocation(inc, "mid");
  addAssign(*p, p->proc(inc).entry, mid, {{t, p->var(a).cur}});
  z3::expr step = bug ? z3::ite(p->var(g).cur == 1, c.int_val(2), c.int_val(1)) : c.int_val(1);
  addAssign(*p, mid, p->proc(inc).exit, {{r, p->var(t).cur + step}});
  ProcId m = p->addProcedureWithFrame("main");
  VarId x0 = p->addVariable(m, VarRole::Local, "main::x0", c.int_sort());
  VarId x = p->addVariable(m, VarRole::Local, "main::x", c.int_sort());
  LocId l0 = p->addLocation(m, "l0"), l1 = p->addLocation(m, "l1"), l2 = p->addLocation(m, "l2"),
        l3 = p->addLocation(m, "l3");
  addAssign(*p, p->proc(m).entry, l0, {{g, c.int_val(0)}});
  p->addCall(l0, l1, inc, {p->var(x0).cur}, {x});
  addAssign(*p, l1, l2, {{g, c.int_val(1)}});
  p->addCall(l2, l3, inc, {p->var(x).cur}, {x});
  addAssume(*p, l3, p->proc(m).error, p->var(x).cur != p->var(x0).cur + 2);
  addAssume(*p, l3, p->proc(m).exit, p->var(x).cur == p->var(x0).cur + 2);
  p->setMain(m);
  return p;
}

/// Is some loop-free path from main's entry to `target` feasible? (Programs here are acyclic.)
bool feasiblePathTo(const Program& p, LocId target) {
  Instantiator inst(p);
  std::function<bool(LocId, const State&, std::vector<z3::expr>&)> dfs =
      [&](LocId l, const State& s, std::vector<z3::expr>& path) {
        if (l == target) return smt::checkSat(p.ctx(), path) == smt::SatResult::Sat;
        for (EdgeId e : p.loc(l).out) {
          auto i = inst.transition(e, s);
          path.push_back(i.formula);
          bool found = dfs(p.edge(e).to, i.post, path);
          path.pop_back();
          if (found) return true;
        }
        return false;
      };
  std::vector<z3::expr> path;
  State s0 = freshState(p, p.scope(p.mainProc()));
  return dfs(p.proc(p.mainProc()).entry, s0, path);
}

}  // namespace

TEST(Inline, ProducesOneProcedureWithoutCalls) {
  auto p = twoCalls(false);
  auto r = transforms::inlineAll(*p);
  EXPECT_EQ(r.program->numProcs(), 1u);
  for (auto& e : r.program->edges()) EXPECT_FALSE(e.isCall());
  EXPECT_NO_THROW(r.program->validate());
  EXPECT_EQ(r.originalEdge.size(), r.program->numEdges());
  EXPECT_EQ(r.originalLoc.size(), r.program->numLocs());
  // 2 call sites x (entry, mid, exit; error merged) + main's 7 locations.
  EXPECT_EQ(r.program->numLocs(), 7u + 2u * 3u);
}

TEST(Inline, PreservesSafety) {
  auto p = twoCalls(false);
  auto r = transforms::inlineAll(*p);
  const Program& q = *r.program;
  EXPECT_FALSE(feasiblePathTo(q, q.proc(q.mainProc()).error));
  EXPECT_TRUE(feasiblePathTo(q, q.proc(q.mainProc()).exit));
}

TEST(Inline, PreservesTheBugThroughGlobals) {
  auto p = twoCalls(true);
  auto r = transforms::inlineAll(*p);
  const Program& q = *r.program;
  EXPECT_TRUE(feasiblePathTo(q, q.proc(q.mainProc()).error));
}

TEST(Inline, RejectsRecursion) {
  auto p = twoCalls(false);
  ProcId inc = p->findProc("inc");
  LocId extra = p->addLocation(inc, "extra");
  p->addCall(p->proc(inc).entry, extra, inc, {p->var(p->proc(inc).params[0]).cur}, {p->proc(inc).results[0]});
  EXPECT_THROW(transforms::inlineAll(*p), UnsupportedError);
}
