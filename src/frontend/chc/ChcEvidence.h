// The two answers a CHC solver can prove, over the original clauses of a ChcSystem: a model
// (an interpretation of every predicate; proves `sat`) and a derivation of false (clause instances with
// values; proves `unsat`), and their CHC-COMP style text. certify/chc builds and checks them.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "frontend/chc/ChcSystem.h"

namespace argus::chc {

struct ChcModel {
  /// Per predicate: its formal parameters (constants x0, x1, ... of the parameter sorts).
  std::vector<std::vector<z3::expr>> formals;
  /// Per predicate: a formula over its formals.
  std::vector<z3::expr> interp;

  /// Formals for every predicate of `system`, every interpretation `false`.
  static ChcModel empty(const ChcSystem& system);
  /// The interpretation of `pred` applied to `args`.
  z3::expr apply(PredId pred, const std::vector<z3::expr>& args) const;
};

/// One clause instance: the values of all clause variables, and for each body application the step
/// that derived that fact.
struct DerivationStep {
  uint32_t clause = 0;
  std::vector<z3::expr> values;   // parallel to the clause's vars
  std::vector<size_t> premises;   // parallel to the clause's body
};

/// Steps in order: premises come before the steps that use them; the last step is a query.
struct ChcDerivation {
  std::vector<DerivationStep> steps;
};

/// `(model (define-fun P ((x0 Int) ...) Bool φ) ...)`, one define-fun per declared predicate.
std::string modelText(const ChcSystem& system, const ChcModel& model);

/// `(derivation (step 0 (clause 1 :line 5) (head (P 0)) (premises) (values (A 0))) ...)`.
std::string derivationText(const ChcSystem& system, const ChcDerivation& derivation);

}  // namespace argus::chc
