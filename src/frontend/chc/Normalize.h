// Turns one asserted formula into clauses in normal form (see ChcSystem.h): strips universal quantifiers,
// sorts literals into body and head by polarity, splits conjunctions of clauses, and replaces predicate
// arguments that are terms or repeated variables by fresh variables with equalities.
#pragma once

#include <z3++.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/chc/ChcSystem.h"

namespace argus::chc {

class ClauseNormalizer {
 public:
  /// `predOfDecl` maps the Z3 id of each predicate declaration to its PredId.
  ClauseNormalizer(const ChcSystem& system, std::unordered_map<unsigned, PredId> predOfDecl)
      : sys_(system), predOfDecl_(std::move(predOfDecl)) {}

  /// The clauses of the assertion at `line`; throws InputError(file, line, ...) for a formula that is not
  /// a conjunction of Horn clauses argus supports.
  std::vector<Clause> normalize(const z3::expr& assertion, int line, unsigned index);

  /// What the clauses normalised so far use that no engine solves (see ChcSystem::unsolved), each once.
  const std::vector<std::string>& unsolved() const { return unsolved_; }

 private:
  struct Pending;
  void split(const z3::expr& f, Pending pending, std::vector<Pending>& out);
  void addBodyItem(const z3::expr& e, Pending& c);
  void addHeadDisjunct(const z3::expr& e, Pending& c);
  z3::expr instantiate(const z3::expr& quantifier, Pending& c);
  Clause finish(Pending& c);
  PredicateApp normalizeApp(const z3::expr& app, Pending& c, std::vector<z3::expr>& argVars);

  /// A fresh clause variable, never one of the input's predicates.
  z3::expr freshVariable(const std::string& name, const z3::sort& sort) const;
  bool isPredicateApp(const z3::expr& e) const;
  /// Throws unless `e` is a constraint: no predicate, no other uninterpreted symbol, no quantifier.
  void checkInterpreted(const z3::expr& e, const Pending& c) const;
  [[noreturn]] void fail(const std::string& what) const;

  /// Bounds the recursive descent: deeper formulas are rejected instead of exhausting the stack.
  struct Descent {
    explicit Descent(ClauseNormalizer& n);
    ~Descent() { --n.depth_; }
    ClauseNormalizer& n;
  };

  const ChcSystem& sys_;
  std::unordered_map<unsigned, PredId> predOfDecl_;
  // Mutable: checkInterpreted, a const check, also records the sorts it meets.
  mutable std::vector<std::string> unsolved_;
  void noteSort(const z3::sort& s) const;
  unsigned depth_ = 0;
  int line_ = 0;
  unsigned index_ = 0;
};

}  // namespace argus::chc
