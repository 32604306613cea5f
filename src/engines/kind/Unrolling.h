// A growing unrolling of the cut-point transition system inside one incremental solver: states
// s_0, s_1, ... and the encoded steps between them, plus one-shot queries under activation literals
// (assert a ⇒ goal, check assuming a, then retire a by asserting ¬a).
#pragma once

#include <string>
#include <vector>

#include "smt/Solver.h"
#include "transforms/CutPointSystem.h"

namespace argus::engines::kind {

class Unrolling {
 public:
  /// s_0 is a fresh state at a fresh pc; the caller constrains it (entry, or anywhere).
  Unrolling(const transforms::StepEncoder& encoder, smt::SolverConfig config);

  const transforms::StepEncoder& encoder() const { return *encoder_; }
  smt::Solver& solver() { return solver_; }
  const smt::Solver& solver() const { return solver_; }
  /// Number of steps asserted so far (states s_0..s_steps exist).
  size_t steps() const { return steps_.size(); }
  const z3::expr& pc(size_t i) const { return pcs_.at(i); }
  const ir::State& state(size_t i) const { return states_.at(i); }

  /// Asserts steps until `n` steps exist.
  void extendTo(size_t n);
  /// Checks the asserted unrolling together with `goal` (retired afterwards) and `assumptions`.
  smt::SatResult checkGoal(const z3::expr& goal, const std::vector<z3::expr>& assumptions = {});
  /// The edges of the first `n` steps in the last model, stopping at the error location.
  std::vector<ir::EdgeId> path(size_t n) const;

 private:
  void retireGoals();

  const transforms::StepEncoder* encoder_;
  smt::Solver solver_;
  std::string name_;
  std::vector<z3::expr> pcs_;
  std::vector<ir::State> states_;
  std::vector<transforms::Step> steps_;
  std::vector<z3::expr> toRetire_;
};

}  // namespace argus::engines::kind
