// The abstract post of predicate abstraction: given the region of a state (a BDD over predicates), an
// edge and the predicates of the edge's target, the strongest Boolean combination (Boolean abstraction,
// by AllSAT enumeration of the predicates' truth values) or the strongest conjunction of predicate
// literals (Cartesian abstraction) implied by region ∧ edge. An unsatisfiable region ∧ edge is bottom.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engines/predabs/Bdd.h"
#include "engines/predabs/Predicates.h"
#include "ir/Instantiate.h"
#include "smt/Solver.h"
#include "util/Stats.h"

namespace argus::engines::predabs {

enum class AbstractionKind { Cartesian, Boolean };
AbstractionKind parseAbstractionKind(const std::string& name);  // "cartesian" | "boolean"

/// The solver could not decide a query (timeout, cancellation, incompleteness).
class AbstractionUnknown : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Abstractor {
 public:
  struct Config {
    AbstractionKind kind = AbstractionKind::Boolean;
    /// Boolean abstraction enumerating more cubes than this falls back to Cartesian for that step.
    size_t maxCubes = 4096;
  };

  Abstractor(const ir::Program& program, const PredicateStore& predicates, BddSession& bdds, Config config,
             smt::SolverConfig solverConfig, Stats& stats);

  /// The abstract successor of `region` along transition `edge` over `predicates` (evaluated after the
  /// edge); nullopt for bottom. Throws AbstractionUnknown when the solver cannot decide.
  std::optional<bdd> post(const bdd& region, ir::EdgeId edge, const std::vector<PredicateId>& predicates);

  /// The formula of a region over the predicates' `cur` constants.
  z3::expr formula(const bdd& region) { return regions_.formula(region); }

 private:
  smt::SatResult check(const std::vector<z3::expr>& assumptions = {});
  bdd cartesian(const std::vector<z3::expr>& after, const std::vector<PredicateId>& ids);
  std::optional<bdd> boolean(const std::vector<z3::expr>& after, const std::vector<PredicateId>& ids);

  const ir::Program& program_;
  const PredicateStore& predicates_;
  BddSession& bdds_;
  Config config_;
  ir::Instantiator instantiator_;
  std::vector<ir::VarId> scope_;
  ir::State current_;
  smt::Solver solver_;
  Stats& stats_;
  RegionFormulas regions_;
};

}  // namespace argus::engines::predabs
