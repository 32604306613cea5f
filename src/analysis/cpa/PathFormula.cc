// Path formulas along ARG paths.
#include "analysis/cpa/PathFormula.h"

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::cpa {

PathFormula pathFormula(const ir::Instantiator& instantiator, ir::ProcId proc, const std::vector<Step>& steps) {
  const ir::Program& program = instantiator.program();
  PathFormula out;
  out.states.push_back(ir::freshState(program, program.scope(proc)));
  for (const Step& step : steps) {
    if (step.kind != ir::TraceStep::Kind::Edge) throw UnsupportedError("path formulas of interprocedural paths");
    auto instance = instantiator.transition(step.edge, out.states.back());
    out.parts.push_back(instance.formula);
    out.states.push_back(std::move(instance.post));
  }
  return out;
}

std::vector<Step> stepsOf(const std::vector<Arg::PathStep>& path) {
  std::vector<Step> out;
  for (auto& s : path) out.push_back(s.step);
  return out;
}

z3::expr atCurrent(const ir::Program& program, const z3::expr& e, const ir::State& state,
                   const std::vector<ir::VarId>& vars) {
  smt::Substitution back(program.ctx());
  for (ir::VarId v : vars) back.add(state[v], program.var(v).cur);
  return back.apply(e);
}

ir::Trace traceOf(const std::vector<Step>& steps) {
  ir::Trace trace;
  for (const Step& s : steps) trace.steps.push_back(ir::TraceStep{s.kind, s.edge, {}, {}});
  return trace;
}

}  // namespace argus::cpa
