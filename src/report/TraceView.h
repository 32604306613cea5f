// A readable view of one counterexample step (where, in which function, what changed, which inputs were
// read), computed once and then written as text (TraceText) or JSON (ResultJson).
#pragma once

#include <string>
#include <vector>

#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::report {

struct ValueView {
  std::string name;   // source name, or the IR name of a temporary
  std::string value;  // in the variable's C reading (see ValueText.h)
  bool temporary = false;
};

struct InputView {
  std::string function;  // "__VERIFIER_nondet_int", or empty (e.g. a CHC clause variable)
  std::string value;
};

struct StepView {
  std::string kind;      // "edge", "call" or "return"
  std::string location;  // "file:line", or "" when unknown
  std::string function;  // the procedure the step executes in
  std::string label;     // the front end's text for the edge
  std::string callee;    // call/return: the called procedure
  std::vector<ValueView> values;
  std::vector<InputView> inputs;
  bool reachesError = false;
  ir::EdgeId edge = ir::kNone;  // the program's edge (the call edge for call and return steps)
};

std::vector<StepView> viewSteps(const ir::Program& program, const ir::Trace& trace);
/// Values at main's entry of the variables the trace reads.
std::vector<ValueView> viewInitial(const ir::Program& program, const ir::Trace& trace);

}  // namespace argus::report
