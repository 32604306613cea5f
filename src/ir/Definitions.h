// The definitions of local variables that hold at each location (an available-expressions analysis).
//
// The C front end keeps values LLVM computed once in temporaries: a loop bound hoisted out of the loop
// (`_t1 = MAXPATHLEN + 1`), a comparison evaluated once for two branches; and in copies of a C variable
// that are no longer its value where they are read (`j = 2 * i`, reused as `2 * i` after j changed). An
// invariant that an engine states over such a value says nothing in C until it is replaced by what it
// stands for; and an invariant read back from C says nothing about it, though the program's IR still reads
// it after the loop head. A definition `t = e` is a top-level conjunct `t' = e` of an edge that writes the
// local variable t, where e is a term over the pre-state of variables the edge does not write, or over a value
// the edge reads from no variable (an input) and stores in a variable v (`v' = c`: e then reads v). It
// holds at a location when every path from the procedure's entry takes such an edge and writes neither t
// nor a variable of e after it (a call writes its results and every global).
#pragma once

#include <z3++.h>

#include <optional>
#include <unordered_map>
#include <vector>

#include "ir/Program.h"

namespace argus::ir {

class AvailableDefinitions {
 public:
  explicit AvailableDefinitions(const Program& program);

  /// The definitions `t = e` (equalities over `cur` constants) that hold at `loc` on every path from its
  /// procedure's entry; none at a location the entry does not reach.
  std::vector<z3::expr> at(LocId loc) const;
  /// Those of at(loc) that define the variables among `constants` (say, the free constants of a formula
  /// that C cannot name there), and the variables their right-hand sides read, transitively.
  std::vector<z3::expr> defining(LocId loc, const std::vector<z3::expr>& constants) const;

 private:
  struct Definition {
    VarId variable;
    z3::expr equation;            // t = e, over cur constants
    std::vector<VarId> operands;  // the variables of e
  };
  using Holding = std::vector<bool>;  // per definition

  void collect(const Program& program);
  void collectKills(const Program& program);
  void solve(const Program& program, ProcId proc);
  Holding transfer(const Edge& edge, Holding in) const;
  std::optional<VarId> varOfCur(const z3::expr& constant) const;

  std::vector<Definition> definitions_;
  std::vector<std::vector<size_t>> generatedBy_;  // per edge: the definitions it makes
  std::vector<std::vector<size_t>> killedBy_;     // per edge: the definitions it ends (writes t or an operand)
  std::vector<Holding> holds_;                    // per location
  std::vector<bool> reached_;                     // per location: whether holds_ says anything yet
  std::unordered_map<unsigned, VarId> curVar_, nextVar_;  // AST id of a cur (next) constant → variable
};

}  // namespace argus::ir
