// Small independent checks of engine evidence on single-procedure programs without calls, written for
// the tests (certify/ is the real judge): a k=1 invariant map that covers every location but entry, exit
// and error is inductive edge by edge; a trace is a connected path from the entry to the error location
// whose path formula is satisfiable.
#pragma once

#include <string>

#include "ir/Evidence.h"
#include "ir/Instantiate.h"
#include "smt/Solver.h"

namespace argus::testing {

using namespace argus::ir;

inline z3::expr invariantAt(const Program& p, const Certificate& c, LocId l) {
  const Procedure& proc = p.proc(p.mainProc());
  if (l == proc.entry || l == proc.exit) return p.ctx().bool_val(true);
  if (l == proc.error) return p.ctx().bool_val(false);
  auto it = c.invariants.find(l);
  return it == c.invariants.end() ? p.ctx().bool_val(false) : it->second;
}

/// Empty when every edge preserves the invariants; otherwise names the first edge that does not.
inline std::string inductivenessViolation(const Program& p, const Certificate& c) {
  const Procedure& proc = p.proc(p.mainProc());
  for (LocId l : proc.locations)
    if (l != proc.entry && l != proc.exit && l != proc.error && !c.invariants.count(l))
      return "no invariant at " + p.loc(l).name;
  std::vector<VarId> scope = p.scope(p.mainProc());
  Instantiator inst(p);
  for (auto& e : p.edges()) {
    auto step = inst.transition(e.id, currentState(p, scope));
    z3::expr post = evaluateAt(p, invariantAt(p, c, e.to), scope, step.post);
    if (smt::checkSat(p.ctx(), {invariantAt(p, c, e.from), step.formula, !post}) != smt::SatResult::Unsat)
      return "edge " + std::to_string(e.id) + " (" + e.label + ") breaks the invariants";
  }
  return "";
}

inline bool traceFeasible(const Program& p, const Trace& t) {
  Instantiator inst(p);
  State s = freshState(p, p.scope(p.mainProc()));
  LocId at = p.proc(p.mainProc()).entry;
  std::vector<z3::expr> parts;
  for (auto& step : t.steps) {
    if (step.kind != TraceStep::Kind::Edge || p.edge(step.edge).from != at) return false;
    auto i = inst.transition(step.edge, s);
    parts.push_back(i.formula);
    s = i.post;
    at = p.edge(step.edge).to;
  }
  return p.isErrorLoc(at) && smt::checkSat(p.ctx(), parts) == smt::SatResult::Sat;
}

}  // namespace argus::testing
