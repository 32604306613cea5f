// Weighted Max-SMT: hard constraints that must hold, and soft constraints with weights whose violated total
// (the cost) is to be minimised. Two interchangeable methods answer the same question:
//
//  - Optimize: Z3's own optimizer (z3::optimize, weighted assert-soft). Bounded like a Solver check by the
//    ShutdownToken and queryTimeoutSeconds; it ignores SolverConfig::logic and dumps the query as one
//    .smt2 file with assert-soft.
//  - CoreGuided: our own stratified OLL on top of the Solver facade, so that deadlines, query dumps,
//    the logic and the smt.* statistics apply to every check it makes. OLL rather than Fu-Malik/WPM1:
//    WPM1 clones a soft constraint each time a core splits its weight and stacks at-most-one constraints
//    over relaxation variables, while OLL only lowers weights and adds one soft cardinality constraint
//    per core ("at most k of these are violated"), extended lazily to k+1 when it shows up in a core.
//    The cardinalities are plain Boolean formulas (a sequential counter), not Z3 pseudo-Boolean terms, so
//    they work under whichever logic the solver was given. Stratification assumes the heaviest soft
//    constraints first and adds lighter strata once a stratum is satisfiable, so that cheap cores over
//    light constraints do not drown out the expensive ones.
//
// Both answer Sat only with a model of minimum cost: any Unknown on the way makes the answer Unknown.
// `satisfied` and `cost` are recomputed from the model itself (with model completion), so they describe
// that model rather than the solver's bookkeeping; CoreGuided answers Unknown rather than Sat should that
// cost differ from the lower bound its cores proved.
#pragma once

#include <z3++.h>

#include <memory>
#include <optional>
#include <vector>

#include "smt/Solver.h"

namespace argus::smt {

enum class MaxSmtMethod { Optimize, CoreGuided };
const char* toString(MaxSmtMethod m);

struct MaxSmtResult {
  /// Sat: the hard constraints are satisfiable and `model` has minimum cost. Unsat: the hard constraints
  /// are unsatisfiable. Unknown: timeout, stop request or an undecided check; CoreGuided then still gives
  /// the cheapest model of the hard constraints it saw (with `satisfied` and `cost`), if any, with no
  /// claim of optimality; Optimize gives none.
  SatResult status = SatResult::Unknown;
  std::vector<bool> satisfied;  // per soft constraint, in the order added: holds in the model
  std::vector<bool> preferred;  // per preference, in the order added: holds in the model
  unsigned long long cost = 0;  // sum of the weights of the soft constraints that do not hold
  std::optional<z3::model> model;
};

class MaxSmt {
 public:
  /// Statistics: each solve() adds one to "maxsmt.checks" and its wall time to "maxsmt.time" (and one
  /// to "maxsmt.unknown" when undecided); CoreGuided's own checks also count as "smt.checks", its cores
  /// as "maxsmt.cores".
  /// queryTimeoutSeconds bounds a whole solve(), not each check inside it.
  MaxSmt(z3::context& ctx, SolverConfig config = {}, MaxSmtMethod method = MaxSmtMethod::CoreGuided);
  ~MaxSmt();
  MaxSmt(const MaxSmt&) = delete;
  MaxSmt& operator=(const MaxSmt&) = delete;

  void addHard(const z3::expr& formula);
  /// Returns the soft constraint's index. weight >= 1 (INVARIANT).
  size_t addSoft(const z3::expr& formula, unsigned weight = 1);
  size_t softCount() const { return softs_.size(); }
  /// A tie-breaker below every soft constraint: among the minimum-cost models, one that satisfies a
  /// *maximal* (not maximum) set of preferences. CoreGuided adds them greedily after the optimum, one
  /// check each, bounded by preferenceCheckSeconds (a check that is slower counts the preference out) and
  /// all of them together by four times that;
  /// Optimize makes them a second, lexicographically lower objective (so, with Optimize, every addSoft
  /// must come before the first addPreference; INVARIANT). Cheap where a maximum would not be:
  /// proving that no model holds one more preference is what makes an optimum expensive.
  size_t addPreference(const z3::expr& formula);
  void setPreferenceCheckSeconds(double seconds) { preferenceCheckSeconds_ = seconds; }

  /// May be called again after adding more constraints; each call starts the optimisation afresh.
  MaxSmtResult solve();

  /// Satisfiability checks made so far (one per solve() for Optimize) and the seconds spent in them.
  unsigned checks() const;
  double checkSeconds() const;

 private:
  struct Soft {
    z3::expr formula;
    unsigned weight;
    z3::expr selector;  // CoreGuided: the assumption literal s with s => formula; Optimize: false
  };

  MaxSmtResult solveOptimize();
  MaxSmtResult solveCoreGuided();
  /// CoreGuided, after the optimum `optimal` (found under `assumptions`): adds preferences greedily.
  MaxSmtResult addPreferences(MaxSmtResult optimal, std::vector<z3::expr> assumptions);
  /// A Sat result for `model`: which soft constraints and preferences hold in it (with model completion)
  /// and its cost.
  MaxSmtResult describe(const z3::model& model) const;
  /// Seconds this solve() may take: the deadline and queryTimeoutSeconds; +inf for none.
  double timeLimit() const;

  z3::context* ctx_;
  SolverConfig config_;
  MaxSmtMethod method_;
  std::vector<Soft> softs_;
  std::vector<Soft> preferences_;  // weight unused
  double preferenceCheckSeconds_ = 0.5;
  // Optimize.
  std::optional<z3::optimize> optimize_;
  unsigned optimizeChecks_ = 0;
  double optimizeSeconds_ = 0;
  // CoreGuided: the facade watches a token of our own, whose deadline covers the whole solve() and which
  // a stop of config_.shutdown stops as well.
  std::unique_ptr<ShutdownToken> queryToken_;
  std::optional<ShutdownToken::Clock::time_point> solveDeadline_;  // of the current solve(); none: no limit
  std::unique_ptr<Solver> solver_;
};

}  // namespace argus::smt
