// Houdini: drop every candidate a counterexample to induction falsifies, until none is falsified.
#include "analysis/invariants/Houdini.h"

#include <random>
#include <set>
#include <utility>

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::analysis {

Houdini::Houdini(const transforms::StepEncoder& encoder, smt::SolverConfig config)
    : encoder_(&encoder),
      solver_(encoder.ctx(), std::move(config)),
      step_(encoder.encode(encoder.freshPc("houdini"), encoder.freshState(), "houdini")) {
  solver_.add(encoder.pcInRange(step_.pcPre));
  solver_.add(step_.formula);
}

namespace {

/// Random values the solver is asked to give the post-state's integers, as assumptions it may refuse.
/// Variables nothing constrains get one value each in Z3's models (0), so a counterexample falsifies only
/// the orderings of the few variables it had to change; spread values falsify about half of the orderings
/// among free variables at once. A hint in an unsat core is refused; a variable that refused a value of
/// either sign is offered only non-negative ones (unsigned types), and after a second refusal none, until
/// the next phase.
class Hints {
 public:
  template <typename ToPost>
  Hints(z3::context& c, const std::vector<Candidate>& candidates, ToPost toPost) : ctx_(c) {
    std::set<unsigned> seen;
    for (const Candidate& cand : candidates)
      for (const z3::expr& k : smt::freeConstants(cand.formula))
        if (k.is_int() && seen.insert(k.id()).second) targets_.push_back(toPost(k));
    reset();
  }

  void reset() { refusals_.assign(targets_.size(), 0); }

  /// The hints of earlier checks become false, so the solver never branches on them again. Not right
  /// after their check: a new assertion would discard the model or core the caller reads.
  void retire(smt::Solver& solver) {
    for (const z3::expr& literal : std::exchange(spent_, {})) solver.add(!literal);
  }

  /// Checks under `assumptions` and as many hints as the solver accepts (a few rounds of unsat cores).
  smt::SatResult check(smt::Solver& solver, const std::vector<z3::expr>& assumptions) {
    constexpr int kRounds = 3;
    constexpr int kSpread = 32;
    std::uniform_int_distribution<int> anyValue(-kSpread, kSpread), nonNegative(0, 2 * kSpread);
    retire(solver);
    for (int round = 0; round < kRounds; ++round) {
      std::vector<z3::expr> all = assumptions;
      std::vector<std::pair<unsigned, size_t>> offered;  // hint literal id, target
      for (size_t i = 0; i < targets_.size(); ++i) {
        if (refusals_[i] >= 2) continue;
        int value = refusals_[i] == 0 ? anyValue(random_) : nonNegative(random_);
        z3::expr literal = smt::freshConst(ctx_, "houdini-hint", ctx_.bool_sort());
        solver.add(z3::implies(literal, targets_[i] == ctx_.int_val(value)));
        all.push_back(literal);
        offered.emplace_back(literal.id(), i);
      }
      if (offered.empty()) break;
      smt::SatResult r = solver.check(all);
      spent_.insert(spent_.end(), all.begin() + static_cast<long>(assumptions.size()), all.end());
      if (r != smt::SatResult::Unsat) return r;
      std::vector<size_t> inCore;
      for (const z3::expr& lit : solver.unsatCore())
        for (auto& [id, i] : offered)
          if (lit.id() == id) inCore.push_back(i);
      if (inCore.empty()) return r;  // unsatisfiable without any hint
      // One hint alone is refused: a value the variable cannot take here. Several together usually
      // contradict the query's goal (no candidate violated), not a variable: go on without hints.
      if (inCore.size() > 1) break;
      ++refusals_[inCore.front()];
    }
    return solver.check(assumptions);
  }

 private:
  z3::context& ctx_;
  std::vector<z3::expr> targets_;
  std::vector<int> refusals_;
  std::vector<z3::expr> spent_;
  std::mt19937 random_{20261126};  // fixed: the same run twice gives the same models
};

}  // namespace

std::optional<std::vector<Candidate>> Houdini::filter(const std::vector<Candidate>& candidates) {
  const auto& enc = *encoder_;
  z3::context& c = enc.ctx();
  struct Entry {
    z3::expr literal, before, violatedAfter;
  };
  std::vector<Entry> entries;
  for (const Candidate& cand : candidates) {
    z3::expr lit = smt::freshConst(c, "houdini-cand", c.bool_sort());
    z3::expr before = z3::implies(enc.pcAt(step_.pcPre, cand.cut), enc.at(cand.formula, step_.pre));
    solver_.add(z3::implies(lit, before));
    entries.push_back({lit, before, enc.pcAt(step_.pcPost, cand.cut) && !enc.at(cand.formula, step_.post)});
  }
  std::vector<bool> alive(candidates.size(), true);
  size_t living = candidates.size();
  // Initiation first: blocks leaving the entry start from states the candidates do not constrain, so
  // their counterexamples are varied and each drops many candidates at once. Consecution checks that
  // start under a large candidate set (every ordering x <= y and y <= x makes all variables equal) see
  // degenerate pre-states, and each of their counterexamples drops only a few candidates.
  z3::expr fromEntry = enc.pcAt(step_.pcPre, enc.system().entry());
  bool initiation = true;
  Hints hints(c, candidates, [&](const z3::expr& e) { return enc.at(e, step_.post); });
  while (living > 0) {
    std::vector<z3::expr> violations;
    z3::expr goal = smt::freshConst(c, "houdini-goal", c.bool_sort());
    std::vector<z3::expr> assumptions{goal};
    if (initiation) assumptions.push_back(fromEntry);
    for (size_t i = 0; i < entries.size(); ++i) {
      if (!alive[i]) continue;
      violations.push_back(entries[i].violatedAfter);
      assumptions.push_back(entries[i].literal);
    }
    solver_.add(z3::implies(goal, smt::mkOr(c, violations)));
    smt::SatResult r = hints.check(solver_, assumptions);
    if (r == smt::SatResult::Unknown) return std::nullopt;
    if (r == smt::SatResult::Unsat) {
      solver_.add(!goal);
      if (!initiation) break;
      initiation = false;
      hints.reset();
      continue;
    }
    size_t dropped = 0;
    try {
      z3::model model = solver_.model();
      for (size_t i = 0; i < entries.size(); ++i)
        if (alive[i] && model.eval(entries[i].violatedAfter, true).is_true()) alive[i] = false, ++dropped;
    } catch (const z3::exception&) {
      return std::nullopt;  // the check was interrupted while it built the model
    }
    solver_.add(!goal);
    INVARIANT(dropped > 0, "a counterexample to induction that violates no candidate");
    living -= dropped;
  }
  hints.retire(solver_);
  std::vector<Candidate> accepted;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (!alive[i]) continue;
    solver_.add(entries[i].before);
    accepted.push_back(candidates[i]);
  }
  return accepted;
}

}  // namespace argus::analysis
