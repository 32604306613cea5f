// The operators of a configurable program analysis, each a small object of its own: the abstract domain
// (partial order and join), the transfer relation, precision adjustment, merge and stop. Merge and stop
// come in the two standard flavours (sep, join) built from any domain.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/cpa/State.h"

namespace argus::cpa {

class AbstractDomain {
 public:
  virtual ~AbstractDomain() = default;
  virtual bool lessOrEqual(const AbstractState& a, const AbstractState& b) const = 0;
  /// The least upper bound of `a` and `b`, or null when the domain keeps the two apart.
  virtual StatePtr join(const AbstractState& a, const AbstractState& b) const = 0;
};

class TransferRelation {
 public:
  virtual ~TransferRelation() = default;
  /// The successors of `state` along `step`; empty when the step is impossible from `state`.
  virtual std::vector<StatePtr> successors(const AbstractState& state, const Step& step,
                                           const Precision& precision) = 0;
};

class PrecisionAdjustment {
 public:
  struct Adjusted {
    StatePtr state;
    PrecisionPtr precision;
  };
  virtual ~PrecisionAdjustment() = default;
  /// The state and precision to continue with; nullopt when the state turns out to be bottom.
  virtual std::optional<Adjusted> adjust(const StatePtr& state, const PrecisionPtr& precision) = 0;
};

/// Leaves state and precision alone.
class StaticPrecisionAdjustment final : public PrecisionAdjustment {
 public:
  std::optional<Adjusted> adjust(const StatePtr& state, const PrecisionPtr& precision) override {
    return Adjusted{state, precision};
  }
};

class MergeOperator {
 public:
  virtual ~MergeOperator() = default;
  /// What replaces `reached` once `state` arrives next to it; `reached` itself keeps the two apart.
  virtual StatePtr merge(const StatePtr& state, const StatePtr& reached, const Precision& precision) const = 0;
};

/// Which reached states cover a new state: one of them (stop-sep) or all of them together (stop-join).
struct Coverage {
  bool covered = false;
  std::vector<size_t> by;  // indices into the candidates
};

class StopOperator {
 public:
  virtual ~StopOperator() = default;
  virtual Coverage stop(const AbstractState& state, const std::vector<const AbstractState*>& reached,
                        const Precision& precision) const = 0;
};

enum class MergeKind { Sep, Join };
enum class StopKind { Sep, Join };
MergeKind parseMergeKind(const std::string& name);  // "sep" | "join"
StopKind parseStopKind(const std::string& name);    // "sep" | "join"

std::unique_ptr<MergeOperator> makeMerge(MergeKind kind, const AbstractDomain& domain);
std::unique_ptr<StopOperator> makeStop(StopKind kind, const AbstractDomain& domain);

}  // namespace argus::cpa
