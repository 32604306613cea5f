// Linear constraints read off SMT literals: the shape Farkas' lemma needs. A literal of a path cube
// (x + 2*y <= 7, not (x = y) resolved to x < y by the model, x = y + 1, a Boolean variable b as the 0/1
// number ite(b, 1, 0) = 1) becomes rows
// Σ coeff·var + constant ≤ 0 (or = 0) with exact rational coefficients. What is not linear — products of
// variables, arrays, other Boolean atoms — is reported as such and dropped by callers, which only weakens the
// premises of an implication (a sound over-approximation of a transition).
#pragma once

#include <gmpxx.h>
#include <z3++.h>

#include <map>
#include <optional>
#include <vector>

namespace argus::engines::maxsmt {

/// Σ coeffs[v]·v + constant, variables keyed by their Z3 ast id (the term itself kept in `vars`).
struct LinearExpr {
  std::map<unsigned, mpq_class> coeffs;
  mpq_class constant = 0;
  void add(const LinearExpr& o, const mpq_class& factor);
  bool isConstant() const { return coeffs.empty(); }
  bool operator==(const LinearExpr& o) const { return coeffs == o.coeffs && constant == o.constant; }
};

/// expr ≤ 0 (or = 0 when `equality`).
struct LinearRow {
  LinearExpr expr;
  bool equality = false;
  bool operator==(const LinearRow& o) const { return equality == o.equality && expr == o.expr; }
};

/// Reads literals into rows over a growing table of variables (Int or Real constants).
class Linearizer {
 public:
  explicit Linearizer(z3::context& ctx) : ctx_(&ctx) {}

  /// The rows a literal stands for, or nullopt if it is not a linear arithmetic comparison. Over Int, a
  /// strict x < y becomes x - y + 1 ≤ 0; `x mod k` and `x div k` for a numeral k > 0 get a fresh
  /// quotient variable and the rows that define them.
  std::optional<std::vector<LinearRow>> literal(const z3::expr& lit);
  /// A linear term, or nullopt.
  std::optional<LinearExpr> term(const z3::expr& e, std::vector<LinearRow>& side);

  /// Registers a variable (so that rows over it can be written back); returns its key. A Boolean variable
  /// b is the 0/1 number ite(b, 1, 0) (see numeric).
  unsigned declare(const z3::expr& var) { return varOf(numeric(var)); }
  /// A Boolean variable as the number ite(b, 1, 0), so that templates and rows can speak of it (a flag
  /// that LLVM keeps as an i1, such as a loop-invariant comparison hoisted out of the loop); else `var`.
  static z3::expr numeric(const z3::expr& var);
  /// The variable with this ast id.
  const z3::expr& var(unsigned id) const { return vars_.at(id); }
  /// Rebuilds a row as a Z3 formula (over Int when every variable is Int).
  z3::expr toExpr(const LinearRow& row) const;
  z3::expr toExpr(const LinearExpr& e) const;

 private:
  unsigned varOf(const z3::expr& e);

  z3::context* ctx_;
  std::map<unsigned, z3::expr> vars_;
};

/// A numeral as an exact rational, or nullopt.
std::optional<mpq_class> numeralValue(const z3::expr& e);

}  // namespace argus::engines::maxsmt
