// Builds the step views of a trace from the program's edges and the checker's values.
#include "report/TraceView.h"

#include "report/ValueText.h"

namespace argus::report {
namespace {

std::vector<ValueView> viewValues(const ir::Program& program,
                                  const std::vector<std::pair<ir::VarId, z3::expr>>& values) {
  std::vector<ValueView> out;
  for (auto& [id, value] : values) {
    const ir::Variable& var = program.var(id);
    out.push_back({displayName(var), valueText(value, var.type), var.isTemporary()});
  }
  return out;
}

std::vector<InputView> viewInputs(const ir::Edge& edge, const std::vector<z3::expr>& inputs) {
  std::vector<InputView> out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    ir::NondetInput declared = i < edge.inputs.size() ? edge.inputs[i] : ir::NondetInput{inputs[i], "", {}};
    out.push_back({declared.function, valueText(inputs[i], declared.type)});
  }
  return out;
}

const char* kindName(ir::TraceStep::Kind kind) {
  switch (kind) {
    case ir::TraceStep::Kind::Edge:
      return "edge";
    case ir::TraceStep::Kind::Call:
      return "call";
    case ir::TraceStep::Kind::Return:
      return "return";
  }
  return "?";
}

}  // namespace

std::vector<StepView> viewSteps(const ir::Program& program, const ir::Trace& trace) {
  std::vector<StepView> out;
  for (const ir::TraceStep& step : trace.steps) {
    const ir::Edge& edge = program.edge(step.edge);
    StepView view;
    view.kind = kindName(step.kind);
    view.edge = step.edge;
    view.location = edge.loc.str();
    view.label = edge.label;
    // Call and return steps name the call edge, which belongs to the caller.
    view.function = program.proc(edge.proc).name;
    if (edge.isCall()) view.callee = program.proc(edge.callee).name;
    view.values = viewValues(program, step.values);
    view.inputs = viewInputs(edge, step.inputs);
    view.reachesError = step.kind == ir::TraceStep::Kind::Edge && program.isErrorLoc(edge.to);
    out.push_back(std::move(view));
  }
  return out;
}

std::vector<ValueView> viewInitial(const ir::Program& program, const ir::Trace& trace) {
  return viewValues(program, trace.initial);
}

}  // namespace argus::report
