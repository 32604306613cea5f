// Labels as abstract states: the Impact component of the composite analysis.
#include "engines/impact/LabelCpa.h"

#include "analysis/cpa/CompositeCpa.h"
#include "analysis/cpa/ReachedSet.h"
#include "smt/Terms.h"

namespace argus::engines::impact {

const z3::expr& labelOf(const cpa::ArgNode& node) {
  const auto& state = cpa::ReachedSet::stateOf(node).part(cpa::CompositeCpa::kFirstComponent);
  return static_cast<const LabelState&>(state).label();
}

void relabel(cpa::ArgNode& node, const z3::expr& label) {
  std::vector<cpa::StatePtr> parts = cpa::ReachedSet::stateOf(node).parts();
  parts.at(cpa::CompositeCpa::kFirstComponent) = std::make_shared<LabelState>(label);
  node.state = std::make_shared<cpa::CompositeState>(std::move(parts));
}

LabelCpa::LabelCpa(z3::context& ctx, ImplicationChecker& checker)
    : checker_(checker), top_(std::make_shared<LabelState>(ctx.bool_val(true))) {}

bool LabelCpa::lessOrEqual(const cpa::AbstractState& a, const cpa::AbstractState& b) const {
  return checker_.implies(static_cast<const LabelState&>(a).label(), static_cast<const LabelState&>(b).label());
}

std::vector<cpa::StatePtr> LabelCpa::successors(const cpa::AbstractState& state, const cpa::Step&,
                                                const cpa::Precision&) {
  if (smt::isFalse(static_cast<const LabelState&>(state).label())) return {};
  return {top_};
}

}  // namespace argus::engines::impact
