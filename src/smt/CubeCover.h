// The model-based cube loop behind the Interpolator (one side of it): for A ∧ B unsat, cubes over the
// shared symbols whose disjunction is implied by A and each of which is inconsistent with B.
// Internal to smt/; engines use Interpolator.h.
#pragma once

#include <z3++.h>

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "smt/Interpolator.h"
#include "smt/Solver.h"

namespace argus::smt {

using Cube = std::vector<z3::expr>;

/// One solver for a whole interpolation call. Every formula enters once, guarded by an activation
/// literal, so that all queries of the call (A side, B side, each node's frontier in a tree, both
/// strategies) share it: creating and configuring a Z3 solver costs more than most of these queries.
class ItpSession {
 public:
  ItpSession(z3::context& ctx, const SolverConfig& config);

  /// The activation literals of `formulas` (asserting `literal ⇒ formula` on first use of each).
  std::vector<z3::expr> activations(const std::vector<z3::expr>& formulas);
  /// A fresh literal for a group of assertions that is switched off for good by retire().
  z3::expr freshGuard();
  void retire(const z3::expr& guard) { solver_.add(!guard); }
  /// Literal i of the core queries; reused, since each core query pops its assertions.
  const z3::expr& indicator(size_t i);

  Solver& solver() { return solver_; }
  const SolverConfig& config() const { return config_; }
  z3::context& ctx() const { return solver_.ctx(); }

 private:
  SolverConfig config_;
  Solver solver_;
  std::unordered_map<unsigned, z3::expr> activationOf_;
  std::vector<z3::expr> indicators_;
};

struct CubeCoverResult {
  ItpStatus status = ItpStatus::Unknown;
  std::vector<Cube> cubes;  // Ok: A ⇒ ∨cubes and every cube ∧ B unsat
  std::string detail;
};

struct CubeCoverLimits {
  unsigned maxCubes = 200;
  bool minimize = true;
};

/// The negation of a literal, as a comparison where it is one (atoms read better than negations).
z3::expr negateLiteral(const z3::expr& literal);

/// Runs the loop (see Interpolator.h) for A = ∧aParts and B = ∧bParts. `shared` holds the ast ids
/// of the shared constants. Stops with Unknown when the session's stop token stops.
CubeCoverResult coverByCubes(ItpSession& session, const std::vector<z3::expr>& aParts,
                             const std::vector<z3::expr>& bParts, const std::unordered_set<unsigned>& shared,
                             const CubeCoverLimits& limits);

}  // namespace argus::smt
