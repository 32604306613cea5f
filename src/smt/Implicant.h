// Model-guided implicants: for a quantifier-free formula and a model of it, a conjunction of literals
// that the model satisfies and that implies the formula. Model-based projection and the interpolator
// start from such cubes because projection and unsat cores work on literals, not on Boolean structure.
#pragma once

#include <z3++.h>

#include <optional>
#include <vector>

namespace argus::smt {

/// Literals (atoms or negated atoms) true in `model` whose conjunction implies `formula`, each once.
/// The Boolean structure (and, or, not, =>, xor, Boolean ite and equality, distinct) is resolved by the
/// model, and so is every term-level if-then-else inside an atom (its condition joins the cube), so the
/// atoms are ite-free. A negated arithmetic equality becomes the strict inequality the model satisfies.
/// Requires model ⊨ formula (evaluated with model completion). Returns nullopt for quantifiers or
/// when the model does not evaluate some Boolean subformula to true or false.
std::optional<std::vector<z3::expr>> modelImplicant(const z3::expr& formula, const z3::model& model);

/// The conjuncts of `e` with nested conjunctions flattened and `true` dropped.
std::vector<z3::expr> conjuncts(const z3::expr& e);

}  // namespace argus::smt
