// Location and call-stack analyses.
#include "analysis/cpa/ControlCpa.h"

#include "util/Error.h"

namespace argus::cpa {

using ir::TraceStep;

PrecisionPtr NoPrecision::instance() {
  static const PrecisionPtr none = std::make_shared<NoPrecision>();
  return none;
}

// ---------------------------------------------------------------- location

LocationCpa::LocationCpa(const ir::Program& program) : program_(program), steps_(program.numLocs()) {
  for (ir::LocId l = 0; l < program.numLocs(); ++l) states_.push_back(std::make_shared<LocationState>(l));
  for (auto& e : program.edges()) {
    steps_[e.from].push_back(Step{e.isCall() ? TraceStep::Kind::Call : TraceStep::Kind::Edge, e.id});
    if (e.isCall()) steps_[program.proc(e.callee).exit].push_back(Step{TraceStep::Kind::Return, e.id});
  }
}

ir::LocId LocationCpa::target(const Step& step) const {
  const ir::Edge& e = program_.edge(step.edge);
  return step.kind == TraceStep::Kind::Call ? program_.proc(e.callee).entry : e.to;
}

bool LocationCpa::lessOrEqual(const AbstractState& a, const AbstractState& b) const {
  return static_cast<const LocationState&>(a).loc() == static_cast<const LocationState&>(b).loc();
}

StatePtr LocationCpa::join(const AbstractState& a, const AbstractState& b) const {
  return lessOrEqual(a, b) ? at(static_cast<const LocationState&>(a).loc()) : nullptr;
}

std::vector<StatePtr> LocationCpa::successors(const AbstractState& state, const Step& step, const Precision&) {
  ir::LocId from = static_cast<const LocationState&>(state).loc();
  const ir::Edge& e = program_.edge(step.edge);
  ir::LocId leaves = step.kind == TraceStep::Kind::Return ? program_.proc(e.callee).exit : e.from;
  if (leaves != from) return {};
  return {at(target(step))};
}

// ---------------------------------------------------------------- call stack

CallstackCpa::CallstackCpa(uint32_t maxDepth) : maxDepth_(maxDepth) {
  stacks_.push_back(Frame{0, std::make_shared<CallstackState>(0, 0, ir::kNone)});
}

bool CallstackCpa::lessOrEqual(const AbstractState& a, const AbstractState& b) const {
  return static_cast<const CallstackState&>(a).id() == static_cast<const CallstackState&>(b).id();
}

StatePtr CallstackCpa::join(const AbstractState& a, const AbstractState& b) const {
  return lessOrEqual(a, b) ? stacks_.at(static_cast<const CallstackState&>(a).id()).state : nullptr;
}

StatePtr CallstackCpa::push(const CallstackState& below, ir::EdgeId call) {
  if (below.depth() + 1 > maxDepth_)
    throw UnsupportedError("call stack deeper than " + std::to_string(maxDepth_) + " (unbounded recursion)");
  uint64_t key = (uint64_t(below.id()) << 32) | call;
  auto [it, fresh] = interned_.emplace(key, static_cast<uint32_t>(stacks_.size()));
  if (fresh)
    stacks_.push_back(Frame{below.id(), std::make_shared<CallstackState>(it->second, below.depth() + 1, call)});
  return stacks_[it->second].state;
}

std::vector<StatePtr> CallstackCpa::successors(const AbstractState& state, const Step& step, const Precision&) {
  const auto& stack = static_cast<const CallstackState&>(state);
  switch (step.kind) {
    case TraceStep::Kind::Edge: return {stacks_.at(stack.id()).state};
    case TraceStep::Kind::Call: return {push(stack, step.edge)};
    case TraceStep::Kind::Return:
      if (stack.top() != step.edge) return {};
      return {stacks_.at(stacks_.at(stack.id()).parent).state};
  }
  UNREACHABLE("step kind");
}

}  // namespace argus::cpa
