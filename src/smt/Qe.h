// Existential projection by quantifier elimination (Z3's qe-light, then full qe on what it leaves):
// exact, unlike model-based projection (Mbp.h), and therefore what model builders use when a predicate's
// interpretation must be the strongest consequence of its clauses.
#pragma once

#include <z3++.h>

#include <vector>

namespace argus::smt {

/// ∃vars. body, quantifier-free when Z3's qe tactic manages (LIA, LRA) within `timeoutSeconds` (0: no
/// limit); otherwise the quantified formula.
z3::expr projectExists(const std::vector<z3::expr>& vars, const z3::expr& body, double timeoutSeconds = 0);

/// Whether the formula contains a quantifier.
bool hasQuantifier(const z3::expr& e);

}  // namespace argus::smt
