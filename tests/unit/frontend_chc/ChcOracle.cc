// Oracles for the CHC certificate tests.
#include "ChcOracle.h"

#include "smt/Terms.h"

using namespace argus;

namespace chctest {

std::optional<chc::ChcModel> z3Model(const chc::ChcSystem& sys, unsigned timeoutMs) {
  z3::context& ctx = *sys.ctx;
  z3::solver s(ctx, "HORN");
  z3::params p(ctx);
  p.set("timeout", timeoutMs);
  s.set(p);
  for (auto& c : sys.clauses) {
    std::vector<z3::expr> body{c.constraint};
    for (auto& app : c.body) body.push_back(sys.apply(app.pred, app.args));
    z3::expr head = c.head ? sys.apply(c.head->pred, c.head->args) : ctx.bool_val(false);
    z3::expr clause = z3::implies(smt::mkAnd(ctx, body), head);
    if (c.vars.empty()) {
      s.add(clause);
      continue;
    }
    z3::expr_vector vars(ctx);
    for (auto& v : c.vars) vars.push_back(v);
    s.add(z3::forall(vars, clause));
  }
  if (s.check() != z3::sat) return std::nullopt;
  z3::model m = s.get_model();
  chc::ChcModel model = chc::ChcModel::empty(sys);
  for (auto& pred : sys.preds) {
    if (pred.arity() == 0) {
      model.interp[pred.id] = m.has_interp(pred.decl) ? m.get_const_interp(pred.decl) : ctx.bool_val(false);
      continue;
    }
    if (!m.has_interp(pred.decl)) continue;  // false
    z3::expr body = m.get_func_interp(pred.decl).else_value();
    z3::expr_vector formals(ctx);
    for (auto& f : model.formals[pred.id]) formals.push_back(f);
    model.interp[pred.id] = body.substitute(formals);  // Var(i) is argument i
  }
  return model;
}

ir::Certificate certificateOf(const chc::ChcProgram& cp, const chc::ChcModel& model) {
  const ir::Program& p = *cp.program;
  ir::Certificate cert;
  cert.context = p.sharedCtx();
  for (size_t pred = 0; pred < model.interp.size(); ++pred) {
    std::vector<z3::expr> vars;
    for (ir::VarId v : cp.encoding.predVars[pred]) vars.push_back(p.var(v).cur);
    z3::expr inv = smt::substitute(model.interp[pred], model.formals[pred], vars);
    if (cp.encoding.linear)
      cert.invariants.emplace(cp.encoding.predLoc[pred], inv);
    else
      cert.contracts.emplace(cp.encoding.predProc[pred], ir::Contract{p.ctx().bool_val(true), inv});
  }
  return cert;
}

std::optional<ir::Trace> bmcTrace(const chc::ChcProgram& cp, unsigned maxDepth) {
  const ir::Program& p = *cp.program;
  z3::context& ctx = p.ctx();
  const ir::Procedure& main = p.proc(p.mainProc());
  std::vector<ir::VarId> scope = p.scope(main.id);
  z3::solver s(ctx);
  auto state = [&](unsigned k) {
    std::vector<z3::expr> out;
    for (ir::VarId v : scope) out.push_back(ctx.constant((p.var(v).name + "@" + std::to_string(k)).c_str(), p.var(v).cur.get_sort()));
    return out;
  };
  auto pc = [&](unsigned k) { return ctx.int_const(("pc@" + std::to_string(k)).c_str()); };
  auto sel = [&](unsigned k) { return ctx.int_const(("sel@" + std::to_string(k)).c_str()); };
  s.add(pc(0) == static_cast<int>(main.entry));
  for (unsigned k = 0; k < maxDepth; ++k) {
    std::vector<z3::expr> now = state(k), next = state(k + 1), choices;
    for (ir::EdgeId id : main.edges) {
      const ir::Edge& e = p.edge(id);
      std::vector<z3::expr> from, to;
      std::vector<z3::expr> frame;
      for (size_t i = 0; i < scope.size(); ++i) {
        from.push_back(p.var(scope[i]).cur);
        to.push_back(now[i]);
        bool written = std::find(e.writes.begin(), e.writes.end(), scope[i]) != e.writes.end();
        from.push_back(p.var(scope[i]).next);
        to.push_back(next[i]);
        if (!written) frame.push_back(next[i] == now[i]);
      }
      for (auto& a : e.aux) {
        from.push_back(a);
        to.push_back(smt::freshConst(ctx, "aux", a.get_sort()));
      }
      frame.push_back(smt::substitute(e.formula, from, to));
      choices.push_back(pc(k) == static_cast<int>(e.from) && pc(k + 1) == static_cast<int>(e.to) &&
                        sel(k) == static_cast<int>(id) && smt::mkAnd(ctx, frame));
    }
    s.add(smt::mkOr(ctx, choices));
    s.push();
    s.add(pc(k + 1) == static_cast<int>(main.error));
    if (s.check() == z3::sat) {
      z3::model m = s.get_model();
      ir::Trace t;
      for (unsigned i = 0; i <= k; ++i)
        t.steps.push_back(ir::TraceStep{ir::TraceStep::Kind::Edge,
                                        static_cast<ir::EdgeId>(m.eval(sel(i), true).get_numeral_int()), {}, {}});
      return t;
    }
    s.pop();
  }
  return std::nullopt;
}

namespace {

void appendTree(const chc::ChcProgram& cp, const Tree& tree, ir::Trace& t) {
  const ir::Program& p = *cp.program;
  std::vector<ir::EdgeId> calls;
  for (auto& e : p.edges())
    if (e.isCall() && cp.encoding.edgeClause[e.id] == tree.clause) calls.push_back(e.id);
  for (size_t j = 0; j < tree.premises.size() && j < calls.size(); ++j) {
    t.steps.push_back(ir::TraceStep{ir::TraceStep::Kind::Call, calls[j], {}, {}});
    appendTree(cp, tree.premises[j], t);
    t.steps.push_back(ir::TraceStep{ir::TraceStep::Kind::Return, calls[j], {}, {}});
  }
  t.steps.push_back(ir::TraceStep{ir::TraceStep::Kind::Edge, cp.encoding.clauseEdge[tree.clause], {}, {}});
}

}  // namespace

ir::Trace traceOfTree(const chc::ChcProgram& cp, const Tree& tree) {
  ir::Trace t;
  appendTree(cp, tree, t);
  return t;
}

}  // namespace chctest
