// The cut-point transition system: its cut points (loop heads, frame locations, breakers of unreachable
// cycles), and its step encoding, which must allow exactly the blocks of the CFA (checked against an
// explicit enumeration of the loop-free paths between cut points) and return them from models.
#include <gtest/gtest.h>

#include <functional>

#include "certify/ProgramFixtures.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "transforms/CutPointSystem.h"

using namespace argus;
using namespace argus::testing;

namespace {

/// A loop whose body branches and joins: head: if (x < 0) x := -x else x := x - 2; join: y := x;
/// back to head; error when y == 1; exit when x == 0. An unreachable cycle hangs off a dead location.
struct BranchingLoop : Fixture {
  ir::VarId x = local("x"), y = local("y");
  ir::LocId head = loc("head"), neg = loc("neg"), pos = loc("pos"), join = loc("join"), dead = loc("dead"),
            deadLoop = loc("deadLoop");
  BranchingLoop() {
    nondet(entry, head, x);
    branch(head, cur(x) < 0, neg, pos);
    assign(neg, join, x, -cur(x));
    assign(pos, join, x, cur(x) - 2);
    assign(join, head, y, cur(x));
    assume(head, error, cur(y) == 1);
    assume(head, exit, cur(x) == 0);
    assign(dead, deadLoop, x, num(1));
    assign(deadLoop, dead, x, num(2));
  }
};

/// Is there a CFA path from `from` through non-cut locations to `to` that the solver finds feasible
/// from a state with x = x0, y = y0 (explicit enumeration, independent of the step encoding)?
bool blockFeasible(const ir::Program& p, const transforms::CutPointSystem& ts, ir::LocId from, ir::LocId to,
                   int x0, int y0, ir::VarId x, ir::VarId y) {
  ir::Instantiator inst(p);
  std::function<bool(ir::LocId, const ir::State&, std::vector<z3::expr>&)> walk =
      [&](ir::LocId l, const ir::State& s, std::vector<z3::expr>& path) {
        for (ir::EdgeId e : p.loc(l).out) {
          auto i = inst.transition(e, s);
          path.push_back(i.formula);
          ir::LocId next = p.edge(e).to;
          bool found = ts.isCut(next) ? next == to && smt::checkSat(p.ctx(), path) == smt::SatResult::Sat
                                      : walk(next, i.post, path);
          path.pop_back();
          if (found) return true;
        }
        return false;
      };
  ir::State s = ir::freshState(p, ts.vars());
  std::vector<z3::expr> path{s[x] == x0, s[y] == y0};
  return walk(from, s, path);
}

/// The branching loop with one step encoded from a fresh pc and state.
struct EncodedStep {
  BranchingLoop b;
  transforms::CutPointSystem ts{b.p, b.main};
  transforms::StepEncoder enc{ts};
  z3::expr pc = enc.freshPc("pre");
  ir::State pre = enc.freshState();
  transforms::Step step = enc.encode(pc, pre, "s");
};

}  // namespace

TEST(CutPointSystem, CutPointsAreFrameLocationsAndLoopHeads) {
  BranchingLoop b;
  transforms::CutPointSystem ts(b.p, b.main);
  EXPECT_EQ(ts.loopHeads(), std::vector<ir::LocId>{b.head});
  EXPECT_EQ(ts.cutPoints().size(), 4u);
  for (ir::LocId l : {b.entry, b.exit, b.error, b.head}) EXPECT_TRUE(ts.isCut(l));
  EXPECT_FALSE(ts.isCut(b.join));
  EXPECT_FALSE(ts.reachable(b.dead));
  ASSERT_EQ(ts.unreachableCutPoints().size(), 1u);  // one of dead, deadLoop breaks their cycle
  // Inner locations come in block order: both branches before the join.
  auto pos = [&](ir::LocId l) { return std::find(ts.innerOrder().begin(), ts.innerOrder().end(), l); };
  EXPECT_LT(pos(b.neg), pos(b.join));
  EXPECT_LT(pos(b.pos), pos(b.join));
  EXPECT_EQ(ts.innerOrder().size(), 3u);
}

TEST(CutPointSystem, OneStepIsExactlyOneBlock) {
  EncodedStep e;
  auto& [b, ts, enc, pc, pre, step] = e;
  for (int x0 : {-3, 0, 1, 3})
    for (int y0 : {0, 1})
      for (ir::LocId from : ts.cutPoints())
        for (ir::LocId to : ts.cutPoints()) {
          if (ts.isTerminal(from)) continue;
          smt::Solver s(b.p.ctx());
          s.add(step.formula);
          s.add(enc.pcAt(pc, from) && enc.pcAt(step.pcPost, to) && pre[b.x] == x0 && pre[b.y] == y0);
          bool encoded = s.check() == smt::SatResult::Sat;
          EXPECT_EQ(encoded, blockFeasible(b.p, ts, from, to, x0, y0, b.x, b.y))
              << "from " << b.p.loc(from).name << " to " << b.p.loc(to).name << " with x=" << x0 << ", y=" << y0;
          if (!encoded) continue;
          // The model's block starts at `from`, ends at `to`, and its post-state is what it computed.
          auto path = enc.blockPath(step, s.model());
          ASSERT_FALSE(path.empty());
          EXPECT_EQ(b.p.edge(path.front()).from, from);
          EXPECT_EQ(b.p.edge(path.back()).to, to);
        }
}

TEST(CutPointSystem, TerminalLocationsStutter) {
  EncodedStep e;
  auto& [b, ts, enc, pc, pre, step] = e;
  for (ir::LocId terminal : {b.exit, b.error}) {
    smt::Solver s(b.p.ctx());
    s.add(step.formula && enc.pcAt(pc, terminal));
    EXPECT_EQ(s.check(), smt::SatResult::Sat);
    s.add(!enc.pcAt(step.pcPost, terminal) || step.post[b.x] != pre[b.x]);
    EXPECT_EQ(s.check(), smt::SatResult::Unsat);
  }
}

TEST(CutPointSystem, DropsAPassThroughHeadThatAnotherHeadCovers) {
  // The shape of a C while loop after the front end: `split: x := t` then `test`; the then-branch jumps
  // back to the test, the else-branch to the split. Both are DFS loop heads; the test alone cuts both.
  Fixture f;
  ir::VarId x = f.local("x"), t = f.local("t");
  ir::LocId split = f.loc("split"), test = f.loc("test"), body = f.loc("body"), thenLoc = f.loc("then"),
            elseLoc = f.loc("else");
  f.assign(f.entry, split, t, f.num(0));
  f.assign(split, test, x, f.cur(t));
  f.branch(test, f.cur(x) < 100, body, f.exit);
  f.branch(body, f.cur(x) < 50, thenLoc, elseLoc);
  f.assign(thenLoc, test, x, f.cur(x) + 1);
  f.assign(elseLoc, split, t, f.cur(x) + 1);
  transforms::CutPointSystem ts(f.p, f.main);
  EXPECT_EQ(ts.loopHeads(), std::vector<ir::LocId>{test});
  EXPECT_FALSE(ts.isCut(split));
}
