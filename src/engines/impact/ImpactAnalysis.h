// Lazy abstraction with interpolants (McMillan, CAV 2006) on the CPA framework, in the form of Beyer,
// Dangl, Wendler (JAR 2018): the reachability algorithm over location × call stack × labels expands
// nodes (every new node is labelled `true`); a node at the error location is checked by its path formula:
// satisfiable ⇒ Unsafe; otherwise the sequence interpolants of the path strengthen the labels along it,
// the strengthened nodes lose the coverings they gave, and are tried for coverage again. Before a node is
// expanded it is closed (covered by an older uncovered node at its location whose label its own
// implies) or, with forced covering, covered by strengthening it with such a node's label when that
// label follows from the parent's label and the edge. A covered node loses its subtree; a node labelled
// `false` is unreachable and never expanded.
//
// Invariants of the ARG that the certificate rests on: label(parent) ∧ T(edge) ⇒ label(child) for every
// ARG edge; a covered node has no children and implies the label of an uncovered node at its location.
// So when the waitlist is empty, the disjunction of the labels of the uncovered nodes at a location is
// an inductive invariant (k = 1) that excludes the error location.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/cpa/Algorithm.h"
#include "analysis/cpa/Interpolation.h"
#include "analysis/cpa/PathFormula.h"
#include "engines/Engine.h"
#include "engines/impact/Coverage.h"
#include "engines/impact/Settings.h"

namespace argus::engines::impact {

class ImpactAnalysis {
 public:
  /// `program`: the encoded program (one procedure, no calls).
  ImpactAnalysis(const ir::Program& program, const Settings& settings, RunContext& context);

  /// Decides the program; the evidence speaks about `program`.
  ir::Result run();

  const cpa::ReachedSet& reached() const { return *reached_; }

 private:
  struct Refinement {
    enum class Kind { Feasible, Refined, Unknown };
    Kind kind = Kind::Unknown;
    ir::Trace trace;     // Feasible
    std::string detail;  // Unknown
  };
  Refinement refine(cpa::ArgNode* target);
  /// A node at the error location that was never refined: the algorithm reports one target per
  /// expansion, and an expansion may reach the error location along several edges.
  cpa::ArgNode* unrefinedTarget() const;
  /// Strengthens the nodes of an infeasible path with its interpolants; false when there are none.
  bool strengthenPath(const std::vector<cpa::Arg::PathStep>& path, const cpa::PathFormula& formula,
                      std::string& why);

  /// The algorithm's hook before an expansion: true when `node` needs none (covered now, or `false`).
  bool closeBeforeExpansion(cpa::ArgNode* node);
  /// Covers `node` by an older uncovered node at its location whose label its label implies.
  bool close(cpa::ArgNode* node);
  /// Covers `node` by an older node w at its location with label(parent) ∧ T ⇒ label(w), strengthening it.
  bool forceCover(cpa::ArgNode* node);
  /// The uncovered nodes at `node`'s location created before it (candidates to cover it).
  std::vector<cpa::ArgNode*> olderAtLocation(const cpa::ArgNode* node) const;
  /// Records that `by` covers `node`: the nodes `node` covered and its subtree go.
  void cover(cpa::ArgNode* node, cpa::ArgNode* by);
  /// label(node) := label(node) ∧ conjunct; the nodes `node` covered wait again.
  void strengthen(cpa::ArgNode* node, const z3::expr& conjunct);
  void removeChildren(cpa::ArgNode* node);
  void uncoverAllCoveredBy(cpa::ArgNode* node);

  ir::Certificate certificate();
  /// Publishes the statistics of the run and returns `result`.
  ir::Result finish(ir::Result result);

  const ir::Program& program_;
  Settings settings_;
  RunContext& context_;
  ir::Instantiator instantiator_;
  std::vector<ir::VarId> scope_;
  ImplicationChecker checker_;
  std::unique_ptr<cpa::SequenceInterpolator> interpolator_;
  std::unique_ptr<cpa::CompositeCpa> cpa_;
  std::unique_ptr<cpa::ReachedSet> reached_;
  int64_t refinements_ = 0;
};

}  // namespace argus::engines::impact
