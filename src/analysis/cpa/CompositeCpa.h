// The composite analysis that the reachability algorithm runs: location × call stack × the given
// components. Its transfer enumerates the steps that leave the location and asks every component for
// its successors along each step (the product of the answers); domain and precision adjustment work
// component by component. States with the same location and call stack share a partition of the
// reached set; only those are ever merged or compared by stop.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "analysis/cpa/ControlCpa.h"

namespace argus::cpa {

class CompositeState final : public AbstractState {
 public:
  explicit CompositeState(std::vector<StatePtr> parts);
  const std::vector<StatePtr>& parts() const { return parts_; }
  const AbstractState& part(size_t i) const { return *parts_.at(i); }
  ir::LocId loc() const { return static_cast<const LocationState&>(*parts_[0]).loc(); }
  const CallstackState& stack() const { return static_cast<const CallstackState&>(*parts_[1]); }
  std::string toString() const override;

 private:
  std::vector<StatePtr> parts_;
};

class CompositePrecision final : public Precision {
 public:
  explicit CompositePrecision(std::vector<PrecisionPtr> parts) : parts_(std::move(parts)) {}
  const Precision& part(size_t i) const { return *parts_.at(i); }
  const std::vector<PrecisionPtr>& parts() const { return parts_; }

 private:
  std::vector<PrecisionPtr> parts_;
};

struct PartitionKey {
  ir::LocId loc;
  uint32_t stack;
  bool operator==(const PartitionKey& o) const { return loc == o.loc && stack == o.stack; }
};
struct PartitionKeyHash {
  size_t operator()(const PartitionKey& k) const { return (size_t(k.stack) << 32) ^ k.loc; }
};

class CompositeCpa final : public AbstractDomain {
 public:
  /// Index of the first component passed in `components` within composite states (0: location,
  /// 1: call stack).
  static constexpr size_t kFirstComponent = 2;

  CompositeCpa(const ir::Program& program, std::vector<std::unique_ptr<Cpa>> components);

  const ir::Program& program() const { return program_; }
  size_t size() const { return cpas_.size(); }
  Cpa& component(size_t i) { return *cpas_.at(i); }

  StatePtr initialState() const;
  PrecisionPtr initialPrecision() const;

  struct Successor {
    Step step;
    StatePtr state;
  };
  std::vector<Successor> successors(const CompositeState& state, const CompositePrecision& precision);
  std::optional<PrecisionAdjustment::Adjusted> adjust(const StatePtr& state, const PrecisionPtr& precision);

  bool lessOrEqual(const AbstractState& a, const AbstractState& b) const override;
  StatePtr join(const AbstractState& a, const AbstractState& b) const override;

  PartitionKey key(const CompositeState& state) const { return {state.loc(), state.stack().id()}; }
  /// True at an error location.
  bool isTarget(const CompositeState& state) const { return program_.isErrorLoc(state.loc()); }

 private:
  const ir::Program& program_;
  std::vector<std::unique_ptr<Cpa>> cpas_;
  LocationCpa* location_;
};

}  // namespace argus::cpa
