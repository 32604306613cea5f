// Base case and forward condition queries.
#include "engines/kind/BaseCase.h"

namespace argus::engines::kind {

BaseCase::BaseCase(const transforms::StepEncoder& encoder, smt::SolverConfig config)
    : unrolling_(encoder, std::move(config)) {
  unrolling_.solver().add(encoder.pcAt(unrolling_.pc(0), encoder.system().entry()));
}

smt::SatResult BaseCase::errorWithin(unsigned k) {
  // The error location stutters, so "at the error after k steps" means "within k steps".
  unrolling_.extendTo(k);
  const auto& enc = unrolling_.encoder();
  return unrolling_.checkGoal(enc.pcAt(unrolling_.pc(k), enc.system().error()));
}

smt::SatResult BaseCase::runsLongerThan(unsigned k) {
  // A state that is neither at exit nor at error after k steps must take a real (k+1)-st step.
  unrolling_.extendTo(k + 1);
  const auto& enc = unrolling_.encoder();
  const auto& ts = enc.system();
  const z3::expr& pc = unrolling_.pc(k);
  return unrolling_.checkGoal(!enc.pcAt(pc, ts.exit()) && !enc.pcAt(pc, ts.error()));
}

ir::Trace BaseCase::counterexample(unsigned k) const {
  ir::Trace trace;
  trace.context = unrolling_.encoder().system().program().sharedCtx();
  for (ir::EdgeId e : unrolling_.path(k)) trace.steps.push_back({ir::TraceStep::Kind::Edge, e, {}, {}});
  return trace;
}

}  // namespace argus::engines::kind
