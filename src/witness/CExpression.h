// Formulas of the int encoding as C expressions over source variables, and back: what an SV-COMP
// correctness witness says at a loop head, and what a function contract (format 2.1) requires and ensures.
// The C side reads every variable as the value the C program sees and computes in `long long` (casts
// written out), so that the expression means in C what the formula means in the IR (div and mod by a
// positive literal written with C's / and % corrected for their rounding towards zero); what cannot be
// said that way (temporaries, variables out of scope, other division, bit-vector terms, values that might
// overflow `long long`) is not translated at all.
#pragma once

#include <z3++.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/Program.h"

namespace argus::witness {

class CNames;

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

  const ir::Program& program() const { return program_; }
  ir::ProcId proc() const { return proc_; }

  /// Every C name visible at `loc`, each naming the `cur` constant of its variable (see CNames).
  CNames namesAt(ir::LocId loc) const;
  /// May a witness use `name` here (not empty, and neither it nor the variable an access path such as
  /// `s->state` starts from is one the procedure declares ambiguous)?
  bool usable(const std::string& name) const {
    return !name.empty() && !ambiguous_.count(name) && !ambiguous_.count(name.substr(0, name.find_first_of("-.[")));
  }

 private:
  using Writers = std::map<std::string, std::set<ir::VarId>>;  // ir::kNone in a set: a path with none
  const ir::Program& program_;
  ir::ProcId proc_;
  std::map<ir::LocId, Writers> atLocation_;
  std::set<std::string> ambiguous_;  // the procedure's ambiguousNames
};

/// What a C expression may name and which constant of which IR variable each name reads: at a location,
/// the `cur` constants of the variables in scope (SourceScope::namesAt); in the ensures clause of a
/// function contract, also the values at the function's entry (`\old(x)`) and the value it returns
/// (`\result`) (ensuresNames). A constant the writer meets that has no name makes the part it stands in
/// untranslatable; a name the reader meets that names nothing makes the text unreadable.
class CNames {
 public:
  explicit CNames(const ir::Program& program) : program_(&program) {}
  struct Named {
    ir::VarId var;
    std::string text;  // "i", "\old(n)", "\result"
  };
  /// `constant` (a constant of `var`) reads as `text`; for the writer, the first text given a constant wins.
  void add(ir::VarId var, const z3::expr& constant, const std::string& text);
  /// `text` reads as `constant` for the reader only.
  void alias(ir::VarId var, const z3::expr& constant, const std::string& text);
  std::optional<Named> ofConstant(const z3::expr& constant) const;
  /// The variable and constant `text` names.
  std::optional<std::pair<ir::VarId, z3::expr>> ofText(const std::string& text) const;
  const ir::Program& program() const { return *program_; }

 private:
  const ir::Program* program_;
  std::map<unsigned, Named> byConstant_;  // constant's AST id → its variable and name
  std::map<std::string, std::pair<ir::VarId, z3::expr>> byText_;
};

/// The names of an ensures clause of `proc`'s contract, as ACSL reads them: `\old(x)` the value of
/// parameter or global x at entry, a bare parameter its value at entry too (C passes by value), a bare
/// global its value at exit, `\result` the value returned (a function with one result of a C type).
/// Over these names a contract's post (ir::Contract: `old` constants of params and globals, `cur` of
/// results and globals) is written and read.
CNames ensuresNames(const SourceScope& scope);

/// The C expression equal to `formula` (a Bool formula over `cur` constants of the int encoding) at `loc`,
/// or nullopt when a part of it has no C counterpart there.
std::optional<std::string> toC(const z3::expr& formula, const SourceScope& scope, ir::LocId loc);

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

/// How the written text computes: as C does, in `long long` (every sub-term is then bounded from the
/// variables' types so that none overflows, and a formula with a term that could is not written), or over
/// the mathematical integers, as ACSL does (format `acsl_expression`; the same text, no bound). fromC reads
/// both the same way, since within the bounds they agree.
enum class Arithmetic { C, Acsl };

// The same over any naming of constants (the functions above use scope.namesAt(loc)). fromC also reads
// `\old(x)` and `\result` when `names` has them.
std::optional<std::string> toC(const z3::expr& formula, const CNames& names, Arithmetic arithmetic = Arithmetic::C);
/// The constants of `formula` that `names` does not name (temporaries, SSA copies, out of scope).
std::vector<z3::expr> hiddenConstants(const z3::expr& formula, const CNames& names);
z3::expr visiblePart(const z3::expr& formula, const CNames& names, unsigned milliseconds = 2000);
std::string impliedC(const z3::expr& formula, const CNames& names, Arithmetic arithmetic = Arithmetic::C);
z3::expr fromC(const std::string& text, const CNames& names, const std::string& where);

}  // namespace argus::witness
