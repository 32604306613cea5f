// Predicates of predicate abstraction and the precision that assigns them to locations.
//
// A predicate is an atom over the `cur` constants of the program's variables, stored once in a normal
// form (negations stripped, simplified) so that an atom and its negation are one predicate; predicate i
// is BDD variable i. Predicates fall into clusters: the atoms of one interpolant belong together (Boolean
// abstraction may enumerate the truth values of each cluster separately). The precision maps each
// location to the predicates abstraction uses there (or, in global mode, gives every location all
// predicates); it only ever grows, and a version per location counts every change that can alter an
// abstraction there (a new predicate, or two of its predicates' clusters merged).
#pragma once

#include <z3++.h>

#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/cpa/State.h"
#include "ir/Program.h"

namespace argus::engines::predabs {

using PredicateId = uint32_t;

class PredicateStore {
 public:
  /// The id of the atom's normal form, added if new; nullopt for atoms that simplify to a constant.
  std::optional<PredicateId> intern(const z3::expr& atom);
  const z3::expr& formula(PredicateId id) const { return formulas_.at(id); }
  size_t size() const { return formulas_.size(); }

  /// Puts the predicates into one cluster; returns the members of every cluster that grew (empty if
  /// they were together already).
  std::vector<PredicateId> relate(const std::vector<PredicateId>& together);
  PredicateId cluster(PredicateId id) const;
  /// Indices into `ids`, grouped by cluster.
  std::vector<std::vector<size_t>> groupByCluster(const std::vector<PredicateId>& ids) const;

 private:
  std::vector<z3::expr> formulas_;
  std::unordered_map<unsigned, PredicateId> byTerm_;  // normal form's AST id -> predicate
  mutable std::vector<PredicateId> parent_;           // union-find over predicates
};

/// The atoms of a quantifier-free formula: its maximal sub-terms that are not Boolean connectives.
std::vector<z3::expr> atomsOf(const z3::expr& formula);

enum class PrecisionScope { Location, Global };
PrecisionScope parsePrecisionScope(const std::string& name);  // "location" | "global"

class PredicatePrecision final : public cpa::Precision {
 public:
  PredicatePrecision(PrecisionScope scope, size_t numLocs) : scope_(scope), byLoc_(numLocs), versions_(numLocs, 0) {}
  PrecisionScope scope() const { return scope_; }
  /// The predicates abstraction uses at `loc`, sorted.
  const std::vector<PredicateId>& at(ir::LocId loc) const { return scope_ == PrecisionScope::Global ? global_ : byLoc_.at(loc); }
  /// Adds `p` at `loc` (everywhere in global mode); true if it was new there.
  bool add(ir::LocId loc, PredicateId p);
  /// Counts the changes at `loc` that can alter its abstractions; grows with every one.
  uint64_t version(ir::LocId loc) const { return scope_ == PrecisionScope::Global ? globalVersion_ : versions_.at(loc); }
  /// Records that the clusters of `predicates` changed: every location using one of them changes.
  void touch(const std::vector<PredicateId>& predicates);

  /// Distinct predicates in use, and the average / largest number at one location (over locations
  /// that have any).
  size_t total() const;
  double averagePerLocation() const;
  size_t maxPerLocation() const;

 private:
  PrecisionScope scope_;
  std::vector<std::vector<PredicateId>> byLoc_;
  std::vector<PredicateId> global_;
  std::vector<uint64_t> versions_;
  uint64_t globalVersion_ = 0;
};

}  // namespace argus::engines::predabs
