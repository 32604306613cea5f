// The one place certify calls the C front end's native replay: the trace's nondet inputs, in order and
// as C values, are fed to the compiled program, which must reach the error function. A run that ends
// without it refutes the trace; one that cannot be built or does not end in time decides nothing.
#include "certify/Checks.h"
#include "frontend/c/Replay.h"

namespace argus::certify {

CheckOutcome replayTrace(const ir::Program& program, ir::Trace& trace, const CertifyOptions& options) {
  trace.replayed = false;
  const ir::Origin& origin = program.origin();
  if (origin.language != ir::Language::C)
    return CheckOutcome::undecided(trace.replayDetail = "native replay needs a C program");
  if (!trace.pathChecked)
    return CheckOutcome::undecided(trace.replayDetail = "the trace's path was not checked, nothing to replay");
  frontend::ReplaySpec spec;
  spec.cFile = origin.file;
  spec.errorFunction = origin.errorFunction;
  spec.ilp32 = origin.ilp32;
  spec.timeoutSeconds = options.replayTimeout;
  for (const ir::TraceStep& step : trace.steps) {
    const auto& declared = program.edge(step.edge).inputs;
    for (size_t i = 0; i < step.inputs.size(); ++i)
      spec.inputs.push_back({declared[i].function, cValueText(step.inputs[i], declared[i].type)});
  }
  frontend::ReplayOutcome outcome = frontend::replayNatively(spec);
  trace.replayed = outcome.reachedError;
  trace.replayDetail = outcome.detail;
  if (outcome.reachedError) return CheckOutcome::accept(outcome.detail);
  // A native run that ended without the error contradicts the trace; one that never ran to an end
  // (build failure, time limit) tells nothing.
  return outcome.contradicted ? CheckOutcome::refute(outcome.detail) : CheckOutcome::undecided(outcome.detail);
}

}  // namespace argus::certify
