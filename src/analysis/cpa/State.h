// The vocabulary of the CPA framework (Beyer, Henzinger, Théoduloz: configurable program analysis, in the
// unified form of Beyer, Dangl, Wendler, JAR 2018): a Step of the control-flow automaton, abstract states
// and precisions. States and precisions are immutable once built and shared by pointer.
#pragma once

#include <memory>
#include <string>

#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::cpa {

/// One move of the control: a transition edge, entering a callee through a call edge, or returning
/// from the callee of a call edge to that edge's target. The same shape as ir::TraceStep, so that a path
/// of the ARG is a trace.
struct Step {
  ir::TraceStep::Kind kind = ir::TraceStep::Kind::Edge;
  ir::EdgeId edge = ir::kNone;
  bool operator==(const Step& o) const { return kind == o.kind && edge == o.edge; }
};

class AbstractState {
 public:
  virtual ~AbstractState() = default;
  virtual std::string toString() const = 0;
};
using StatePtr = std::shared_ptr<const AbstractState>;

class Precision {
 public:
  virtual ~Precision() = default;
};
using PrecisionPtr = std::shared_ptr<const Precision>;

/// The precision of analyses that have none to adjust.
class NoPrecision final : public Precision {
 public:
  static PrecisionPtr instance();
};

}  // namespace argus::cpa
