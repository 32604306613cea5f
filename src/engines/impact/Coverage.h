// The implication checks of Impact on one incremental solver: coverage (label(v) ⇒ label(w)) and forced
// coverage (label(parent) ∧ T(edge) ⇒ label(w) after the edge). Every formula is asserted once, guarded by
// an activation literal (cached by formula), and every check assumes the literals it needs, so the
// solver keeps what it learnt across the many checks of a run. A check the solver cannot decide counts
// as "does not imply": coverage is an optimisation, never needed for soundness.
#pragma once

#include <z3++.h>

#include <unordered_map>
#include <vector>

#include "ir/Instantiate.h"
#include "smt/Solver.h"
#include "util/Stats.h"

namespace argus::engines::impact {

class ImplicationChecker {
 public:
  /// Formulas are over the `cur` constants of the variables of `program`'s main procedure.
  ImplicationChecker(const ir::Program& program, smt::SolverConfig config, Stats& stats);

  /// a ⇒ b.
  bool implies(const z3::expr& a, const z3::expr& b);
  /// pre ∧ T(edge) ⇒ post, with `post` read after the edge.
  bool impliesAfter(const z3::expr& pre, ir::EdgeId edge, const z3::expr& post);

 private:
  /// The literal that activates `e` (asserted as literal ⇒ e the first time).
  z3::expr activation(const z3::expr& e);
  bool unsat(const std::vector<z3::expr>& assumptions);
  const ir::EdgeInstance& instance(ir::EdgeId edge);

  const ir::Program& program_;
  ir::Instantiator instantiator_;
  std::vector<ir::VarId> scope_;
  smt::Solver solver_;
  Stats& stats_;
  struct Guarded {
    z3::expr formula;  // kept alive, so that its AST id is not reused
    z3::expr literal;
  };
  std::unordered_map<unsigned, Guarded> literals_;          // formula's AST id -> its activation
  std::unordered_map<ir::EdgeId, ir::EdgeInstance> edges_;  // one instance per edge, from `cur`
};

}  // namespace argus::engines::impact
