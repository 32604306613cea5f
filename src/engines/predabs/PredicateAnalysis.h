// The CEGAR loop of predicate abstraction on a block-encoded single-procedure program: run the CPA
// algorithm (location × call stack × predicates) until it reaches an error location or exhausts the
// waitlist; refine on abstract counterexamples; answer Unsafe with the feasible path as a trace, or Safe
// with the reached abstract states as invariants (per location, the disjunction of the regions of its
// uncovered ARG nodes: inductive by construction of the closed ARG).
#pragma once

#include <memory>
#include <optional>

#include "analysis/cpa/Algorithm.h"
#include "analysis/cpa/Interpolation.h"
#include "engines/Engine.h"
#include "engines/predabs/Abstraction.h"
#include "engines/predabs/Bdd.h"
#include "engines/predabs/PredicateCpa.h"
#include "engines/predabs/Refiner.h"
#include "engines/predabs/Settings.h"

namespace argus::engines::predabs {

class PredicateAnalysis {
 public:
  /// `program`: the encoded program (one procedure, no calls). The session must be held for the
  /// analysis' whole life.
  PredicateAnalysis(const ir::Program& program, const Settings& settings, RunContext& context, BddSession& bdds);

  /// Adds predicates before the run, at `loc` or (kNone) at every location, as one cluster (like the
  /// atoms of one interpolant).
  void seedPredicates(const std::vector<z3::expr>& atoms, ir::LocId loc = ir::kNone);

  /// Decides the program; the evidence speaks about `program`.
  ir::Result run();

  const cpa::ReachedSet& reached() const { return *reached_; }
  int64_t refinements() const { return refinements_; }

 private:
  ir::Certificate certificate();
  /// Publishes the statistics of the run and returns `result`.
  ir::Result finish(ir::Result result);

  const ir::Program& program_;
  Settings settings_;
  RunContext& context_;
  BddSession& bdds_;
  PredicateStore predicates_;
  std::shared_ptr<PredicatePrecision> precision_;
  std::unique_ptr<Abstractor> abstractor_;
  std::unique_ptr<cpa::SequenceInterpolator> interpolator_;
  std::unique_ptr<Refiner> refiner_;
  std::unique_ptr<cpa::CompositeCpa> cpa_;
  std::unique_ptr<cpa::ReachedSet> reached_;
  int64_t refinements_ = 0;
};

}  // namespace argus::engines::predabs
