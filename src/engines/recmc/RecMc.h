// RecMC (Komuravelli, Gurfinkel, Chaki: "SMT-based Model Checking for Recursive Programs", CAV 2014)
// over a system of Horn clauses (ir/Horn.h), linear or not: bounded safety by queries over predicates,
// answered from reach facts (under-approximations, made by model-based projection along a clause) and
// blocked by summary facts (over-approximations, from unsat cores, dropping literals and weakening
// equalities to inequalities, relative to the facts of the level below); iterative deepening on the
// bound; SAFE when the summary facts of some level are inductive, UNSAFE when a reach fact of a query
// clause exists.
//
// Vocabulary as in the paper: a query ⟨P, φ, b⟩ asks for a derivation of P of height at most b that
// satisfies φ; a reach fact of P is a formula every model of which P derives; a summary fact of P at
// level b holds for every derivation of P of height at most b. Clauses with head false are the clauses
// of one more predicate (the "query predicate", arity 0), whose summary fact `false` at bound n says
// that nothing derives false within n.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engines/Engine.h"
#include "ir/Horn.h"

namespace argus::engines::recmc {

struct Settings {
  bool dropLiterals = true;      // generalise a blocked query's cube beyond its unsat core
  bool relativeInduction = true; // assume the new fact for the predicate's own body applications
  bool reuseReachFacts = true;   // answer a query from an existing reach fact before any clause check
  bool propagate = true;         // push summary facts to higher bounds after each bound
  bool weakenEqualities = true;  // widen a blocked cube's equalities to half-spaces where still blocked
  bool seeds = true;             // start from inductive facts found by sampling and Houdini (Seeds.h)
  double seedSeconds = 3;        // the seeds' time budget
  int64_t maxBound = -1;         // -1: no limit

  static Settings from(const Options& options);
};
void registerOptions(OptionRegistry& registry);

struct Answer {
  enum class Kind { Safe, Unsafe, Unknown };
  Kind kind = Kind::Unknown;
  std::optional<ir::horn::Model> model;            // Safe
  std::optional<ir::horn::Derivation> derivation;  // Unsafe
  ir::UnknownReason reason = ir::UnknownReason::None;
  std::string detail;
  unsigned bound = 0;
};

/// Solves `system`; polls the run's shutdown token, logs (module "recmc") and counts (recmc.*).
Answer solve(const ir::horn::System& system, const Settings& settings, RunContext& context);

}  // namespace argus::engines::recmc
