// Trace text: choose the steps worth showing, then lay them out in aligned columns.
#include "report/TraceText.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/TraceView.h"

namespace argus::report {
namespace {

std::string joinValues(const std::vector<ValueView>& values, bool withTemporaries) {
  std::string out;
  for (auto& v : values) {
    if (v.temporary && !withTemporaries) continue;
    out += (out.empty() ? "" : ", ") + v.name + " = " + v.value;
  }
  return out;
}

std::string joinInputs(const std::vector<InputView>& inputs) {
  std::string out;
  for (auto& in : inputs)
    out += (out.empty() ? "input " : ", input ") + (in.function.empty() ? "" : in.function + "() ") + "= " +
           in.value;
  return out;
}

}  // namespace

std::string stepEvent(const StepView& step, bool detailed) {
  std::vector<std::string> parts;
  std::string values = joinValues(step.values, detailed);
  if (step.kind == "call") {
    parts.push_back("call " + step.callee + "(" + values + ")");  // the values are the callee's parameters
    values.clear();
  }
  if (step.kind == "return") parts.push_back("return from " + step.callee);
  if (detailed && !step.label.empty() && step.kind == "edge") parts.push_back("[" + step.label + "]");
  if (!values.empty()) parts.push_back(values);
  if (auto inputs = joinInputs(step.inputs); !inputs.empty()) parts.push_back(inputs);
  if (step.reachesError) parts.push_back("error reached");
  std::string out;
  for (auto& p : parts) out += (out.empty() ? "" : "  ") + p;
  return out;
}

namespace {

struct Line {
  size_t number;
  const StepView* step;
  std::string event;
};

std::vector<Line> chooseLines(const std::vector<StepView>& steps, bool detailed) {
  std::vector<Line> lines;
  std::string lastLocation;
  for (size_t i = 0; i < steps.size(); ++i) {
    std::string event = stepEvent(steps[i], detailed);
    bool movedLine = !steps[i].location.empty() && steps[i].location != lastLocation;
    if (!detailed && event.empty() && !movedLine) continue;
    lastLocation = steps[i].location;
    lines.push_back({i + 1, &steps[i], std::move(event)});
  }
  return lines;
}

}  // namespace

std::string traceText(const ir::Program& program, const ir::Trace& trace, const TraceTextOptions& options) {
  std::vector<StepView> steps = viewSteps(program, trace);
  std::vector<Line> lines = chooseLines(steps, options.detailed);
  size_t locWidth = 1, funWidth = 1, numWidth = std::to_string(steps.size()).size();
  for (auto& l : lines) {
    locWidth = std::max(locWidth, l.step->location.size());
    funWidth = std::max(funWidth, l.step->function.size());
  }
  std::string out = fmt::format("Counterexample ({} steps):\n", steps.size());
  if (options.detailed) {
    std::string initial = joinValues(viewInitial(program, trace), true);
    if (!initial.empty()) out += "  initial values: " + initial + "\n";
  }
  for (auto& l : lines) {
    std::string row = fmt::format("  #{:<{}}  {:<{}}  {:<{}}  {}", l.number, numWidth, l.step->location,
                                  locWidth, l.step->function, funWidth, l.event);
    while (!row.empty() && row.back() == ' ') row.pop_back();
    out += row + "\n";
  }
  out +=
      "  path: " + std::string(trace.pathChecked ? "checked by an independent solver" : "not checked") + "\n";
  out += "  replay: " +
         (trace.replayDetail.empty() ? std::string(trace.replayed ? "replayed" : "not run")
                                     : trace.replayDetail) +
         "\n";
  return out;
}

}  // namespace argus::report
