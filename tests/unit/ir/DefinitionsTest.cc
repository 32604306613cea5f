// ir::AvailableDefinitions: a temporary's definition holds where every path made it and changed neither the
// temporary nor what it reads; and ir::uncutCycleHeads, which completes a cut set.
#include <gtest/gtest.h>

#include "ir/Builder.h"
#include "ir/Definitions.h"
#include "ir/Program.h"
#include "ir/Queries.h"

using namespace argus;
using namespace argus::ir;

namespace {

/// main: n := *; t := n + 1 (a temporary), i := 0; while (i < t) i := i + 1; [after] n := n + 2; [mid] exit.
/// And a join: from `mid`, one branch sets t := n + 1, the other t := n + 2, both reaching `join`.
struct HoistedBound {
  Program p{std::make_shared<z3::context>()};
  ProcId main;
  VarId n, t, i;
  LocId start, head, body, after, mid, left, right, join;
  HoistedBound() {
    z3::context& c = p.ctx();
    main = p.addProcedureWithFrame("main");
    n = p.addVariable(main, VarRole::Local, "main::n", c.int_sort(), "n");
    t = p.addVariable(main, VarRole::Local, "main::_t1", c.int_sort());
    i = p.addVariable(main, VarRole::Local, "main::i", c.int_sort(), "i");
    for (LocId* l : {&start, &head, &body, &after, &mid, &left, &right, &join})
      *l = p.addLocation(main, "l" + std::to_string(p.numLocs()));
    addNondet(p, p.proc(main).entry, start, n, c.bool_val(true));
    addAssign(p, start, head, {{t, cur(n) + 1}, {i, c.int_val(0)}});
    addAssume(p, head, body, cur(i) < cur(t));
    addAssign(p, body, head, {{i, cur(i) + 1}});
    addAssume(p, head, after, !(cur(i) < cur(t)));
    addAssign(p, after, mid, {{n, cur(n) + 2}});
    addAssume(p, mid, left, cur(i) > 0);
    addAssume(p, mid, right, !(cur(i) > 0));
    addAssign(p, left, join, {{t, cur(n) + 1}});
    addAssign(p, right, join, {{t, cur(n) + 2}});
    addAssume(p, join, p.proc(main).exit, c.bool_val(true));
    p.setMain(main);
  }
  z3::expr cur(VarId v) const { return p.var(v).cur; }
  /// Whether `equations` are exactly one, and it says t = n + offset.
  bool definesT(const std::vector<z3::expr>& equations, int offset) const {
    if (equations.size() != 1) return false;
    z3::solver s(p.ctx());
    s.add(equations[0] != (cur(t) == cur(n) + offset));
    return s.check() == z3::unsat;
  }
};

}  // namespace

TEST(AvailableDefinitions, AHoistedDefinitionHoldsAroundTheLoop) {
  HoistedBound b;
  AvailableDefinitions definitions(b.p);
  EXPECT_TRUE(b.definesT(definitions.at(b.head), 1));
  EXPECT_TRUE(b.definesT(definitions.at(b.body), 1));
  EXPECT_TRUE(b.definesT(definitions.at(b.after), 1));
  EXPECT_TRUE(definitions.at(b.start).empty());  // before the definition
}

TEST(AvailableDefinitions, WritingWhatTheDefinitionReadsEndsIt) {
  HoistedBound b;
  AvailableDefinitions definitions(b.p);
  EXPECT_TRUE(definitions.at(b.mid).empty());  // n changed after t = n + 1
  EXPECT_TRUE(definitions.at(b.join).empty());  // two different definitions meet
}

TEST(AvailableDefinitions, DefiningFollowsTheTemporariesAsked) {
  HoistedBound b;
  AvailableDefinitions definitions(b.p);
  EXPECT_TRUE(b.definesT(definitions.defining(b.head, {b.cur(b.t)}), 1));
  EXPECT_TRUE(definitions.defining(b.head, {b.cur(b.i), b.cur(b.n)}).empty());  // no temporary asked for
}

// An input stored in a variable on the edge that also computes a temporary from it (`flag = *; t = (flag ==
// 1)`, as the C front end writes it): the temporary is defined over the variable, until either changes.
TEST(AvailableDefinitions, AnInputStoredInAVariableDefinesTheTemporaryComputedFromIt) {
  Program p{std::make_shared<z3::context>()};
  z3::context& c = p.ctx();
  ProcId main = p.addProcedureWithFrame("main");
  VarId flag = p.addVariable(main, VarRole::Local, "main::flag", c.int_sort(), "flag");
  VarId t = p.addVariable(main, VarRole::Local, "main::_t1", c.bool_sort());
  LocId read = p.addLocation(main, "read"), changed = p.addLocation(main, "changed");
  z3::expr input = c.int_const("main::__VERIFIER_nondet_int!0");
  p.addTransition(p.proc(main).entry, read, p.var(flag).next == input && p.var(t).next == (input == 1),
                  {flag, t}, {input});
  addAssign(p, read, changed, {{flag, p.var(flag).cur + 1}});
  addAssume(p, changed, p.proc(main).exit, c.bool_val(true));
  p.setMain(main);
  AvailableDefinitions definitions(p);
  std::vector<z3::expr> atRead = definitions.at(read);
  ASSERT_EQ(atRead.size(), 1u);
  z3::solver s(c);
  s.add(atRead[0] != (p.var(t).cur == (p.var(flag).cur == 1)));
  EXPECT_EQ(s.check(), z3::unsat) << atRead[0];
  EXPECT_TRUE(definitions.at(changed).empty());  // flag changed after t was computed from it
}

TEST(UncutCycleHeads, NamesTheHeadOfEachCycleTheCutSetMisses) {
  HoistedBound b;
  std::vector<bool> isCut(b.p.numLocs(), false);
  EXPECT_EQ(uncutCycleHeads(b.p, b.main, isCut), std::vector<LocId>{b.head});
  isCut[b.body] = true;  // any location of the cycle cuts it
  EXPECT_TRUE(uncutCycleHeads(b.p, b.main, isCut).empty());
}

TEST(AvailableDefinitions, ALoopWithoutTemporariesHasNoDefinitions) {
  Program p{std::make_shared<z3::context>()};
  ProcId main = p.addProcedureWithFrame("main");
  VarId x = p.addVariable(main, VarRole::Local, "main::x", p.ctx().int_sort(), "x");
  LocId head = p.addLocation(main, "head"), body = p.addLocation(main, "body");
  addAssign(p, p.proc(main).entry, head, {{x, p.ctx().int_val(0)}});
  addAssume(p, head, body, p.var(x).cur < 10);
  addAssign(p, body, head, {{x, p.var(x).cur + 1}});
  addAssume(p, head, p.proc(main).exit, !(p.var(x).cur < 10));
  p.setMain(main);
  AvailableDefinitions definitions(p);  // must end: no definitions is not "not reached yet"
  EXPECT_TRUE(definitions.at(head).empty());
}
