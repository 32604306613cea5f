// Fixing a witness's nondet inputs: the i-th __VERIFIER_nondet_* value consumed must be the i-th value
// given, none beyond the last; the count starts at 0 at main's new entry; nondet pointers are refused.
#include <gtest/gtest.h>

#include "ir/Builder.h"
#include "smt/Solver.h"
#include "transforms/FixedInputs.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::ir;

namespace {

/// main: x := nondet_int(); y := nondet_int(); if (x + y == 12) error.
struct TwoInputs {
  Program p{std::make_shared<z3::context>()};
  VarId x, y;
  TwoInputs(ValueType type = {}) {
    z3::context& c = p.ctx();
    ProcId m = p.addProcedureWithFrame("main");
    p.setMain(m);
    x = p.addVariable(m, VarRole::Local, "main::x", c.int_sort(), "x", type);
    y = p.addVariable(m, VarRole::Local, "main::y", c.int_sort(), "y", type);
    LocId l1 = p.addLocation(m, "l1"), l2 = p.addLocation(m, "l2");
    addNondet(p, p.proc(m).entry, l1, x, c.bool_val(true), "__VERIFIER_nondet_int");
    addNondet(p, l1, l2, y, c.bool_val(true), "__VERIFIER_nondet_int");
    addAssume(p, l2, p.proc(m).error, p.var(x).cur + p.var(y).cur == 12);
  }
};

smt::SatResult check(z3::context& c, const std::vector<z3::expr>& facts) {
  smt::Solver s(c);
  for (auto& f : facts) s.add(f);
  return s.check();
}

}  // namespace

TEST(FixedInputs, TheIthInputTakesTheIthValueAndNoneBeyondTheLast) {
  TwoInputs t;
  Program fixed = transforms::withFixedInputs(t.p, {"5", "7"});
  EXPECT_NO_THROW(fixed.validate());
  z3::context& c = fixed.ctx();
  const Variable& counter = fixed.var(static_cast<VarId>(fixed.numVars() - 1));
  EXPECT_EQ(counter.name, "witness::inputs_consumed");
  // The new entry sets the count to 0 and leads to the old entry.
  const Procedure& main = fixed.proc(fixed.mainProc());
  ASSERT_EQ(fixed.loc(main.entry).out.size(), 1u);
  const Edge& start = fixed.edge(fixed.loc(main.entry).out[0]);
  EXPECT_EQ(check(c, {start.formula, counter.next != 0}), smt::SatResult::Unsat);
  EdgeId first = t.p.loc(t.p.proc(t.p.mainProc()).entry).out[0];
  EdgeId second = t.p.loc(t.p.edge(first).to).out[0];
  const Edge& e1 = fixed.edge(first);
  const Edge& e2 = fixed.edge(second);
  z3::expr x = fixed.var(t.x).next, y = fixed.var(t.y).next;
  // First input: 5 exactly, and the count goes up by one.
  EXPECT_EQ(check(c, {e1.formula, counter.cur == 0}), smt::SatResult::Sat);
  EXPECT_EQ(check(c, {e1.formula, counter.cur == 0, x != 5}), smt::SatResult::Unsat);
  EXPECT_EQ(check(c, {e1.formula, counter.cur == 0, counter.next != 1}), smt::SatResult::Unsat);
  // Second input: 7; a third would have no value.
  EXPECT_EQ(check(c, {e2.formula, counter.cur == 1, y != 7}), smt::SatResult::Unsat);
  EXPECT_EQ(check(c, {e2.formula, counter.cur == 1}), smt::SatResult::Sat);
  EXPECT_EQ(check(c, {e2.formula, counter.cur == 2}), smt::SatResult::Unsat);
}

TEST(FixedInputs, RefusesNondetPointers) {
  ValueType pointer;
  pointer.pointer = true;
  TwoInputs t(pointer);
  EXPECT_THROW(transforms::withFixedInputs(t.p, {"4096", "0"}), UnsupportedError);
}
