// Predicate component: pending transfer, abstraction as precision adjustment, BDD order.
#include "engines/predabs/PredicateCpa.h"

#include <algorithm>

#include "analysis/cpa/ReachedSet.h"
#include "util/Error.h"

namespace argus::engines::predabs {

std::string PredicateState::toString() const {
  std::string text = region_ == bddtrue ? "true" : region_ == bddfalse ? "false" : std::to_string(bdd_nodecount(region_)) + " BDD nodes";
  return pending() ? text + " + edge " + std::to_string(pendingEdge_) : text;
}

PredicateCpa::PredicateCpa(const ir::Program& program, Abstractor& abstractor,
                           std::shared_ptr<PredicatePrecision> precision)
    : program_(program), abstractor_(abstractor), precision_(std::move(precision)) {}

const PredicateState& predicateStateOf(const cpa::ArgNode& node) {
  return static_cast<const PredicateState&>(
      cpa::ReachedSet::stateOf(node).part(cpa::CompositeCpa::kFirstComponent));
}

cpa::StatePtr PredicateCpa::initialState(ir::LocId) { return std::make_shared<PredicateState>(bddtrue, uint64_t{0}); }

bool PredicateCpa::lessOrEqual(const cpa::AbstractState& a, const cpa::AbstractState& b) const {
  const auto& x = static_cast<const PredicateState&>(a);
  const auto& y = static_cast<const PredicateState&>(b);
  if (x.pending() || y.pending()) return false;
  return entails(x.region(), y.region());
}

cpa::StatePtr PredicateCpa::join(const cpa::AbstractState& a, const cpa::AbstractState& b) const {
  const auto& x = static_cast<const PredicateState&>(a);
  const auto& y = static_cast<const PredicateState&>(b);
  if (x.pending() || y.pending()) return nullptr;
  return std::make_shared<PredicateState>(x.region() | y.region(), std::min(x.precisionVersion(), y.precisionVersion()));
}

std::vector<cpa::StatePtr> PredicateCpa::successors(const cpa::AbstractState& state, const cpa::Step& step,
                                                    const cpa::Precision&) {
  if (step.kind != ir::TraceStep::Kind::Edge)
    throw UnsupportedError("predicate abstraction runs on inlined programs (no calls)");
  const auto& s = static_cast<const PredicateState&>(state);
  INVARIANT(!s.pending(), "transfer from a state that was never abstracted");
  return {std::make_shared<PredicateState>(s.region(), PredicateState::Pending{step.edge})};
}

std::optional<cpa::PrecisionAdjustment::Adjusted> PredicateCpa::adjust(const cpa::StatePtr& state,
                                                                      const cpa::PrecisionPtr& precision) {
  const auto& s = static_cast<const PredicateState&>(*state);
  if (!s.pending()) return Adjusted{state, precision};
  const auto& predicates = static_cast<const PredicatePrecision&>(*precision);
  ir::LocId target = program_.edge(s.pendingEdge()).to;
  auto region = abstractor_.post(s.region(), s.pendingEdge(), predicates.at(target), predicates.version(target));
  if (!region) return std::nullopt;
  return Adjusted{std::make_shared<PredicateState>(*region, predicates.version(target)), precision};
}

}  // namespace argus::engines::predabs
