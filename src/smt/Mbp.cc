// Model-based projection: implicant first (projection works on literals, not Boolean structure), then
// our own projection (ArithProjection) for Bool/Int/Real variables, Z3_qe_model_project for the
// variables it leaves and for arrays, then model values for whatever is left. Every result is
// re-validated (model ⊨ result, vocabulary); if an answer fails that, Z3's projection alone is tried, and
// then the plain value substitution, which always satisfies the contract.
#include "smt/Mbp.h"

#include <z3_spacer.h>

#include <unordered_set>

#include "smt/ArithProjection.h"
#include "smt/Implicant.h"
#include "smt/TermWalk.h"
#include "smt/Terms.h"

namespace argus::smt {
namespace {

using IdSet = std::unordered_set<unsigned>;

IdSet idsOf(const std::vector<z3::expr>& es) {
  IdSet out;
  for (auto& e : es) out.insert(e.id());
  return out;
}

/// True iff `root` mentions a constant or function outside the allowed ids (decl ids for functions),
/// an array given by a model function (as-array), or a binder.
bool mentionsForeignSymbol(const z3::expr& root, const IdSet& constants, const IdSet& functions) {
  return anySubterm(root, [&](const z3::expr& e) {
    if (!e.is_app()) return true;
    Z3_decl_kind k = e.decl().decl_kind();
    if (k == Z3_OP_AS_ARRAY) return true;
    if (k != Z3_OP_UNINTERPRETED) return false;
    return e.num_args() == 0 ? !constants.count(e.id()) : !functions.count(e.decl().id());
  });
}

/// Sorts Z3's projection handles: Booleans, integers, reals, and arrays (its array projection).
bool z3Projects(const z3::sort& s) { return s.is_bool() || s.is_int() || s.is_real() || s.is_array() || s.is_datatype(); }

/// `e` with each of `vars` replaced by its (completed) model value; nullopt if a value is not closed.
std::optional<z3::expr> substituteModelValues(const z3::expr& e, const std::vector<z3::expr>& vars,
                                              const z3::model& model) {
  std::vector<z3::expr> values;
  for (auto& v : vars) {
    values.push_back(model.eval(v, true));
    if (mentionsForeignSymbol(values.back(), {}, {})) return std::nullopt;
  }
  return substitute(e, vars, values).simplify();
}

/// A copy of `model` that interprets every constant of `cube` (Z3's projection evaluates them).
z3::model completedCopy(const z3::model& model, const z3::expr& cube) {
  z3::context& ctx = cube.ctx();
  z3::model copy(const_cast<z3::model&>(model), ctx, z3::model::translate());
  for (auto c : freeConstants(cube)) {
    z3::func_decl d = c.decl();
    if (copy.has_interp(d)) continue;
    z3::expr value = model.eval(c, true);
    copy.add_const_interp(d, value);
  }
  return copy;
}

std::optional<z3::expr> z3Project(const z3::model& model, const std::vector<z3::expr>& vars,
                                  const z3::expr& cube) {
  z3::context& ctx = cube.ctx();
  z3::model completed = completedCopy(model, cube);
  std::vector<Z3_app> apps;
  for (auto& v : vars) apps.push_back(reinterpret_cast<Z3_app>(static_cast<Z3_ast>(v)));
  try {
    Z3_ast r = Z3_qe_model_project(ctx, completed, static_cast<unsigned>(apps.size()), apps.data(), cube);
    ctx.check_error();
    if (!r) return std::nullopt;
    return z3::expr(ctx, r);
  } catch (const z3::exception&) {
    return std::nullopt;
  }
}

/// The constants of `e` that are in `set`.
std::vector<z3::expr> constantsIn(const z3::expr& e, const IdSet& set) {
  std::vector<z3::expr> out;
  for (auto& c : freeConstants(e))
    if (set.count(c.id())) out.push_back(c);
  return out;
}

/// Checks the contract's syntactic part (only symbols of the formula, none eliminated) and re-splits
/// into ite-free literals, which also re-checks model ⊨ result.
std::optional<std::vector<z3::expr>> validated(const z3::expr& projected, const z3::expr& formula,
                                               const IdSet& eliminated, const z3::model& model) {
  IdSet constants;
  for (auto& c : freeConstants(formula))
    if (!eliminated.count(c.id())) constants.insert(c.id());
  IdSet functions;
  for (auto& f : uninterpretedFunctions(formula)) functions.insert(f.id());
  if (mentionsForeignSymbol(projected, constants, functions)) return std::nullopt;
  return modelImplicant(projected.simplify(), model);
}

/// One projection attempt of the variables `occurring` out of the implicant: our own first (unless
/// `method` says Z3), Z3's for what is left, model values for the rest; nullopt if the answer fails the
/// contract check. Sets `usedZ3` when Z3's projection was called.
std::optional<std::vector<z3::expr>> attemptProjection(const std::vector<z3::expr>& implicant,
                                                       const std::vector<z3::expr>& occurring,
                                                       const z3::expr& formula, const IdSet& eliminated,
                                                       const z3::model& model, MbpMethod method, bool& usedZ3,
                                                       Stats* stats) {
  z3::context& ctx = formula.ctx();
  z3::expr projected = mkAnd(ctx, implicant);
  std::vector<z3::expr> left = occurring;
  if (method == MbpMethod::Own) {
    ArithProjection own = projectArithmetic(occurring, implicant, model);
    projected = mkAnd(ctx, own.literals);
    left = own.unprojected;
  }
  std::vector<z3::expr> byZ3;
  for (auto& v : left)
    if (z3Projects(v.get_sort())) byZ3.push_back(v);
  if (!byZ3.empty()) {
    usedZ3 = true;
    if (auto r = z3Project(model, byZ3, projected)) projected = *r;
  }
  std::vector<z3::expr> remaining = constantsIn(projected, eliminated);
  if (!remaining.empty()) {
    if (stats) stats->add("mbp.value_substitutions", static_cast<int64_t>(remaining.size()));
    auto substituted = substituteModelValues(projected, remaining, model);
    if (!substituted) return std::nullopt;
    projected = *substituted;
  }
  return validated(projected, formula, eliminated, model);
}

/// The projection of `occurring` (not empty) out of the implicant, whichever attempt passes the check
/// first: `method`, Z3 alone, model values.
std::optional<std::vector<z3::expr>> checkedProjection(const std::vector<z3::expr>& implicant,
                                                       const std::vector<z3::expr>& occurring,
                                                       const z3::expr& formula, const IdSet& eliminated,
                                                       const z3::model& model, MbpMethod method, Stats* stats) {
  bool usedZ3 = false;
  auto r = attemptProjection(implicant, occurring, formula, eliminated, model, method, usedZ3, stats);
  if (!r) {
    if (stats) stats->add("mbp.fallbacks");
    usedZ3 = true;  // what answers now is not our own projection
    if (method == MbpMethod::Own)
      r = attemptProjection(implicant, occurring, formula, eliminated, model, MbpMethod::Z3, usedZ3, stats);
  }
  if (stats) stats->add(usedZ3 ? "mbp.z3_fallbacks" : "mbp.own");
  if (r) return r;
  // No projection passed the check: substitute model values into the implicant.
  auto substituted = substituteModelValues(mkAnd(formula.ctx(), implicant), occurring, model);
  if (!substituted) return std::nullopt;
  return validated(*substituted, formula, eliminated, model);
}

bool isConstructorApp(const z3::expr& e) { return e.is_app() && e.decl().decl_kind() == Z3_OP_DT_CONSTRUCTOR; }

/// Appends to `out` literals equivalent to `term = C(args)`: C's recognizer on `term` and each argument equal
/// to its accessor applied to `term`, splitting argument equations between constructor terms again. This is
/// the constructor elimination of datatype projection (Spacer's too): a variable under a constructor then has
/// a definition by accessors of terms that stay.
void splitConstructorEquation(const z3::expr& term, const z3::expr& constructed, std::vector<z3::expr>& out) {
  z3::context& ctx = term.ctx();
  z3::func_decl c = constructed.decl();
  z3::sort s = constructed.get_sort();
  unsigned constructors = Z3_get_datatype_sort_num_constructors(ctx, s);
  for (unsigned i = 0; i < constructors; ++i) {
    if (!z3::eq(z3::func_decl(ctx, Z3_get_datatype_sort_constructor(ctx, s, i)), c)) continue;
    z3::func_decl recognizer(ctx, Z3_get_datatype_sort_recognizer(ctx, s, i));
    out.push_back(recognizer(term));
    for (unsigned j = 0; j < c.arity(); ++j) {
      z3::func_decl accessor(ctx, Z3_get_datatype_sort_constructor_accessor(ctx, s, i, j));
      z3::expr field = accessor(term).simplify();
      z3::expr arg = constructed.arg(j);
      if (isConstructorApp(arg) && !isConstructorApp(field)) splitConstructorEquation(field, arg, out);
      else out.push_back(arg == field);
    }
    return;
  }
}

/// The implicant with eliminated constants replaced by their definitions, as far as literals give them: a
/// literal `v = t` (v eliminated, t free of eliminated constants, any sort) replaces v by t everywhere; a
/// datatype equation `t = C(args)` whose args mention eliminated constants is split by
/// splitConstructorEquation, which may give such definitions (`x = hd(l)`). What the arithmetic projection
/// does for numbers, this does for datatypes, which it cannot read. Equivalent to the implicant, so the
/// projection's contract is untouched; literals that became true go.
std::vector<z3::expr> solvedByDefinitions(std::vector<z3::expr> literals, const IdSet& eliminated) {
  auto definition = [&](const z3::expr& l, z3::expr& var, z3::expr& term) {
    if (!l.is_app() || l.decl().decl_kind() != Z3_OP_EQ) return false;
    for (int side = 0; side < 2; ++side) {
      z3::expr v = l.arg(side), t = l.arg(1 - side);
      if (!v.is_const() || !eliminated.count(v.id()) || !constantsIn(t, eliminated).empty()) continue;
      var = v;
      term = t;
      return true;
    }
    return false;
  };
  auto splittable = [&](const z3::expr& l, int& constructedSide) {
    if (!l.is_app() || l.decl().decl_kind() != Z3_OP_EQ || !l.arg(0).get_sort().is_datatype()) return false;
    for (int side = 0; side < 2; ++side) {
      if (isConstructorApp(l.arg(side)) && !isConstructorApp(l.arg(1 - side)) &&
          !constantsIn(l.arg(side), eliminated).empty()) {
        constructedSide = side;
        return true;
      }
    }
    return false;
  };
  if (literals.empty()) return literals;
  z3::context& ctx = literals.front().ctx();
  // Each round removes an eliminated constant or a constructor application, so the loop ends.
  while (true) {
    size_t at = literals.size();
    z3::expr var(ctx), term(ctx);
    for (size_t i = 0; i < literals.size() && at == literals.size(); ++i)
      if (definition(literals[i], var, term)) at = i;
    if (at < literals.size()) {
      std::vector<z3::expr> next;
      for (const z3::expr& m : literals) {
        z3::expr replaced = substitute(m, {var}, {term}).simplify();
        if (!replaced.is_true()) next.push_back(replaced);
      }
      literals.swap(next);
      continue;
    }
    int side = 0;
    for (size_t i = 0; i < literals.size() && at == literals.size(); ++i)
      if (splittable(literals[i], side)) at = i;
    if (at == literals.size()) return literals;
    z3::expr l = literals[at];
    literals.erase(literals.begin() + static_cast<long>(at));
    splitConstructorEquation(l.arg(1 - side), l.arg(side), literals);
  }
}

}  // namespace

std::optional<std::vector<z3::expr>> projectCube(const std::vector<z3::expr>& eliminate,
                                                 const z3::expr& formula, const z3::model& model,
                                                 Stats* stats, MbpMethod method) {
  if (stats) stats->add("mbp.calls");
  auto implicant = modelImplicant(formula, model);
  if (!implicant) return std::nullopt;
  IdSet eliminated = idsOf(eliminate);
  bool datatypeEquations = false;
  for (const z3::expr& l : *implicant)
    datatypeEquations = datatypeEquations || (l.is_app() && l.decl().decl_kind() == Z3_OP_EQ &&
                                              l.arg(0).get_sort().is_datatype());
  if (datatypeEquations) implicant = solvedByDefinitions(*implicant, eliminated);
  std::vector<z3::expr> occurring = constantsIn(mkAnd(formula.ctx(), *implicant), eliminated);
  if (occurring.empty()) {
    if (stats) stats->add("mbp.own");
    return implicant;
  }
  return checkedProjection(*implicant, occurring, formula, eliminated, model, method, stats);
}

std::optional<z3::expr> project(const std::vector<z3::expr>& eliminate, const z3::expr& formula,
                                const z3::model& model, Stats* stats, MbpMethod method) {
  auto cube = projectCube(eliminate, formula, model, stats, method);
  if (!cube) return std::nullopt;
  return mkAnd(formula.ctx(), *cube);
}

}  // namespace argus::smt
