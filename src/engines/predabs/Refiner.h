// CEGAR refinement of predicate abstraction: the abstract counterexample (an ARG path to an error
// location) becomes a path formula; if it is satisfiable the path is a real counterexample, otherwise
// the sequence interpolants of the path formula, translated back to the program variables, contribute
// their atoms as predicates at the locations along the path (or everywhere, with global precision). The
// ARG is then pruned at the first node of the path that was abstracted with fewer predicates than its
// location has now (the pivot); the reachability algorithm re-explores lazily from the pivot's parent.
// A path without such a node has made no progress (the abstraction cannot express the interpolants).
#pragma once

#include <string>

#include "analysis/cpa/Interpolation.h"
#include "analysis/cpa/PathFormula.h"
#include "analysis/cpa/ReachedSet.h"
#include "engines/predabs/Bdd.h"
#include "engines/predabs/Predicates.h"
#include "smt/Solver.h"
#include "util/Logger.h"
#include "util/Stats.h"

namespace argus::engines::predabs {

struct Refinement {
  enum class Kind { Feasible, Refined, NoProgress, Unknown };
  Kind kind = Kind::Unknown;
  ir::Trace trace;                // Feasible
  cpa::ArgNode* pivot = nullptr;  // Refined
  std::string detail;             // Unknown, NoProgress
};

class Refiner {
 public:
  Refiner(const ir::Program& program, PredicateStore& predicates, PredicatePrecision& precision,
          cpa::SequenceInterpolator& interpolator, BddSession& bdds, smt::SolverConfig solverConfig, Stats& stats,
          Logger& log);

  Refinement refine(const std::vector<cpa::Arg::PathStep>& path);

 private:
  /// Adds the atoms of `interpolant` (over the program variables) at `loc`.
  void addPredicates(const z3::expr& interpolant, ir::LocId loc);
  cpa::ArgNode* firstStale(const std::vector<cpa::Arg::PathStep>& path) const;

  const ir::Program& program_;
  ir::Instantiator instantiator_;
  std::vector<ir::VarId> scope_;
  PredicateStore& predicates_;
  PredicatePrecision& precision_;
  cpa::SequenceInterpolator& interpolator_;
  BddSession& bdds_;
  smt::SolverConfig solverConfig_;
  Stats& stats_;
  Logger& log_;
};

}  // namespace argus::engines::predabs
