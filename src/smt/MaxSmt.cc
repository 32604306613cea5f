// Max-SMT facade: Z3's optimizer, and a stratified OLL core-guided loop over the Solver facade.
#include "smt/MaxSmt.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <unordered_map>

#include "smt/Solver.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::smt {
namespace {

// Connectives that fold constants, so that the counter below stays small at its edges.
z3::expr orOf(const z3::expr& a, const z3::expr& b) {
  if (a.is_true() || b.is_false()) return a;
  if (b.is_true() || a.is_false()) return b;
  return a || b;
}
z3::expr andOf(const z3::expr& a, const z3::expr& b) {
  if (a.is_false() || b.is_true()) return a;
  if (b.is_false() || a.is_true()) return b;
  return a && b;
}

/// "At most k of xs hold" as a sequential counter: atLeast[j] reads "at least j of the inputs so far
/// hold". Z3 shares equal terms, so the counters for k and k+1 over the same inputs share all but a row.
z3::expr atMost(z3::context& ctx, const std::vector<z3::expr>& xs, unsigned k) {
  std::vector<z3::expr> atLeast(k + 2, ctx.bool_val(false));
  atLeast[0] = ctx.bool_val(true);
  for (const z3::expr& x : xs)
    for (unsigned j = k + 1; j >= 1; --j) atLeast[j] = orOf(atLeast[j], andOf(x, atLeast[j - 1]));
  return !atLeast[k + 1];
}

/// A soft constraint of the OLL loop: an original one (no violations), or the cardinality "at most
/// `bound` of `violations` hold" that a core introduced. Its weight drops as cores use it up.
struct Goal {
  z3::expr selector;
  unsigned long long weight;
  std::vector<z3::expr> violations;
  unsigned bound = 0;
};

/// Z3's timeout parameter for a limit in seconds: milliseconds, at least one; UINT_MAX means none.
unsigned timeoutMs(double seconds) {
  if (!std::isfinite(seconds)) return UINT_MAX;
  return static_cast<unsigned>(std::min(std::max(1.0, seconds * 1000.0), 4e9));
}

}  // namespace

const char* toString(MaxSmtMethod m) {
  switch (m) {
    case MaxSmtMethod::Optimize: return "Optimize";
    case MaxSmtMethod::CoreGuided: return "CoreGuided";
  }
  return "?";
}

MaxSmt::MaxSmt(z3::context& ctx, SolverConfig config, MaxSmtMethod method)
    : ctx_(&ctx), config_(std::move(config)), method_(method) {
  if (method_ == MaxSmtMethod::Optimize) {
    optimize_.emplace(ctx);
    return;
  }
  queryToken_ = std::make_unique<ShutdownToken>();
  SolverConfig inner = config_;
  inner.shutdown = queryToken_.get();
  inner.queryTimeoutSeconds = 0;  // the query token's deadline already holds it, for the whole solve()
  solver_ = std::make_unique<Solver>(ctx, inner);
}

MaxSmt::~MaxSmt() = default;

void MaxSmt::addHard(const z3::expr& formula) {
  if (optimize_) optimize_->add(formula);
  else solver_->add(formula);
}

size_t MaxSmt::addSoft(const z3::expr& formula, unsigned weight) {
  INVARIANT(weight >= 1, "a soft constraint needs a positive weight");
  // Optimize ranks objectives in the order they appear: the soft constraints' must come first.
  INVARIANT(!optimize_ || preferences_.empty(), "Optimize: add every soft constraint before the preferences");
  z3::expr selector = ctx_->bool_val(false);  // Optimize: no literal vouches for the formula
  if (optimize_) {
    optimize_->add_soft(formula, weight);
  } else {
    // Outside any push scope: the selector is only ever assumed, so asserting its implication for good
    // costs nothing when the soft constraint is not assumed.
    selector = freshConst(*ctx_, "maxsmt!soft", ctx_->bool_sort());
    solver_->add(z3::implies(selector, formula));
  }
  softs_.push_back({formula, weight, selector});
  return softs_.size() - 1;
}

size_t MaxSmt::addPreference(const z3::expr& formula) {
  z3::expr selector = ctx_->bool_val(false);
  if (optimize_) {
    // A second objective (its own id), below the soft constraints' default one: Z3 optimises the
    // objectives lexicographically in the order they were created, and the soft constraints' objective
    // exists from the first addSoft on.
    Z3_optimize_assert_soft(*ctx_, *optimize_, formula, "1", Z3_mk_string_symbol(*ctx_, "argus-preferences"));
  } else {
    selector = freshConst(*ctx_, "maxsmt!pref", ctx_->bool_sort());
    solver_->add(z3::implies(selector, formula));
  }
  preferences_.push_back({formula, 1, selector});
  return preferences_.size() - 1;
}

unsigned MaxSmt::checks() const { return solver_ ? solver_->checks() : optimizeChecks_; }
double MaxSmt::checkSeconds() const { return solver_ ? solver_->checkSeconds() : optimizeSeconds_; }

double MaxSmt::timeLimit() const {
  double limit = config_.shutdown ? config_.shutdown->remainingSeconds() : std::numeric_limits<double>::infinity();
  if (config_.queryTimeoutSeconds > 0) limit = std::min(limit, config_.queryTimeoutSeconds);
  return limit;
}

MaxSmtResult MaxSmt::describe(const z3::model& model) const {
  MaxSmtResult out;
  out.status = SatResult::Sat;
  out.model = model;
  for (const Soft& s : softs_) {
    // A true selector proves the formula even where evaluation cannot (say, under a quantifier).
    bool holds = model.eval(s.selector, true).is_true() || model.eval(s.formula, true).is_true();
    out.satisfied.push_back(holds);
    if (!holds) out.cost += s.weight;
  }
  for (const Soft& s : preferences_)
    out.preferred.push_back(model.eval(s.selector, true).is_true() || model.eval(s.formula, true).is_true());
  return out;
}

MaxSmtResult MaxSmt::solve() {
  Stopwatch watch;
  MaxSmtResult out = method_ == MaxSmtMethod::Optimize ? solveOptimize() : solveCoreGuided();
  if (config_.stats) {
    config_.stats->add("maxsmt.checks");
    config_.stats->addTime("maxsmt.time", watch.seconds());
    if (out.status == SatResult::Unknown) config_.stats->add("maxsmt.unknown");
  }
  return out;
}

MaxSmtResult MaxSmt::solveOptimize() {
  if (config_.shutdown && config_.shutdown->stopRequested()) return {};
  z3::params p(*ctx_);
  p.set("timeout", timeoutMs(timeLimit()));
  optimize_->set(p);
  if (!config_.dumpDir.empty()) {
    unsigned n = 0;
    std::ofstream out = openQueryDump(config_.dumpDir, config_.name + "-maxsmt", n);
    out << "; argus Max-SMT query " << n << " from " << config_.name << "\n" << *optimize_;
  }

  Stopwatch watch;
  z3::check_result r = z3::unknown;
  {
    z3::context* ctx = ctx_;
    StopCallbackScope interrupt(config_.shutdown, [ctx] { ctx->interrupt(); });
    // Checked again with the callback in place, so that a stop between the two checks is not lost.
    if (!config_.shutdown || !config_.shutdown->stopRequested()) {
      try {
        r = optimize_->check();
      } catch (const z3::exception& e) {
        if (!isResourceLimit(e.msg())) throw;  // as in Solver::run: misuse is a bug, not an Unknown
      }
    }
  }
  optimizeSeconds_ += watch.seconds();
  ++optimizeChecks_;
  if (r == z3::sat) return describe(optimize_->get_model());
  MaxSmtResult out;
  if (r == z3::unsat) out.status = SatResult::Unsat;
  return out;
}

MaxSmtResult MaxSmt::solveCoreGuided() {
  if (config_.shutdown && config_.shutdown->stopRequested()) return {};
  double limit = timeLimit();
  solveDeadline_.reset();
  if (std::isfinite(limit)) solveDeadline_ = ShutdownToken::deadlineAfter(std::max(limit, 1e-6));
  if (solveDeadline_) queryToken_->setDeadline(*solveDeadline_);
  else queryToken_->setTimeout(0);
  ShutdownToken* query = queryToken_.get();
  StopCallbackScope forward(config_.shutdown, [query] { query->requestStop("stopped by the caller's token"); });
  if (config_.shutdown && config_.shutdown->stopRequested()) return {};

  // The cardinality constraints of this solve() go in a scope of their own, so that a later solve()
  // starts from the original soft constraints.
  solver_->push();
  struct PopOnExit {
    Solver& solver;
    ~PopOnExit() { solver.pop(); }
  } popOnExit{*solver_};

  std::vector<Goal> goals;
  std::unordered_map<unsigned, size_t> goalOf;  // selector's AST id -> index in goals
  auto addGoal = [&](z3::expr selector, unsigned long long weight, std::vector<z3::expr> violations,
                     unsigned bound) {
    goalOf.emplace(selector.id(), goals.size());
    goals.push_back({selector, weight, std::move(violations), bound});
  };
  auto addCardinality = [&](const std::vector<z3::expr>& violations, unsigned bound, unsigned long long weight) {
    z3::expr selector = freshConst(*ctx_, "maxsmt!card", ctx_->bool_sort());
    solver_->add(z3::implies(selector, atMost(*ctx_, violations, bound)));
    addGoal(selector, weight, violations, bound);
  };
  for (const Soft& s : softs_) addGoal(s.selector, s.weight, {}, 0);

  // Goals at least as heavy as the threshold are assumed. The first round assumes none: it decides
  // whether the hard constraints alone are satisfiable.
  unsigned long long threshold = ULLONG_MAX;
  unsigned long long lowerBound = 0;  // the sum of the weights the cores so far have used up
  // Every model on the way satisfies the hard constraints; the cheapest one is what an undecided
  // solve() still hands back (without a claim of optimality).
  MaxSmtResult best;
  auto undecided = [&] {
    best.status = SatResult::Unknown;
    return best;
  };
  while (true) {
    std::vector<z3::expr> assumptions;
    for (const Goal& g : goals)
      if (g.weight > 0 && g.weight >= threshold) assumptions.push_back(g.selector);
    SatResult r = solver_->check(assumptions);
    if (r == SatResult::Unknown) return undecided();
    if (r == SatResult::Sat) {
      MaxSmtResult seen = describe(solver_->model());
      if (!best.model || seen.cost < best.cost) best = seen;
      // Every goal at or above the threshold holds; go on with the next lighter stratum, and stop (with
      // a minimum-cost model) once the check assumed every goal of positive weight.
      unsigned long long next = 0;
      for (const Goal& g : goals)
        if (g.weight < threshold) next = std::max(next, g.weight);
      if (next == 0) {
        // OLL's final model costs exactly the lower bound; should it not (a bug, or a soft constraint
        // the model cannot decide), nothing proves it optimal.
        MaxSmtResult out = describe(solver_->model());
        if (out.cost == lowerBound) return addPreferences(std::move(out), std::move(assumptions));
        if (config_.stats) config_.stats->add("maxsmt.unproved");
        return undecided();
      }
      threshold = next;
      continue;
    }
    std::vector<size_t> core;
    for (const z3::expr& e : solver_->unsatCore()) core.push_back(goalOf.at(e.id()));
    if (core.empty()) {  // unsatisfiable without any soft constraint
      MaxSmtResult out;
      out.status = SatResult::Unsat;
      return out;
    }
    if (config_.stats) config_.stats->add("maxsmt.cores");
    // OLL: the core costs at least its lightest weight. Every goal in it gives up that much weight; in
    // exchange, "at most one of them is violated" becomes a goal of that weight, and a cardinality goal
    // in the core is succeeded by its next bound.
    unsigned long long lightest = ULLONG_MAX;
    for (size_t i : core) lightest = std::min(lightest, goals[i].weight);
    lowerBound += lightest;
    std::vector<z3::expr> violated;
    for (size_t i : core) {
      goals[i].weight -= lightest;
      violated.push_back(!goals[i].selector);
      if (goals[i].bound + 1 < goals[i].violations.size()) {
        std::vector<z3::expr> violations = goals[i].violations;  // addCardinality may move goals
        addCardinality(violations, goals[i].bound + 1, lightest);
      }
    }
    if (violated.size() > 1) addCardinality(violated, 1, lightest);
  }
}

MaxSmtResult MaxSmt::addPreferences(MaxSmtResult optimal, std::vector<z3::expr> assumptions) {
  // Every preference the current model satisfies is kept (assumed from then on). Then "one more of the
  // others holds" is asked as one check: Sat keeps at least one more and asks again; Unsat proves the
  // kept set maximal in a single check, however many preferences are left (the common case when no
  // candidate contains any of them). Only when that check is undecided does each remaining preference get
  // a check of its own. Every check keeps the optimum's assumptions, so the cost stays minimal. A check
  // past its own limit (preferenceCheckSeconds) is not a failure of the solve(): the deadline of the whole
  // solve() is restored afterwards, and an overall timeout keeps the best model so far.
  // All these checks together may take as long as one "one more" check (four single ones): a tie-breaker
  // must not cost several times what it breaks ties for. Before, the single checks after an undecided
  // "one more" had half a second each, and on reve_020 (CHC) six of them ran out after it had, 5 of the
  // search's 7.5 s, to keep no more samples. (A check may overrun the budget by up to a second: Solver
  // renews Z3's timeout only when it moves by more.)
  const double budget = 4 * preferenceCheckSeconds_;
  Stopwatch spent;
  std::vector<bool> kept(preferences_.size(), false);
  auto keepSatisfied = [&] {
    for (size_t i = 0; i < preferences_.size(); ++i)
      if (!kept[i] && optimal.preferred[i]) {
        kept[i] = true;
        assumptions.push_back(preferences_[i].selector);
      }
  };
  // "One more of the others" may take as long as a few single checks: it stands for all of them.
  auto check = [&](const z3::expr& extra, double seconds) {
    if ((solveDeadline_ && ShutdownToken::Clock::now() >= *solveDeadline_) ||
        (config_.shutdown && config_.shutdown->stopRequested()))
      return SatResult::Unknown;
    double left = budget - spent.seconds();
    if (left <= 0) return SatResult::Unknown;
    auto deadline = ShutdownToken::deadlineAfter(std::min(seconds, left));
    queryToken_->setDeadline(solveDeadline_ ? std::min(*solveDeadline_, deadline) : deadline);
    assumptions.push_back(extra);
    SatResult r = solver_->check(assumptions);
    assumptions.pop_back();
    if (r == SatResult::Sat) {
      optimal = describe(solver_->model());
      keepSatisfied();
    }
    return r;
  };
  keepSatisfied();
  SatResult some = SatResult::Unsat;
  while (true) {
    std::vector<z3::expr> others;
    for (size_t i = 0; i < preferences_.size(); ++i)
      if (!kept[i]) others.push_back(preferences_[i].formula);
    if (others.empty()) break;
    z3::expr oneMore = freshConst(*ctx_, "maxsmt!more", ctx_->bool_sort());
    solver_->add(z3::implies(oneMore, mkOr(*ctx_, others)));  // in solve()'s scope: gone afterwards
    some = check(oneMore, budget);
    if (some != SatResult::Sat) break;
  }
  if (some == SatResult::Unknown)
    for (size_t i = 0; i < preferences_.size(); ++i)
      if (!kept[i]) check(preferences_[i].selector, preferenceCheckSeconds_);  // Sat keeps it, and what else holds
  if (config_.stats)
    config_.stats->add("maxsmt.preferences_dropped",
                       static_cast<int64_t>(std::count(kept.begin(), kept.end(), false)));
  if (solveDeadline_) queryToken_->setDeadline(*solveDeadline_);
  else queryToken_->setTimeout(0);
  return optimal;
}

}  // namespace argus::smt
