// Houdini: drop every candidate a counterexample to induction falsifies, until none is falsified.
#include "analysis/invariants/Houdini.h"

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
  while (living > 0) {
    std::vector<z3::expr> violations;
    z3::expr goal = smt::freshConst(c, "houdini-goal", c.bool_sort());
    std::vector<z3::expr> assumptions{goal};
    for (size_t i = 0; i < entries.size(); ++i) {
      if (!alive[i]) continue;
      violations.push_back(entries[i].violatedAfter);
      assumptions.push_back(entries[i].literal);
    }
    solver_.add(z3::implies(goal, smt::mkOr(c, violations)));
    smt::SatResult r = solver_.check(assumptions);
    if (r == smt::SatResult::Unknown) return std::nullopt;
    if (r == smt::SatResult::Unsat) {
      solver_.add(!goal);
      break;
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
  std::vector<Candidate> accepted;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (!alive[i]) continue;
    solver_.add(entries[i].before);
    accepted.push_back(candidates[i]);
  }
  return accepted;
}

}  // namespace argus::analysis
