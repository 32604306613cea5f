// The label component of Impact's composite analysis: an abstract state is a formula over the `cur`
// constants of the program variables (the node's label, McMillan's ψ), `true` when a node is created;
// the precision is empty, so the transfer relation gives every successor the label `true` (no successors
// from a node labelled `false`: it is unreachable). Refinement strengthens labels in place (strengthen()
// swaps the node's state). The domain orders labels by implication, checked by the solver: that is what
// the stop operator's coverage means.
#pragma once

#include <z3++.h>

#include "analysis/cpa/Arg.h"
#include "analysis/cpa/Cpa.h"
#include "engines/impact/Coverage.h"

namespace argus::engines::impact {

class LabelState final : public cpa::AbstractState {
 public:
  explicit LabelState(z3::expr label) : label_(std::move(label)) {}
  const z3::expr& label() const { return label_; }
  std::string toString() const override { return label_.to_string(); }

 private:
  z3::expr label_;
};

/// The label of an ARG node of the composite analysis.
const z3::expr& labelOf(const cpa::ArgNode& node);
/// Gives `node` the label `label` (its location and call stack stay).
void relabel(cpa::ArgNode& node, const z3::expr& label);

class LabelCpa final : public cpa::Cpa, private cpa::AbstractDomain, private cpa::TransferRelation {
 public:
  LabelCpa(z3::context& ctx, ImplicationChecker& checker);

  std::string name() const override { return "label"; }
  cpa::StatePtr initialState(ir::LocId) override { return top_; }
  const cpa::AbstractDomain& domain() const override { return *this; }
  cpa::TransferRelation& transfer() override { return *this; }

 private:
  bool lessOrEqual(const cpa::AbstractState& a, const cpa::AbstractState& b) const override;
  cpa::StatePtr join(const cpa::AbstractState&, const cpa::AbstractState&) const override { return nullptr; }
  std::vector<cpa::StatePtr> successors(const cpa::AbstractState& state, const cpa::Step& step,
                                        const cpa::Precision& precision) override;

  ImplicationChecker& checker_;
  cpa::StatePtr top_;
};

}  // namespace argus::engines::impact
