// Inlining of Horn clauses, with its back-translator (the transform → (system, back-translator) pattern
// of transforms/): a predicate that is not recursive and is defined by exactly one clause is replaced,
// wherever it occurs in a body, by that clause's body and constraint (with fresh variables) — always when
// that clause has no body applications (a fact: copied once per use) or the predicate is used once
// (moved), otherwise while its copies over all uses stay within a small number of clause instances.
// Lustre-style step functions, the intermediate predicates of a product program and single-path
// procedures then stop being separate predicates whose summaries an engine must find one bound at a time
// (Z3's Spacer does the same with its eager inlining). The number of clauses cannot grow; the bound on
// copies keeps a clause with applications from being inlined at every level of a call tree, which would
// double the system per level, the blow-up that summaries exist to avoid.
//
// Back-translation: a model of the reduced system extends to the inlined predicates by the image of their
// clause (quantifier elimination; a model whose images keep a quantifier is not extended), and every
// instance of a reduced clause in a derivation splits into the instances of the clauses it was made of.
// Neither is trusted: the evidence is checked against the original clauses afterwards, as always.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "ir/Horn.h"
#include "util/Shutdown.h"

namespace argus::transforms {

class HornInlining {
 public:
  /// The reduced system keeps every predicate (the same ids); inlined ones occur in no clause.
  /// Polls `stop`; when it stops, the reduced system is incomplete and stopped() says so.
  explicit HornInlining(const ir::horn::System& original, const ShutdownToken* stop = nullptr);
  bool stopped() const { return stopped_; }
  ~HornInlining();

  const ir::horn::System& system() const { return reduced_; }
  size_t inlinedPredicates() const;

  /// The model of the original system that a model of the reduced one gives: each inlined predicate gets
  /// the image of its clause, quantifier-free where Z3's QE manages within `timeoutSeconds`, else with
  /// the quantifier over the clause's other variables.
  ir::horn::Model model(const ir::horn::Model& reduced, double timeoutSeconds) const;
  /// The derivation of the original system that a derivation of the reduced one stands for.
  ir::horn::Derivation derivation(const ir::horn::Derivation& reduced) const;

  struct Origin;

 private:
  void build(const ShutdownToken* stop);

  const ir::horn::System& original_;
  ir::horn::System reduced_;
  std::vector<std::shared_ptr<const Origin>> origins_;  // per reduced clause
  std::vector<uint32_t> definition_;                   // per predicate: its clause in the original, if inlined
  bool stopped_ = false;
};

}  // namespace argus::transforms
