// Hand-built IR programs shared by the certify and BMC unit tests: small loops, procedures, recursion,
// globals, nondet inputs and unsupported edges, each with the ids the tests need to build evidence.
#pragma once

#include <memory>
#include <string>

#include "ir/Builder.h"
#include "ir/Program.h"

namespace argus::testing {

/// A program under construction: one context, main with its frame, helpers for the common shapes.
struct Fixture {
  std::shared_ptr<z3::context> ctx = std::make_shared<z3::context>();
  std::unique_ptr<ir::Program> prog = std::make_unique<ir::Program>(ctx);
  ir::Program& p = *prog;
  z3::context& c = *ctx;
  ir::ProcId main;
  ir::LocId entry, exit, error;

  Fixture() {
    main = p.addProcedureWithFrame("main");
    p.setMain(main);
    entry = p.proc(main).entry;
    exit = p.proc(main).exit;
    error = p.proc(main).error;
  }
  ir::VarId local(ir::ProcId proc, const std::string& name, ir::VarRole role = ir::VarRole::Local) {
    return p.addVariable(proc, role, p.proc(proc).name + "::" + name, c.int_sort(), name);
  }
  ir::VarId local(const std::string& name) { return local(main, name); }
  ir::LocId loc(const std::string& name, ir::ProcId proc = ir::kNone) {
    return p.addLocation(proc == ir::kNone ? main : proc, name);
  }
  z3::expr cur(ir::VarId v) const { return p.var(v).cur; }
  z3::expr num(int n) const { return c.int_val(n); }
  ir::EdgeId assign(ir::LocId from, ir::LocId to, ir::VarId v, const z3::expr& e) {
    return ir::addAssign(p, from, to, {{v, e}});
  }
  ir::EdgeId assume(ir::LocId from, ir::LocId to, const z3::expr& cond) { return ir::addAssume(p, from, to, cond); }
  ir::EdgeId nondet(ir::LocId from, ir::LocId to, ir::VarId v) {
    return ir::addNondet(p, from, to, v, c.bool_val(true), "__VERIFIER_nondet_int");
  }
  /// if (cond) goto thenLoc else goto elseLoc
  void branch(ir::LocId from, const z3::expr& cond, ir::LocId thenLoc, ir::LocId elseLoc) {
    assume(from, thenLoc, cond);
    assume(from, elseLoc, !cond);
  }
};

/// x := nondet; y := x > 5 ? x : 5; error if y < 5.  Safe, loop-free.
struct MaxProgram : Fixture {
  ir::VarId x = local("x"), y = local("y");
  MaxProgram() {
    ir::LocId l1 = loc("l1"), l2 = loc("l2");
    nondet(entry, l1, x);
    assign(l1, l2, y, z3::ite(cur(x) > 5, cur(x), num(5)));
    branch(l2, cur(y) < 5, error, exit);
  }
};

/// x := nondet; y := 2x; error if y == 10.  Unsafe with x = 5.
struct DoubleProgram : Fixture {
  ir::VarId x = local("x"), y = local("y");
  ir::EdgeId input, doubling, toError, toExit;
  DoubleProgram() {
    ir::LocId l1 = loc("l1"), l2 = loc("l2");
    input = nondet(entry, l1, x);
    doubling = assign(l1, l2, y, cur(x) * 2);
    toError = assume(l2, error, cur(y) == 10);
    toExit = assume(l2, exit, cur(y) != 10);
  }
};

/// i := 0; loop: if i == n error; i := i + 1.  The error needs exactly n iterations; never terminates.
struct CountToBug : Fixture {
  ir::VarId i = local("i");
  ir::LocId head = loc("head"), body = loc("body");
  explicit CountToBug(int n) {
    assign(entry, head, i, num(0));
    branch(head, cur(i) == n, error, body);
    assign(body, head, i, cur(i) + 1);
  }
};

/// i := 0; while (i < n) i := i + 1; error if i != n.  Safe; complete at bound n.
struct BoundedLoop : Fixture {
  ir::VarId i = local("i");
  ir::LocId head = loc("head"), body = loc("body"), after = loc("after");
  ir::EdgeId init, enterBody, increment, leave, toError, toExit;
  explicit BoundedLoop(int n) {
    init = assign(entry, head, i, num(0));
    enterBody = assume(head, body, cur(i) < n);
    leave = assume(head, after, !(cur(i) < n));
    increment = assign(body, head, i, cur(i) + 1);
    toError = assume(after, error, cur(i) != n);
    toExit = assume(after, exit, cur(i) == n);
  }
};

/// x := 0; loop forever: x := x + 1; error if x < 0.  Safe, but no bound completes it.
struct EndlessLoop : Fixture {
  ir::VarId x = local("x");
  ir::LocId head = loc("head");
  EndlessLoop() {
    assign(entry, head, x, num(0));
    assign(head, head, x, cur(x) + 1);
    assume(head, error, cur(x) < 0);
  }
};

/// inc(a) returns a + 1; main: x := nondet; y := inc(x); error if `bad(x, y)`.
struct CallProgram : Fixture {
  ir::ProcId inc;
  ir::VarId a, r, x, y;
  ir::LocId afterCall;
  ir::EdgeId call;
  template <typename Bad>
  explicit CallProgram(Bad bad) {
    inc = p.addProcedureWithFrame("inc");
    a = local(inc, "a", ir::VarRole::Param);
    r = local(inc, "r", ir::VarRole::Result);
    assign(p.proc(inc).entry, p.proc(inc).exit, r, cur(a) + 1);
    x = local("x");
    y = local("y");
    ir::LocId l1 = loc("l1");
    afterCall = loc("afterCall");
    nondet(entry, l1, x);
    call = p.addCall(l1, afterCall, inc, {cur(x)}, {y});
    z3::expr isBad = bad(cur(x), cur(y));
    branch(afterCall, isBad, error, exit);
  }
};

/// sum(n) = n <= 0 ? 0 : n + sum(n - 1); main: n := nondet in [0, maxN]; s := sum(n); error if `bad(n, s)`.
/// Recursion depth maxN + 1.
struct SumProgram : Fixture {
  ir::ProcId sum;
  ir::VarId n, res, t, mn, ms;
  template <typename Bad>
  SumProgram(int maxN, Bad bad) {
    sum = p.addProcedureWithFrame("sum");
    n = local(sum, "n", ir::VarRole::Param);
    res = local(sum, "res", ir::VarRole::Result);
    t = local(sum, "t");
    ir::LocId rec = loc("rec", sum), back = loc("back", sum);
    ir::LocId sEntry = p.proc(sum).entry, sExit = p.proc(sum).exit;
    p.addTransition(sEntry, sExit, cur(n) <= 0 && p.var(res).next == 0, {res}, {}, {}, {}, "res := 0");
    assume(sEntry, rec, cur(n) > 0);
    p.addCall(rec, back, sum, {cur(n) - 1}, {t});
    assign(back, sExit, res, cur(n) + cur(t));
    mn = local("n");
    ms = local("s");
    ir::LocId l1 = loc("l1"), l2 = loc("l2"), l3 = loc("l3");
    nondet(entry, l1, mn);
    assume(l1, l2, cur(mn) >= 0 && cur(mn) <= maxN);
    p.addCall(l2, l3, sum, {cur(mn)}, {ms});
    branch(l3, bad(cur(mn), cur(ms)), error, exit);
  }
};

/// Global g; bump() { g := g + 1 }; main: g := 0; bump(); bump(); error if `bad(g)`.
struct GlobalProgram : Fixture {
  ir::VarId g;
  ir::ProcId bump;
  template <typename Bad>
  explicit GlobalProgram(Bad bad) {
    g = p.addGlobal("g", c.int_sort(), "g");
    bump = p.addProcedureWithFrame("bump");
    assign(p.proc(bump).entry, p.proc(bump).exit, g, cur(g) + 1);
    ir::LocId l1 = loc("l1"), l2 = loc("l2"), l3 = loc("l3");
    assign(entry, l1, g, num(0));
    p.addCall(l1, l2, bump, {}, {});
    p.addCall(l2, l3, bump, {}, {});
    branch(l3, bad(cur(g)), error, exit);
  }
};

/// x := nondet; if (`reach(x)`) an unsupported edge ("inline assembly") enters the error location;
/// optionally a real error when x == 42.
struct UnsupportedProgram : Fixture {
  ir::VarId x = local("x");
  ir::EdgeId unsupported;
  template <typename Reach>
  UnsupportedProgram(Reach reach, bool realBug) {
    ir::LocId l1 = loc("l1");
    nondet(entry, l1, x);
    unsupported = assume(l1, error, reach(cur(x)));
    p.mutableEdge(unsupported).unsupported = "inline assembly";
    if (realBug) assume(l1, error, cur(x) == 42);
    assume(l1, exit, c.bool_val(true));
  }
};

}  // namespace argus::testing
