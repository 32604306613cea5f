// Hand-built single-procedure programs shared by the block-encoding, CPA and predicate-abstraction
// tests, and a brute-force feasibility check of short paths that the tests compare encodings against.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "ir/Builder.h"
#include "ir/Instantiate.h"
#include "ir/Program.h"
#include "smt/Solver.h"

namespace argus::testing {

using namespace argus::ir;

/// A fresh program with one procedure "main" (entry, exit, error) in its own Z3 context.
inline std::unique_ptr<Program> newMain() {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  p->setMain(p->addProcedureWithFrame("main"));
  return p;
}

inline ProcId mainOf(const Program& p) { return p.mainProc(); }
inline LocId entryOf(const Program& p) { return p.proc(p.mainProc()).entry; }
inline LocId exitOf(const Program& p) { return p.proc(p.mainProc()).exit; }
inline LocId errorOf(const Program& p) { return p.proc(p.mainProc()).error; }

inline VarId intVar(Program& p, const std::string& name) {
  return p.addVariable(p.mainProc(), VarRole::Local, "main::" + name, p.ctx().int_sort(), name);
}

/// x := nondet; if (x > 0) y := 1 else y := 2; if (y == bad) error else exit.
/// Safe for bad = 0, unsafe for bad = 2.
inline std::unique_ptr<Program> diamond(int bad) {
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId x = intVar(*p, "x"), y = intVar(*p, "y");
  LocId a = p->addLocation(0, "a"), b = p->addLocation(0, "b"), d = p->addLocation(0, "d"),
        j = p->addLocation(0, "j");
  SourceLoc at{"diamond.c", 1, 0};
  addNondet(*p, entryOf(*p), a, x, c.bool_val(true), "__VERIFIER_nondet_int", at);
  addAssume(*p, a, b, p->var(x).cur > 0);
  addAssume(*p, a, d, p->var(x).cur <= 0);
  addAssign(*p, b, j, {{y, c.int_val(1)}});
  addAssign(*p, d, j, {{y, c.int_val(2)}});
  addAssume(*p, j, errorOf(*p), p->var(y).cur == bad, {"diamond.c", 5, 0});
  addAssume(*p, j, exitOf(*p), p->var(y).cur != bad);
  return p;
}

/// x := 0; y := 0; z := 1; while (*) { z := z + x + y; y := y + 1; if (z % 2 == 1) x := x + 1; }
/// error if x != y (hola/02's loop without w). Safe: x = y holds because z stays odd, which reasoning over
/// the rationals cannot show (the path that skips x := x + 1 stays feasible for it).
struct ParityLoop {
  std::unique_ptr<Program> program;
  VarId x, y, z;
};

inline ParityLoop parityLoop() {
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId x = intVar(*p, "x"), y = intVar(*p, "y"), z = intVar(*p, "z");
  LocId h = p->addLocation(0, "h"), m = p->addLocation(0, "m"), odd = p->addLocation(0, "odd"),
        b = p->addLocation(0, "b");
  auto cur = [&](VarId v) { return p->var(v).cur; };
  addAssign(*p, entryOf(*p), h, {{x, c.int_val(0)}, {y, c.int_val(0)}, {z, c.int_val(1)}});
  addAssign(*p, h, m, {{z, cur(z) + cur(x) + cur(y)}, {y, cur(y) + 1}});
  addAssume(*p, m, odd, z3::mod(cur(z), 2) == 1);
  addAssign(*p, odd, h, {{x, cur(x) + 1}});
  addAssume(*p, m, h, z3::mod(cur(z), 2) != 1);
  addAssume(*p, h, b, c.bool_val(true));
  addAssume(*p, b, errorOf(*p), cur(x) != cur(y));
  addAssume(*p, b, exitOf(*p), cur(x) == cur(y));
  return {std::move(p), x, y, z};
}

/// i := 0; n := nondet (n >= 0); while (i < n) i := i + step; if (i != n) error.
/// Safe for step = 1 (needs the invariant i <= n), unsafe for step = 2.
inline std::unique_ptr<Program> countUp(int step) {
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId i = intVar(*p, "i"), n = intVar(*p, "n");
  LocId a = p->addLocation(0, "a"), head = p->addLocation(0, "head"), body = p->addLocation(0, "body"),
        done = p->addLocation(0, "done");
  addAssign(*p, entryOf(*p), a, {{i, c.int_val(0)}});
  addNondet(*p, a, head, n, p->var(n).next >= 0, "__VERIFIER_nondet_int");
  addAssume(*p, head, body, p->var(i).cur < p->var(n).cur);
  addAssign(*p, body, head, {{i, p->var(i).cur + step}});
  addAssume(*p, head, done, p->var(i).cur >= p->var(n).cur);
  addAssume(*p, done, errorOf(*p), p->var(i).cur != p->var(n).cur);
  addAssume(*p, done, exitOf(*p), p->var(i).cur == p->var(n).cur);
  return p;
}

/// The lock pattern of the FMCAD 2009 experiments with `locks` locks: p_k := nondet; loop { if (nondet
/// == 0) break; lk_k := 0; if (p_k) lk_k := 1; ...; if (p_k) { if (lk_k != 1) error; lk_k := 0 } ... }.
/// `bug` makes the last unlock check fail when its lock was never taken.
inline std::unique_ptr<Program> locks(int count, bool bug = false) {
  auto p = newMain();
  z3::context& c = p->ctx();
  std::vector<VarId> ps, lks;
  for (int k = 0; k < count; ++k) {
    ps.push_back(intVar(*p, "p" + std::to_string(k)));
    lks.push_back(intVar(*p, "lk" + std::to_string(k)));
  }
  VarId cond = intVar(*p, "cond");
  LocId at = entryOf(*p);
  auto next = [&](const std::string& name) { return p->addLocation(0, name); };
  for (int k = 0; k < count; ++k) {
    LocId to = next("init" + std::to_string(k));
    addNondet(*p, at, to, ps[k], c.bool_val(true), "__VERIFIER_nondet_int");
    at = to;
  }
  LocId head = at, checked = next("checked");
  addNondet(*p, head, checked, cond, c.bool_val(true), "__VERIFIER_nondet_int");
  addAssume(*p, checked, exitOf(*p), p->var(cond).cur == 0);
  at = next("body");
  addAssume(*p, checked, at, p->var(cond).cur != 0);
  for (int k = 0; k < count; ++k) {
    LocId to = next("open" + std::to_string(k));
    addAssign(*p, at, to, {{lks[k], c.int_val(0)}});
    at = to;
  }
  for (int k = 0; k < count; ++k) {  // lock phase: if (p_k != 0) lk_k := 1
    LocId take = next("take" + std::to_string(k)), joined = next("locked" + std::to_string(k));
    addAssume(*p, at, take, p->var(ps[k]).cur != 0);
    addAssume(*p, at, joined, p->var(ps[k]).cur == 0);
    addAssign(*p, take, joined, {{lks[k], c.int_val(1)}});
    at = joined;
  }
  for (int k = 0; k < count; ++k) {  // unlock phase: if (p_k != 0) { if (lk_k != 1) error; lk_k := 0 }
    LocId check = next("check" + std::to_string(k)), release = next("release" + std::to_string(k)),
          joined = next("unlocked" + std::to_string(k));
    z3::expr taken = bug && k == count - 1 ? p->var(ps[k]).cur == 0 : p->var(ps[k]).cur != 0;
    addAssume(*p, at, check, taken);
    addAssume(*p, at, joined, !taken);
    addAssume(*p, check, errorOf(*p), p->var(lks[k]).cur != 1, {"locks.c", 60 + k, 0});
    addAssume(*p, check, release, p->var(lks[k]).cur == 1);
    addAssign(*p, release, joined, {{lks[k], c.int_val(0)}});
    at = joined;
  }
  addAssume(*p, at, head, c.bool_val(true));
  return p;
}

/// Adds the procedure inc(a) { r := a + 1 } and returns it.
inline ProcId addInc(Program& p) {
  z3::context& c = p.ctx();
  ProcId inc = p.addProcedureWithFrame("inc");
  VarId a = p.addVariable(inc, VarRole::Param, "inc::a", c.int_sort());
  VarId res = p.addVariable(inc, VarRole::Result, "inc::r", c.int_sort());
  addAssign(p, p.proc(inc).entry, p.proc(inc).exit, {{res, p.var(a).cur + 1}});
  return inc;
}

/// x := inc(4) where inc(a) returns a + 1; if (x == bad) error else exit. Unsafe for bad = 5 only.
inline std::unique_ptr<Program> callInc(int bad) {
  auto p = newMain();
  z3::context& c = p->ctx();
  ProcId inc = addInc(*p);
  VarId x = intVar(*p, "x");
  LocId l1 = p->addLocation(0, "l1");
  p->addCall(entryOf(*p), l1, inc, {c.int_val(4)}, {x});
  addAssume(*p, l1, errorOf(*p), p->var(x).cur == bad);
  addAssume(*p, l1, exitOf(*p), p->var(x).cur != bad);
  return p;
}

/// callInc's program with a recursive call added to inc.
inline std::unique_ptr<Program> callIncRecursively() {
  auto p = callInc(4);
  ProcId inc = p->findProc("inc");
  p->addCall(p->proc(inc).entry, p->proc(inc).exit, inc, {p->var(p->proc(inc).params[0]).cur}, {p->proc(inc).results[0]});
  return p;
}

/// Is some path of at most `maxEdges` edges from the entry to `target` feasible? (Brute force.)
inline bool feasiblePathTo(const Program& p, LocId target, size_t maxEdges = 12) {
  Instantiator inst(p);
  std::vector<z3::expr> path;
  std::function<bool(LocId, const State&)> dfs = [&](LocId l, const State& s) {
    if (l == target && smt::checkSat(p.ctx(), path) == smt::SatResult::Sat) return true;
    if (path.size() == maxEdges) return false;
    for (EdgeId e : p.loc(l).out) {
      auto step = inst.transition(e, s);
      path.push_back(step.formula);
      bool found = dfs(p.edge(e).to, step.post);
      path.pop_back();
      if (found) return true;
    }
    return false;
  };
  return dfs(entryOf(p), freshState(p, p.scope(p.mainProc())));
}

}  // namespace argus::testing
