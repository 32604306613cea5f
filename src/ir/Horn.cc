// The CHC view (ir/Horn.h): instantiating interpretations, and the two independent checks of a solver's
// answer — a model clause by clause, a derivation node by node — each with fresh solvers, so that an
// engine's answer is never trusted on its own word.
#include "ir/Horn.h"

#include <fmt/format.h>

#include <optional>
#include <unordered_map>

#include "smt/Terms.h"

namespace argus::ir::horn {

z3::expr System::instantiate(PredId pred, const z3::expr& formula, const std::vector<z3::expr>& args) const {
  return smt::substitute(formula, preds.at(pred).params, args);
}

bool System::isLinear() const {
  for (auto& c : clauses)
    if (c.body.size() > 1) return false;
  return true;
}

namespace {

std::string describe(const System& system, size_t i) {
  return fmt::format("clause {} ({})", i, system.clauses[i].origin);
}

void setTimeout(z3::solver& s, unsigned timeoutMs) {
  if (timeoutMs == 0) return;
  z3::params p(s.ctx());
  p.set("timeout", timeoutMs);
  s.set(p);
}

/// Whether `f` (ground, or at least closed under the clause's values) is valid: simplification decides
/// the usual case; a solver decides the rest (nullopt: it could not).
std::optional<bool> valid(const z3::expr& f, unsigned timeoutMs) {
  z3::expr s = f.simplify();
  if (smt::isTrue(s)) return true;
  if (smt::isFalse(s)) return false;
  z3::solver solver(f.ctx());
  setTimeout(solver, timeoutMs);
  solver.add(!f);
  switch (solver.check()) {
    case z3::unsat: return true;
    case z3::sat: return false;
    default: return std::nullopt;
  }
}

}  // namespace

std::string checkModel(const System& system, const Model& model, unsigned timeoutMs) {
  if (model.interp.size() != system.preds.size())
    return fmt::format("the model interprets {} predicates, the system has {}", model.interp.size(),
                       system.preds.size());
  z3::context& ctx = system.context();
  for (size_t i = 0; i < system.clauses.size(); ++i) {
    const Clause& c = system.clauses[i];
    z3::solver s(ctx);
    setTimeout(s, timeoutMs);
    for (auto& app : c.body) s.add(system.instantiate(app.pred, model.interp.at(app.pred), app.args));
    s.add(c.constraint);
    if (!c.isQuery()) s.add(!system.instantiate(c.head, model.interp.at(c.head), c.headArgs));
    switch (s.check()) {
      case z3::unsat: break;
      case z3::sat: return describe(system, i) + " fails";
      default: return describe(system, i) + " is undecided: " + s.reason_unknown();
    }
  }
  return "";
}

std::string checkDerivation(const System& system, const Derivation& derivation, unsigned timeoutMs) {
  const auto& nodes = derivation.nodes;
  if (nodes.empty()) return "the derivation has no nodes";
  if (nodes.back().clause >= system.clauses.size() || !system.clauses[nodes.back().clause].isQuery())
    return "the root (last node) is not an instance of a query";
  // Position of each clause variable in its clause's `vars`, per clause used.
  std::unordered_map<uint32_t, std::unordered_map<unsigned, size_t>> index;
  auto valueOf = [&](size_t node, const z3::expr& var) -> const z3::expr* {
    const DerivationNode& n = nodes[node];
    auto& map = index[n.clause];
    if (map.empty())
      for (size_t k = 0; k < system.clauses[n.clause].vars.size(); ++k)
        map.emplace(system.clauses[n.clause].vars[k].id(), k);
    auto it = map.find(var.id());
    return it == map.end() ? nullptr : &n.values[it->second];
  };
  for (size_t i = 0; i < nodes.size(); ++i) {
    const DerivationNode& n = nodes[i];
    std::string where = fmt::format("node {}", i);
    if (n.clause >= system.clauses.size()) return where + " names no clause";
    const Clause& c = system.clauses[n.clause];
    where += " (" + describe(system, n.clause) + ")";
    if (i + 1 < nodes.size() && c.isQuery()) return where + " is a query but not the root";
    if (n.values.size() != c.vars.size()) return where + " has the wrong number of values";
    if (n.children.size() != c.body.size()) return where + " has the wrong number of children";
    z3::expr instance = smt::substitute(c.constraint, c.vars, n.values);
    auto holds = valid(instance, timeoutMs);
    if (!holds) return where + ": the solver could not decide the constraint";
    if (!*holds) return where + ": the values violate the constraint";
    for (size_t j = 0; j < c.body.size(); ++j) {
      size_t child = n.children[j];
      if (child >= i) return where + fmt::format(": child {} does not come before its parent", j);
      const Clause& cc = system.clauses[nodes[child].clause];
      if (cc.isQuery() || cc.head != c.body[j].pred)
        return where + fmt::format(": child {} (node {}) derives another predicate than body application {}", j,
                                   child, j);
      for (size_t k = 0; k < c.body[j].args.size(); ++k) {
        const z3::expr* mine = valueOf(i, c.body[j].args[k]);
        const z3::expr* theirs = valueOf(child, cc.headArgs.at(k));
        if (!mine || !theirs) return where + ": an application argument is not a clause variable";
        if (z3::eq(*mine, *theirs)) continue;
        auto same = valid(*mine == *theirs, timeoutMs);
        if (!same || !*same)
          return where + fmt::format(": argument {} of body application {} differs from the head of node {}", k, j,
                                     child);
      }
    }
  }
  return "";
}

}  // namespace argus::ir::horn
