// Formulas of the int encoding as C expressions over source variables, and back: what an SV-COMP
// correctness witness says at a loop head. The C side reads every variable as the value the C program
// sees and computes in `long long` (casts written out), so that the expression means in C what the
// formula means in the IR (div and mod by a positive literal written with C's / and % corrected for their
// rounding towards zero); what cannot be said that way (temporaries, variables out of scope, other
// division, bit-vector terms, values that might overflow `long long`) is not translated at all.
#pragma once

#include <z3++.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/Program.h"

namespace argus::witness {

/// Which IR variable holds a C variable's value at each location of one procedure. The front end may keep
/// one C variable in several IR variables (SSA values), and one IR variable may hold several C variables
/// (`n = i;` names i's value n as well). The C front end's debug records (ir::Edge::names) say where a C
/// variable starts to hold an IR variable's value (or no IR variable's: a constant) and where an IR
/// variable gets a new value that the C variables bound to it do not share; an IR variable no record names
/// holds the C variable of its own name from where it is written (parameters and globals from the entry).
/// Where the paths to a location disagree, or one of them binds nothing, the C variable has no IR variable
/// there. Names the procedure declares ambiguous are never used.
class SourceScope {
 public:
  SourceScope(const ir::Program& program, ir::ProcId proc);

  /// The IR variable that holds C variable `name` at `loc`, if exactly one does.
  std::optional<ir::VarId> variableOf(ir::LocId loc, const std::string& name) const;
  /// A C name under which `var` is visible at `loc` (its own source name when that one is), if any.
  std::optional<std::string> nameOf(ir::LocId loc, ir::VarId var) const;
  /// The variable whose `cur` constant `constant` is, and its C name at `loc`, if it is visible there.
  struct Visible {
    ir::VarId var;
    std::string name;
  };
  std::optional<Visible> visibleVariable(ir::LocId loc, const z3::expr& constant) const;

  const ir::Program& program() const { return program_; }
  ir::ProcId proc() const { return proc_; }

 private:
  using Writers = std::map<std::string, std::set<ir::VarId>>;  // ir::kNone in a set: a path with none
  const ir::Program& program_;
  ir::ProcId proc_;
  std::map<ir::LocId, Writers> atLocation_;
  std::map<unsigned, ir::VarId> byConstant_;  // cur constant's AST id → variable
};

/// The C expression equal to `formula` (a Bool formula over `cur` constants of the int encoding) at `loc`,
/// or nullopt when a part of it has no C counterpart there.
std::optional<std::string> toC(const z3::expr& formula, const SourceScope& scope, ir::LocId loc);

/// The constants of `formula` that are no C variable at `loc` (temporaries, SSA copies, out of scope).
std::vector<z3::expr> hiddenConstants(const z3::expr& formula, const SourceScope& scope, ir::LocId loc);

/// ∃ (the constants of `formula` that are no C variable at `loc`) . formula, by quantifier elimination
/// (Z3's qe-light, then qe, within `milliseconds`): what the formula says about the visible variables. SSA
/// copies of a C variable that are not its current value (the value before a loop, say) are such constants;
/// dropping the conjuncts that mention them would lose the relations through them. `formula` itself when
/// the elimination fails or leaves a quantifier.
z3::expr visiblePart(const z3::expr& formula, const SourceScope& scope, ir::LocId loc, unsigned milliseconds = 2000);

/// The conjunction of those top-level conjuncts of `formula` that have a C counterpart at `loc`: a formula
/// implied by `formula`, so still true wherever `formula` is. "" when no conjunct has one (or all are true).
std::string impliedC(const z3::expr& formula, const SourceScope& scope, ir::LocId loc);

/// Reads a C expression of the forms `toC` writes (integer literals, variables, casts to integer types,
/// unary - and !, * + -, / and % by a positive literal, comparisons, && || and ?:) as a Bool formula
/// over the `cur` constants of the variables `scope` names at `loc`. Throws InputError (naming `where`)
/// for anything else.
z3::expr fromC(const std::string& text, const SourceScope& scope, ir::LocId loc, const std::string& where);

}  // namespace argus::witness
