// The inductive step of k-induction: from an arbitrary state at a cut point, k steps whose states avoid
// the error location and satisfy every injected auxiliary invariant, then the error in the next state.
// Unsat: the property, strengthened by the invariants, is k-inductive. One incremental solver for all k;
// each invariant sits behind its own activation literal, so the unsat core names the ones the proof used.
#pragma once

#include <vector>

#include "engines/kind/Unrolling.h"

namespace argus::engines::kind {

class StepCase {
 public:
  StepCase(const transforms::StepEncoder& encoder, smt::SolverConfig config);

  /// k ≥ 1 premises s_0..s_{k-1}, conclusion at s_k. k never decreases between calls.
  smt::SatResult check(unsigned k);
  /// Assumes `invariant` (over `cur` constants) at `cut` in every state, now and after extensions.
  /// The caller guarantees that it is an inductive invariant (or one relative to earlier ones).
  size_t addInvariant(ir::LocId cut, const z3::expr& invariant);
  size_t invariantCount() const { return invariants_.size(); }
  /// Indices of the invariants in the unsat core of the last Unsat check.
  std::vector<size_t> usedInvariants() const;

 private:
  void constrain(size_t invariant, size_t state);

  Unrolling unrolling_;
  std::vector<std::pair<ir::LocId, z3::expr>> invariants_;
  std::vector<z3::expr> literals_;
  size_t premises_ = 0;     // states s_0..s_{premises_-1} are asserted to avoid the error
  size_t constrained_ = 0;  // states s_0..s_{constrained_-1} carry every invariant
};

}  // namespace argus::engines::kind
