// Instantiating edges along an unrolled path: the primitive that every SMT-based engine and the
// certificate checkers share. A State maps each variable to the term that holds its value at one point
// of a path (SSA style); instantiating a transition at a state renames its `cur` constants to the
// state's terms, its written `next` constants and its `aux` constants to fresh constants, and yields the
// instantiated formula and the successor state. Unwritten variables keep their terms, so no frame
// equalities are ever generated.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "ir/Program.h"
#include "smt/Terms.h"

namespace argus::ir {

/// Terms indexed by VarId; only the variables some caller filled are meaningful.
class State {
 public:
  explicit State(const Program& p) : terms_(p.numVars(), p.ctx().bool_val(false)) {}
  const z3::expr& operator[](VarId v) const { return terms_.at(v); }
  z3::expr& operator[](VarId v) { return terms_.at(v); }
  size_t size() const { return terms_.size(); }

 private:
  std::vector<z3::expr> terms_;
};

/// A state whose listed variables are their own `cur` constants (identity instantiation).
State currentState(const Program& p, const std::vector<VarId>& vars);
/// A state whose listed variables are fresh constants named after the variables.
State freshState(const Program& p, const std::vector<VarId>& vars);

/// The state where paths join: a variable keeps its term when every incoming state has that same term
/// (nothing to merge), otherwise it gets a fresh constant. Merging only what differs keeps join
/// encodings small: a cascade of branches that each write one variable joins one variable, not all.
State joinState(const Program& p, const std::vector<VarId>& vars, const std::vector<const State*>& incoming);
/// `joined` equals `s`: the equations over the variables whose terms differ (true when none does).
z3::expr joinEquations(const Program& p, const std::vector<VarId>& vars, const State& joined, const State& s);

/// `e` (over `cur` constants of `vars`) with every such constant replaced by its term in `s`.
z3::expr evaluateAt(const Program& p, const z3::expr& e, const std::vector<VarId>& vars, const State& s);

struct EdgeInstance {
  z3::expr formula;                 // the edge's constraint between pre and post
  State post;                       // pre with written variables renamed
  std::vector<z3::expr> inputTerms; // the edge's nondet inputs, instantiated, in order
};

/// How an Instantiator treats values it can compute while instantiating.
enum class Folding {
  None,       // every written variable gets a fresh constant (the plain SSA encoding)
  Constants,  // constant propagation: a written variable whose defining term evaluates to a value (a
              // numeral, true or false) at the pre-state takes that value as its term instead of a fresh
              // constant, and formulas and arguments that read values are simplified; an edge whose guard
              // folds to false instantiates to false. Unrollings with constant arguments and counters then
              // lose their infeasible branches before the solver sees them.
};

/// Caches, per edge, which variables its formula reads so that instantiation substitutes only those.
class Instantiator {
 public:
  explicit Instantiator(const Program& p, Folding folding = Folding::None);
  const Program& program() const { return *p_; }

  /// Instantiates a transition edge at `pre`.
  EdgeInstance transition(EdgeId e, const State& pre) const;
  /// The arguments of a call edge evaluated at `pre`.
  std::vector<z3::expr> callArgs(EdgeId e, const State& pre) const;
  /// Variables whose `cur` the edge's formula (or call arguments) mention.
  const std::vector<VarId>& reads(EdgeId e) const { return reads_.at(e); }

 private:
  /// A written variable's defining term: a top-level conjunct `next == term` of its edge's formula
  /// whose term mentions no `next` constant.
  struct Definition {
    VarId var;
    z3::expr term;
    bool closed;  // mentions no constant: a value whatever the pre-state
  };

  /// The substitution of the edge's read variables by their terms at `pre`; `readsValue` tells whether
  /// one of those terms is a value (then simplifying can fold).
  smt::Substitution readsAt(EdgeId id, const State& pre, bool& readsValue) const;

  const Program* p_;
  Folding folding_;
  std::vector<std::vector<VarId>> reads_;
  std::vector<std::vector<Definition>> definitions_;  // per edge; filled only with Folding::Constants
};

}  // namespace argus::ir
