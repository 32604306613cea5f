// Houdini over the cut-point transition system: the largest subset of candidate invariants (formulas at
// cut points) that holds after every block from the entry and is preserved by every block, assuming the
// invariants accepted earlier. Every candidate it returns is therefore an inductive invariant together
// with the earlier ones — which is what lets k-induction assume it and certify re-check it.
// The result is the largest inductive subset whatever the order of the counterexamples; the order only
// decides the cost. Initiation is checked first, and each query asks for spread values of the integers
// (hints the solver may refuse), so one counterexample drops many of thousands of candidates at once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "smt/Solver.h"
#include "transforms/CutPointSystem.h"

namespace argus::analysis {

struct Candidate {
  ir::LocId cut;
  z3::expr formula;  // over the `cur` constants of the system's variables
};

class Houdini {
 public:
  Houdini(const transforms::StepEncoder& encoder, smt::SolverConfig config);

  /// The inductive subset of `candidates` relative to everything accepted so far; the result is
  /// accepted too. nullopt when the solver could not decide (nothing is accepted then).
  std::optional<std::vector<Candidate>> filter(const std::vector<Candidate>& candidates);
  /// Number of solver checks so far.
  unsigned checks() const { return solver_.checks(); }

 private:
  const transforms::StepEncoder* encoder_;
  smt::Solver solver_;
  transforms::Step step_;
};

}  // namespace argus::analysis
