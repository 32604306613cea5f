// The model-based cube loop behind the Interpolator (one side of it): for A ∧ B unsat, cubes over the
// shared symbols whose disjunction is implied by A and each of which is inconsistent with B.
// Internal to smt/; engines use Interpolator.h.
#pragma once

#include <z3++.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "smt/Interpolator.h"
#include "smt/Solver.h"

namespace argus::smt {

using Cube = std::vector<z3::expr>;

struct CubeCoverResult {
  ItpStatus status = ItpStatus::Unknown;
  std::vector<Cube> cubes;  // Ok: A ⇒ ∨cubes and every cube ∧ B unsat
  std::string detail;
};

/// Fresh Boolean constants that name literals in unsat-core queries; reused across queries because
/// every use is inside a push/pop scope.
class IndicatorPool {
 public:
  explicit IndicatorPool(z3::context& ctx) : ctx_(&ctx) {}
  const z3::expr& get(size_t i);

 private:
  z3::context* ctx_;
  std::vector<z3::expr> indicators_;
};

struct CubeCoverLimits {
  unsigned maxCubes = 200;
  bool minimize = true;
};

/// The negation of a literal, as a comparison where it is one (atoms read better than negations).
z3::expr negateLiteral(const z3::expr& literal);

/// Runs the loop (see Interpolator.h). `shared` holds the ast ids of the shared constants. Solver
/// checks use `solver` (stop token, stats, dumps); the loop also stops when the token stops.
CubeCoverResult coverByCubes(const z3::expr& a, const z3::expr& b, const std::unordered_set<unsigned>& shared,
                             const SolverConfig& solver, const CubeCoverLimits& limits, IndicatorPool& pool);

}  // namespace argus::smt
