// The counterexample as text for stdout after "Verdict: FALSE(...)": one line per step with file:line,
// function, the C variables the step changed with their new values, and every nondet input it read.
// Every line is indented, so that none can be mistaken for the verdict line.
#pragma once

#include <string>

#include "ir/Evidence.h"
#include "ir/Program.h"
#include "report/TraceView.h"

namespace argus::report {

struct TraceTextOptions {
  /// -v -v: every step, edge labels, compiler temporaries and the initial values. Otherwise a step is
  /// shown when it changes a C variable, reads an input, calls or returns, reaches the error, or moves
  /// to another source line.
  bool detailed = false;
};

/// What a step line says after location and function ("call f(a = 1)", "x = 2  input f() = 2", "error
/// reached"); with `detailed`, also the edge's label and the compiler's temporaries. The HTML report says
/// the same at its steps.
std::string stepEvent(const StepView& step, bool detailed);

std::string traceText(const ir::Program& program, const ir::Trace& trace, const TraceTextOptions& options);

}  // namespace argus::report
