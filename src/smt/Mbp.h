// Model-based projection (MBP): an under-approximation of ∃vars.formula that contains a given model,
// computed cheaply from that model instead of by full quantifier elimination. Used by the interpolator
// (and later by IC3/PDR-style engines) to turn a model into a cube over the variables that matter.
//
// Contract of project(eliminate, formula, model), for model ⊨ formula:
//   * the result mentions none of `eliminate` and no symbol that `formula` does not mention;
//   * model ⊨ result;
//   * result ⇒ ∃eliminate. formula.
// Booleans, linear real and linear integer arithmetic are projected by our own implementation
// (ArithProjection.h: Loos–Weispfenning, model-guided Cooper). The variables it leaves (under non-linear
// terms or uninterpreted functions, arrays, integers among reals) go to Z3's Z3_qe_model_project, and
// whatever Z3 leaves too (bit-vectors, ...) is replaced by its model value, which keeps the contract
// (the result is then just less general).
#pragma once

#include <z3++.h>

#include <optional>
#include <vector>

#include "util/Stats.h"

namespace argus::smt {

/// Who projects: our own implementation with Z3 for what it leaves (the default), or Z3 alone (for the
/// comparison of the two).
enum class MbpMethod { Own, Z3 };

/// The projection as a conjunction of literals (a cube); see the contract above. `eliminate` holds
/// uninterpreted constants. Returns nullopt when the formula is outside what can be projected
/// (quantifiers; a variable whose model value is not a closed term, e.g. an array given by a model
/// function). When `stats` is given, counts "mbp.calls"; "mbp.own" (answered without Z3's projection)
/// or "mbp.z3_fallbacks" (Z3's projection was needed); "mbp.value_substitutions" (variables fixed to
/// their model value); "mbp.fallbacks" (an answer failed the contract check and a plainer one was used).
std::optional<std::vector<z3::expr>> projectCube(const std::vector<z3::expr>& eliminate,
                                                 const z3::expr& formula, const z3::model& model,
                                                 Stats* stats = nullptr, MbpMethod method = MbpMethod::Own);

/// The same projection as one formula (the conjunction of the cube).
std::optional<z3::expr> project(const std::vector<z3::expr>& eliminate, const z3::expr& formula,
                                const z3::model& model, Stats* stats = nullptr, MbpMethod method = MbpMethod::Own);

}  // namespace argus::smt
