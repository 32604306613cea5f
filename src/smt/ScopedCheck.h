// One check of extra facts on top of a solver's assertions, undone afterwards: reusing one solver this
// way is much cheaper than a fresh solver per question (creating and configuring a Z3 solver dominates
// small queries).
#pragma once

#include <z3++.h>

#include <vector>

#include "smt/Solver.h"

namespace argus::smt {

/// Satisfiability of the solver's assertions together with `facts`, in a push/pop scope.
inline SatResult checkInScope(Solver& solver, const std::vector<z3::expr>& facts) {
  solver.push();
  for (auto& f : facts) solver.add(f);
  SatResult r = solver.check();
  solver.pop();
  return r;
}

}  // namespace argus::smt
