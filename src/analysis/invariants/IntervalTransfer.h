// The abstract post of one edge in the interval domain, for arbitrary edge formulas.
//
// An edge formula constrains `cur`, `next` and `aux` constants. Starting from the pre-box for the `cur`
// constants (everything else unconstrained), constraint propagation in the style of HC4 (forward
// evaluation of terms, backward projection onto their arguments) narrows every constant's interval
// until nothing changes; disjunctions are split into their branches (to a bounded depth) and joined.
// The post-box reads written variables from their `next` constants and the others from `cur` (narrowed
// by the guards). Operators it does not know leave values unconstrained, so the result always
// over-approximates the concrete post.
#pragma once

#include <optional>
#include <unordered_map>

#include "analysis/invariants/Boxes.h"
#include "ir/Program.h"

namespace argus::analysis {

class IntervalTransfer {
 public:
  explicit IntervalTransfer(const ir::Program& program);

  /// Int and Bool variables are tracked; others (arrays, bit-vectors, reals) stay top.
  bool tracked(ir::VarId v) const { return tracked_.at(v); }
  /// The initial box: every tracked variable arbitrary (Bool ones within [0, 1]).
  Box topBox() const;
  /// The box after edge `e` from `pre`; nullopt when the formula cannot hold from `pre`.
  std::optional<Box> post(ir::EdgeId e, const Box& pre) const;

 private:
  const ir::Program* program_;
  std::vector<bool> tracked_;
  std::unordered_map<unsigned, ir::VarId> varOfCur_;  // Z3 ast id of a `cur` constant → variable
};

}  // namespace argus::analysis
