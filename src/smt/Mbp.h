// Model-based projection (MBP): an under-approximation of ∃vars.formula that contains a given model,
// computed cheaply from that model instead of by full quantifier elimination. Used by the interpolator
// (and later by IC3/PDR-style engines) to turn a model into a cube over the variables that matter.
//
// Contract of project(eliminate, formula, model), for model ⊨ formula:
//   * the result mentions none of `eliminate` and no symbol that `formula` does not mention;
//   * model ⊨ result;
//   * result ⇒ ∃eliminate. formula.
// Today the arithmetic and array work is done by Z3's Z3_qe_model_project (Loos–Weispfenning for
// reals, a Cooper-style projection for integers, array projection) behind this interface, so that an
// own LRA/LIA implementation can replace it without touching callers. Whatever Z3 leaves unprojected
// (non-linear terms, bit-vectors, ...) is replaced by its model value, which keeps the contract (the
// result is then just less general).
#pragma once

#include <z3++.h>

#include <optional>
#include <vector>

#include "util/Stats.h"

namespace argus::smt {

/// The projection as a conjunction of literals (a cube); see the contract above. `eliminate` holds
/// uninterpreted constants. Returns nullopt when the formula is outside what can be projected
/// (quantifiers; a variable whose model value is not a closed term, e.g. an array given by a model
/// function). Counts "mbp.calls" and "mbp.value_substitutions" when `stats` is given.
std::optional<std::vector<z3::expr>> projectCube(const std::vector<z3::expr>& eliminate,
                                                 const z3::expr& formula, const z3::model& model,
                                                 Stats* stats = nullptr);

/// The same projection as one formula (the conjunction of the cube).
std::optional<z3::expr> project(const std::vector<z3::expr>& eliminate, const z3::expr& formula,
                                const z3::model& model, Stats* stats = nullptr);

}  // namespace argus::smt
