// Strongest consequences at the CHC level (existential projection: smt/Qe.h): the one-step image of a
// predicate under its clauses. The model builders use them to fill in interpretations a certificate does
// not give directly.
#pragma once

#include <z3++.h>

#include <vector>

#include "frontend/chc/ChcEvidence.h"
#include "frontend/chc/ChcSystem.h"

namespace argus::certify {

/// What one application of the clause derives from `bodyFacts` (its body applications already interpreted),
/// over the head predicate's `formals`: ∃(variables other than head arguments). ∧ bodyFacts ∧ constraint.
z3::expr clauseImage(const chc::Clause& clause, const std::vector<z3::expr>& bodyFacts,
                     const std::vector<z3::expr>& formals, double timeoutSeconds = 0);

/// The facts about `pred` one clause application derives from `model`:
/// ∨ over clauses with head pred of ∃(other vars). ∧ body interpretations ∧ constraint, over pred's formals.
z3::expr imageOf(const chc::ChcSystem& system, const chc::ChcModel& model, chc::PredId pred,
                 double timeoutSeconds = 0);

/// A value of the sort (0, false, the constant array of such, ...), for variables whose value is irrelevant.
z3::expr defaultValue(const z3::sort& sort);

}  // namespace argus::certify
