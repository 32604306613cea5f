// Builds the step views of a trace from the program's edges and the checker's values.
#include "report/TraceView.h"

#include "report/ValueText.h"

#include <algorithm>

namespace argus::report {
namespace {

/// Names pointer values after the objects they point into: the objects at fixed addresses that the
/// front end recorded, and the heap blocks the trace allocates (each step that moves the bump pointer
/// allocates the block between its old and new value, less the gap the allocator leaves).
class PointerNames {
 public:
  explicit PointerNames(const ir::Program& program) : program_(program), blocks_(program.origin().addressRanges) {}

  /// Learns the blocks a step allocates from its values (in order).
  void observe(const ir::Edge& edge, const std::vector<std::pair<ir::VarId, z3::expr>>& values) {
    const std::string& top = program_.origin().heapTop;
    if (top.empty()) return;
    for (auto& [id, value] : values) {
      uint64_t now = 0;
      if (program_.var(id).name != top || !value.is_numeral_u64(now)) continue;
      if (known_ && now > current_ + ir::kAllocationGap) {
        std::string name = "heap@" + std::to_string(edge.loc.line);
        int same = static_cast<int>(std::count_if(heap_.begin(), heap_.end(), [&](const ir::AddressRange& b) {
          return b.name.rfind(name, 0) == 0;
        }));
        heap_.push_back({current_, now - current_ - ir::kAllocationGap, same ? name + "#" + std::to_string(same + 1) : name});
      }
      current_ = now;
      known_ = true;
    }
  }

  std::string text(const z3::expr& value, const ir::ValueType& type) const {
    uint64_t address = 0;
    if (!type.pointer || !value.is_numeral_u64(address)) return valueText(value, type);
    if (address == 0) return "NULL";
    for (const auto* ranges : {&blocks_, &heap_})
      for (const ir::AddressRange& range : *ranges)
        if (address >= range.start && address <= range.start + range.size) {
          uint64_t offset = address - range.start;
          return "&" + range.name + (offset ? "+" + std::to_string(offset) : "");
        }
    return valueText(value, type);
  }

 private:
  const ir::Program& program_;
  const std::vector<ir::AddressRange>& blocks_;
  std::vector<ir::AddressRange> heap_;
  uint64_t current_ = 0;
  bool known_ = false;
};

std::vector<ValueView> viewValues(const ir::Program& program, const std::vector<std::pair<ir::VarId, z3::expr>>& values,
                                  const PointerNames& names) {
  std::vector<ValueView> out;
  for (auto& [id, value] : values) {
    const ir::Variable& var = program.var(id);
    out.push_back({displayName(var), names.text(value, var.type), var.isTemporary()});
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
  PointerNames names(program);
  for (const ir::TraceStep& step : trace.steps) {
    const ir::Edge& edge = program.edge(step.edge);
    names.observe(edge, step.values);
    StepView view;
    view.kind = kindName(step.kind);
    view.edge = step.edge;
    view.location = edge.loc.str();
    view.label = edge.label;
    // Call and return steps name the call edge, which belongs to the caller.
    view.function = program.proc(edge.proc).name;
    if (edge.isCall()) view.callee = program.proc(edge.callee).name;
    view.values = viewValues(program, step.values, names);
    view.inputs = viewInputs(edge, step.inputs);
    view.reachesError = step.kind == ir::TraceStep::Kind::Edge && program.isErrorLoc(edge.to);
    out.push_back(std::move(view));
  }
  return out;
}

std::vector<ValueView> viewInitial(const ir::Program& program, const ir::Trace& trace) {
  return viewValues(program, trace.initial, PointerNames(program));
}

}  // namespace argus::report
