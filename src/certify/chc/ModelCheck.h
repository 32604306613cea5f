// CHC models: built from an engine's certificate over the program toProgram() made (location invariants
// for linear systems, procedure contracts for non-linear ones), or by a bounded least-fixpoint
// iteration; and checked against every original clause with a fresh solver.
#pragma once

#include <optional>
#include <string>

#include "certify/Certify.h"
#include "frontend/chc/ChcEvidence.h"
#include "frontend/chc/ChcSystem.h"
#include "frontend/chc/ToProgram.h"
#include "ir/Evidence.h"

namespace argus::certify {

struct ModelOutcome {
  std::optional<chc::ChcModel> model;
  std::string detail;  // why there is none
};

/// Interpretations from `certificate` (which must speak about `program`, the result of toProgram()).
/// Predicates the certificate leaves open get the image of their clauses (computed in dependency order;
/// fails if they depend on each other in a cycle). CompleteUnrolling, BlockBound and InliningTree
/// certificates use the iteration.
ModelOutcome chcModelFromCertificate(const chc::ChcSystem& system, const chc::ChcProgram& program,
                                     const ir::Certificate& certificate, unsigned maxRounds = 64,
                                     double budgetSeconds = 10);

/// The least model by iterating the clause images from `false`, if a fixpoint comes within `maxRounds`
/// (it does when every derivation is short, e.g. programs whose executions are bounded) and within
/// `budgetSeconds` of work.
ModelOutcome chcModelByIteration(const chc::ChcSystem& system, unsigned maxRounds, double budgetSeconds = 10);

/// Every clause holds in the model: body interpretations ∧ constraint ⇒ head interpretation, each
/// checked with a fresh solver (timeoutSeconds per clause; 0 = none). Names the first violated clause.
CheckOutcome checkChcModel(const chc::ChcSystem& system, const chc::ChcModel& model, double timeoutSeconds);

}  // namespace argus::certify
