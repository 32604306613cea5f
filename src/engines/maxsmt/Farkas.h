// Farkas' lemma as constraints on unknown template coefficients. "premises ⇒ target" for all values of
// the program variables holds (over the rationals, hence over the integers) iff there are non-negative
// multipliers that combine the premises into the target, or into a contradiction 0 < 0 ... Each
// implication becomes a quantifier-free constraint over the unknowns and fresh multipliers:
//   Σ λ_i·a_i + Σ μ_j·c_j = t (per variable) and Σ λ_i·b_i + Σ μ_j·d_j ≥ t_0          (derives the target)
//   or Σ λ_i·a_i + Σ μ_j·c_j = 0 and Σ λ_i·b_i + Σ μ_j·d_j > 0                      (premises infeasible)
// λ_i multiply known rows (a_i·x + b_i ≤ 0; λ_i ≥ 0 rational, or integral on request; free for equalities); μ_j multiply
// template rows with unknown integer coefficients c_j, d_j, which makes μ_j·c_j non-linear. As in
// VeryMax, the non-linearity is bounded: μ_j is a small integer given by its bits, so μ_j·c_j is a sum of
// if-then-else terms and the whole query stays linear (Z3 decides it with its LIA/LRA core).
//
// Over the integers Farkas' lemma is incomplete: from x = 2q and 0 ≤ x ≤ 1 no rational combination derives
// x = 0. On request (`integerCuts`, integral multipliers only) each implication may also use one
// Chvátal–Gomory cut of rank 1 with divisor 2: a second combination of the premises whose coefficients
// are all even, halved, its constant rounded up (Σ 2eᵢxᵢ + C ≤ 0 gives Σ eᵢxᵢ + ⌈C/2⌉ ≤ 0, valid when
// every xᵢ is an integer), joins the premises with multiplier 0 or 1. That is the parity reasoning the
// `x % 2` programs need once their congruences are known (2q ≤ 1 gives q ≤ 0).
#pragma once

#include <z3++.h>

#include <map>
#include <string>
#include <vector>

#include "engines/maxsmt/Linear.h"

namespace argus::engines::maxsmt {

/// c·x + d ≤ 0 with unknown integer coefficients over the terms x (keyed by ast id).
struct TemplateRow {
  std::map<unsigned, z3::expr> coeffs;
  z3::expr constant;
};

struct Implication {
  std::vector<LinearRow> known;        // premises with numeric coefficients
  std::vector<TemplateRow> templates;  // premises with unknown coefficients
};

class FarkasEncoder {
 public:
  /// `multiplierBits`: bits of each template premise's multiplier (1: μ ∈ {0, 1}; 2: μ ∈ {0..3}).
  /// `integer`: multipliers of known rows are integers too (a pure LIA query; complete only for
  /// derivations with integral multipliers, and every row must have integral coefficients).
  /// `disabling`: an implication with template premises may also hold because those premises contradict
  /// the known ones (a conditional invariant that disables a transition); off, only derivations count.
  /// `integerCuts` (with `integer` only; every variable must be an integer): one cut as above per implication.
  FarkasEncoder(z3::context& ctx, unsigned multiplierBits, bool integer = false, bool disabling = true,
                bool integerCuts = false)
      : ctx_(&ctx), bits_(multiplierBits), integer_(integer), disabling_(disabling), cuts_(integer && integerCuts) {}

  /// premises ⇒ target (either derivable or premises contradictory).
  z3::expr implies(const Implication& premises, const TemplateRow& target);
  /// premises ⇒ false.
  z3::expr infeasible(const Implication& premises);

  unsigned multipliers() const { return counter_; }

 private:
  struct Combination {
    std::map<unsigned, z3::expr> coeffs;  // per variable: Σ multiplier·coefficient
    z3::expr constant;
    std::vector<z3::expr> side;          // multiplier domains
  };
  Combination combine(const Implication& premises);
  /// combine(), plus the optional cut when cuts_ is set.
  Combination combineWithCut(const Implication& premises);
  static void addTo(Combination& c, unsigned var, const z3::expr& term);
  z3::expr real(const mpq_class& q) const;
  z3::expr number(const z3::expr& unknown) const;
  z3::expr fresh(const char* prefix, const z3::sort& sort);

  z3::context* ctx_;
  unsigned bits_;
  bool integer_;
  bool disabling_;
  bool cuts_;
  unsigned counter_ = 0;
};

}  // namespace argus::engines::maxsmt
