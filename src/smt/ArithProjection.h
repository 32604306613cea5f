// Our own model-based projection for Booleans, linear real and linear integer arithmetic (Komuravelli,
// Gurfinkel, Chaki, CAV 2014, Section 5): one variable at a time, from a cube of literals that the model
// satisfies, choosing at each step the disjunct of quantifier elimination that the model selects.
//   * Booleans: the model's value is substituted.
//   * Reals: an equality x = e is used as a substitution; otherwise Loos–Weispfenning virtual
//     substitution of the lower bound that is largest in the model (x := l, or x := l + ε for a strict
//     bound), or nothing at all when x is unbounded on one side.
//   * Integers: Cooper's method guided by the model (Bjørner & Janota, "Playing with quantified
//     satisfaction", LPAR 2015). An equality A·x = e is substituted (each constraint scaled by A) with
//     the divisibility A | e. Otherwise, of the lower bounds A·x ≥ l the one with the greatest ⌈M(l)/A⌉
//     is chosen and A·x := l + δ substituted with A | l + δ, where the constant δ puts x in the residue
//     class of M(x) modulo the lcm of the divisibility constraints on x (the model's disjunct of
//     Cooper's); this is the lcm normalisation of x's coefficients done one constraint at a time.
//     mod, div and rem by constants are purified (t mod k = t − k·z, 0 ≤ t − k·z < k, z fresh and also
//     eliminated), so divisibility in the input and in the output is handled the same way.
// A variable the projection does not understand (under a non-linear term, an uninterpreted function,
// an array, a bit-vector; an integer in a constraint with reals; a number beyond 128 bits) is left in
// the cube and reported, for Mbp.cc to hand to Z3's projection.
#pragma once

#include <z3++.h>

#include <vector>

namespace argus::smt {

struct ArithProjection {
  /// The projected cube: true in the model, implies ∃(vars \ unprojected). cube, mentions no variable
  /// of `vars` but those of `unprojected` and no symbol the cube does not mention.
  std::vector<z3::expr> literals;
  /// The variables of `vars` that occur in `literals` (the projection could not eliminate them).
  std::vector<z3::expr> unprojected;
};

/// Projects the uninterpreted constants `vars` out of `cube`, a conjunction of ite-free literals true in
/// `model` (what modelImplicant returns); see the header comment for the method and the contract above.
ArithProjection projectArithmetic(const std::vector<z3::expr>& vars, const std::vector<z3::expr>& cube,
                                  const z3::model& model);

}  // namespace argus::smt
