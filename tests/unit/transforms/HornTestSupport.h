// Test helpers for the CHC view (ir/Horn.h): solving a system with Z3's Spacer for a model, and building
// a derivation of a given shape (which clause derives which body application) by solving the shape's
// clause instances together. Shared by the transforms and certify tests of transforms/HornEncoding.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "certify/ProgramFixtures.h"
#include "ir/Horn.h"
#include "smt/Terms.h"

namespace argus::testing::hornsupport {

using namespace argus::ir::horn;

inline z3::func_decl declOf(const System& sys, PredId pred) {
  z3::context& ctx = sys.context();
  z3::sort_vector domain(ctx);
  for (auto& p : sys.preds[pred].params) domain.push_back(p.get_sort());
  return ctx.function(sys.preds[pred].name.c_str(), domain, ctx.bool_sort());
}

inline z3::expr applyPred(const System& sys, PredId pred, const std::vector<z3::expr>& args) {
  z3::expr_vector v(sys.context());
  for (auto& a : args) v.push_back(a);
  return declOf(sys, pred)(v);
}

/// Z3's Spacer on the system: a model (interpretations over the predicates' params) when sat.
inline std::optional<Model> spacerModel(const System& sys, z3::check_result* answer = nullptr,
                                        unsigned timeoutMs = 30000) {
  z3::context& ctx = sys.context();
  z3::solver s(ctx, "HORN");
  z3::params p(ctx);
  p.set("timeout", timeoutMs);
  s.set(p);
  for (auto& c : sys.clauses) {
    std::vector<z3::expr> body{c.constraint};
    for (auto& app : c.body) body.push_back(applyPred(sys, app.pred, app.args));
    z3::expr head = c.isQuery() ? ctx.bool_val(false) : applyPred(sys, c.head, c.headArgs);
    z3::expr clause = z3::implies(smt::mkAnd(ctx, body), head);
    if (c.vars.empty()) {
      s.add(clause);
      continue;
    }
    z3::expr_vector vars(ctx);
    for (auto& v : c.vars) vars.push_back(v);
    s.add(z3::forall(vars, clause));
  }
  z3::check_result r = s.check();
  if (answer) *answer = r;
  if (r != z3::sat) return std::nullopt;
  z3::model m = s.get_model();
  Model model;
  for (auto& pred : sys.preds) {
    z3::func_decl d = declOf(sys, pred.id);
    if (pred.arity() == 0) {
      model.interp.push_back(m.has_interp(d) ? m.get_const_interp(d) : ctx.bool_val(false));
      continue;
    }
    if (!m.has_interp(d)) {
      model.interp.push_back(ctx.bool_val(false));
      continue;
    }
    z3::expr_vector formals(ctx);
    for (auto& f : pred.params) formals.push_back(f);
    model.interp.push_back(m.get_func_interp(d).else_value().substitute(formals));  // Var(i) is param i
  }
  return model;
}

/// The first predicate whose name starts with `prefix`.
inline PredId predNamed(const System& sys, const std::string& prefix) {
  for (auto& p : sys.preds)
    if (p.name.rfind(prefix, 0) == 0) return p.id;
  ADD_FAILURE() << "no predicate " << prefix;
  return 0;
}

/// The clause with head `head` (a name prefix, or "false" for the query) and exactly the body
/// predicates `body` (prefixes, in order) whose origin contains `originPart`.
inline uint32_t clauseOf(const System& sys, const std::string& head, const std::vector<std::string>& body,
                         const std::string& originPart = "") {
  auto named = [&](PredId p, const std::string& prefix) {
    return p == kFalse ? prefix == "false" : sys.preds[p].name.rfind(prefix, 0) == 0;
  };
  for (uint32_t i = 0; i < sys.clauses.size(); ++i) {
    const Clause& c = sys.clauses[i];
    if (!named(c.head, head) || c.body.size() != body.size()) continue;
    bool ok = c.origin.find(originPart) != std::string::npos;
    for (size_t j = 0; ok && j < body.size(); ++j) ok = named(c.body[j].pred, body[j]);
    if (ok) return i;
  }
  ADD_FAILURE() << "no clause " << head << " <- " << body.size() << " applications (" << originPart << ")";
  return 0;
}

struct Shape {
  uint32_t clause;
  std::vector<Shape> children;
};

/// A derivation of the given shape, values from one solver call over all its clause instances (each
/// instance with its own renamed variables); nullopt if the shape has no instance.
inline std::optional<Derivation> solveShape(const System& sys, const Shape& root) {
  z3::context& ctx = sys.context();
  z3::solver s(ctx);
  Derivation d;
  std::vector<std::vector<z3::expr>> renamed;  // per node: its clause's vars, renamed
  std::function<size_t(const Shape&)> add = [&](const Shape& shape) -> size_t {
    const Clause& c = sys.clauses[shape.clause];
    std::vector<size_t> children;
    for (auto& ch : shape.children) children.push_back(add(ch));
    std::vector<z3::expr> vars;
    for (auto& v : c.vars) vars.push_back(smt::freshConst(ctx, v.decl().name().str(), v.get_sort()));
    auto rename = [&](const z3::expr& e) { return smt::substitute(e, c.vars, vars); };
    s.add(rename(c.constraint));
    for (size_t j = 0; j < c.body.size() && j < children.size(); ++j) {
      const Clause& cc = sys.clauses[d.nodes[children[j]].clause];
      for (size_t k = 0; k < c.body[j].args.size(); ++k)
        s.add(rename(c.body[j].args[k]) == smt::substitute(cc.headArgs[k], cc.vars, renamed[children[j]]));
    }
    d.nodes.push_back({shape.clause, children, {}});
    renamed.push_back(vars);
    return d.nodes.size() - 1;
  };
  add(root);
  if (s.check() != z3::sat) return std::nullopt;
  z3::model m = s.get_model();
  for (size_t i = 0; i < d.nodes.size(); ++i)
    for (auto& v : renamed[i]) d.nodes[i].values.push_back(m.eval(v, true));
  return d;
}

// ---------------------------------------------------------------- programs

/// Global g; inc(a) { g := g + 1; r := a + 1 }; main: g := 0; i := 0; while (i < 10) i := inc(i);
/// error if i != 10 or g != 10.  Safe: a loop (invariant g = i <= 10) around a call that changes a global.
struct LoopCall : Fixture {
  ir::ProcId inc;
  ir::VarId g, a, r, i;
  ir::LocId head, body, after;
  LoopCall() {
    g = p.addGlobal("g", c.int_sort(), "g");
    inc = p.addProcedureWithFrame("inc");
    a = local(inc, "a", ir::VarRole::Param);
    r = local(inc, "r", ir::VarRole::Result);
    ir::addAssign(p, p.proc(inc).entry, p.proc(inc).exit, {{g, cur(g) + 1}, {r, cur(a) + 1}});
    i = local("i");
    head = loc("head"), body = loc("body"), after = loc("after");
    ir::addAssign(p, entry, head, {{g, num(0)}, {i, num(0)}});
    branch(head, cur(i) < 10, body, after);
    p.addCall(body, head, inc, {cur(i)}, {i});
    branch(after, cur(i) != 10 || cur(g) != 10, error, exit);
  }
};

/// inc(a) { if (a == 7) error; r := a + 1 }; main: x := nondet; y := inc(x); error if y == 5.
/// Unsafe twice: x = 4 (error in main after the call returns), x = 7 (error inside inc).
struct UnsafeCall : Fixture {
  ir::ProcId inc;
  ir::VarId a, r, x, y;
  ir::EdgeId input, call, incBad, incOk, incRet, toError, toExit;
  UnsafeCall() {
    inc = p.addProcedureWithFrame("inc");
    a = local(inc, "a", ir::VarRole::Param);
    r = local(inc, "r", ir::VarRole::Result);
    ir::LocId mid = loc("mid", inc);
    incBad = assume(p.proc(inc).entry, p.proc(inc).error, cur(a) == 7);
    incOk = assume(p.proc(inc).entry, mid, cur(a) != 7);
    incRet = assign(mid, p.proc(inc).exit, r, cur(a) + 1);
    x = local("x");
    y = local("y");
    ir::LocId l1 = loc("l1"), l2 = loc("l2");
    input = nondet(entry, l1, x);
    call = p.addCall(l1, l2, inc, {cur(x)}, {y});
    toError = assume(l2, error, cur(y) == 5);
    toExit = assume(l2, exit, cur(y) != 5);
  }
};

/// x := 0; `n` diamonds in sequence, each x := x + 1 or x := x + 2; error if x < n.  Safe, 2^n paths.
struct Diamonds : Fixture {
  ir::VarId x = local("x");
  explicit Diamonds(int n) {
    ir::LocId at = loc("d0");
    assign(entry, at, x, num(0));
    for (int k = 0; k < n; ++k) {
      ir::LocId next = loc("d" + std::to_string(k + 1));
      assign(at, next, x, cur(x) + 1);
      assign(at, next, x, cur(x) + 2);
      at = next;
    }
    branch(at, cur(x) < n, error, exit);
  }
};

}  // namespace argus::testing::hornsupport
