// The predicate component of the composite analysis. Its transfer relation only records the edge taken
// (a pending state: the predecessor's region and the edge); its precision adjustment computes the
// abstraction of region ∧ edge over the predicates the precision gives the target location. Every
// location of the block-encoded program is an abstraction point: the block encoding (SBE, LBE, ABE)
// decides how much program one edge, and so one abstraction, covers. The domain orders regions by
// BDD entailment, which is what coverage checks.
#pragma once

#include <memory>

#include "analysis/cpa/Arg.h"
#include "analysis/cpa/Cpa.h"
#include "engines/predabs/Abstraction.h"
#include "engines/predabs/Bdd.h"
#include "engines/predabs/Predicates.h"

namespace argus::engines::predabs {

class PredicateState final : public cpa::AbstractState {
 public:
  /// An abstraction state: `region` over the predicates, computed with the given version of the
  /// precision at its location (a newer version there now means the state is stale).
  PredicateState(bdd region, uint64_t precisionVersion) : region_(std::move(region)), version_(precisionVersion) {}
  struct Pending {
    ir::EdgeId edge;
  };
  /// A pending state: `region` holds before the edge, not yet abstracted.
  PredicateState(bdd region, Pending p) : region_(std::move(region)), pendingEdge_(p.edge) {}

  const bdd& region() const { return region_; }
  bool pending() const { return pendingEdge_ != ir::kNone; }
  ir::EdgeId pendingEdge() const { return pendingEdge_; }
  uint64_t precisionVersion() const { return version_; }
  std::string toString() const override;

 private:
  bdd region_;
  uint64_t version_ = 0;
  ir::EdgeId pendingEdge_ = ir::kNone;
};

/// The predicate part of a composite state (the first component after location and call stack).
const PredicateState& predicateStateOf(const cpa::ArgNode& node);

class PredicateCpa final : public cpa::Cpa,
                           private cpa::AbstractDomain,
                           private cpa::TransferRelation,
                           private cpa::PrecisionAdjustment {
 public:
  PredicateCpa(const ir::Program& program, Abstractor& abstractor, std::shared_ptr<PredicatePrecision> precision);

  std::string name() const override { return "predicate"; }
  cpa::StatePtr initialState(ir::LocId) override;
  cpa::PrecisionPtr initialPrecision(ir::LocId) override { return precision_; }
  const cpa::AbstractDomain& domain() const override { return *this; }
  cpa::TransferRelation& transfer() override { return *this; }
  cpa::PrecisionAdjustment& precisionAdjustment() override { return *this; }

 private:
  bool lessOrEqual(const cpa::AbstractState& a, const cpa::AbstractState& b) const override;
  cpa::StatePtr join(const cpa::AbstractState& a, const cpa::AbstractState& b) const override;
  std::vector<cpa::StatePtr> successors(const cpa::AbstractState& state, const cpa::Step& step,
                                        const cpa::Precision& precision) override;
  std::optional<Adjusted> adjust(const cpa::StatePtr& state, const cpa::PrecisionPtr& precision) override;

  const ir::Program& program_;
  Abstractor& abstractor_;
  std::shared_ptr<PredicatePrecision> precision_;
};

}  // namespace argus::engines::predabs
