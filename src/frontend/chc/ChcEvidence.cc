// Construction helpers and SMT-LIB text of CHC models and derivations.
#include "frontend/chc/ChcEvidence.h"

#include <fmt/format.h>

#include <sstream>
#include <unordered_set>

#include "frontend/chc/SmtText.h"
#include "smt/Terms.h"

namespace argus::chc {

ChcModel ChcModel::empty(const ChcSystem& system) {
  ChcModel m;
  z3::context& ctx = *system.ctx;
  // A Bool formal named like a nullary predicate would be that predicate's term: such names get a suffix.
  std::unordered_set<unsigned> predicateDecls;
  for (auto& p : system.preds) predicateDecls.insert(p.decl.id());
  auto formal = [&](unsigned i, const z3::sort& sort) {
    std::string name = fmt::format("x{}", i);
    while (true) {
      z3::expr x = ctx.constant(name.c_str(), sort);
      if (!predicateDecls.count(x.decl().id())) return x;
      name += "_";
    }
  };
  for (auto& p : system.preds) {
    std::vector<z3::expr> formals;
    for (unsigned i = 0; i < p.arity(); ++i) formals.push_back(formal(i, p.paramSort(i)));
    m.formals.push_back(std::move(formals));
    m.interp.push_back(ctx.bool_val(false));
  }
  return m;
}

z3::expr ChcModel::apply(PredId pred, const std::vector<z3::expr>& args) const {
  return smt::substitute(interp.at(pred), formals.at(pred), args);
}

std::string modelText(const ChcSystem& system, const ChcModel& model) {
  std::ostringstream out;
  out << "(model";
  for (auto& p : system.preds) {
    out << "\n  (define-fun " << quoteSymbol(p.name) << " (";
    for (size_t i = 0; i < model.formals[p.id].size(); ++i) {
      const z3::expr& f = model.formals[p.id][i];
      out << (i ? " " : "") << "(" << quoteSymbol(f.decl().name().str()) << " " << sortText(f.get_sort()) << ")";
    }
    out << ") Bool\n    " << termText(model.interp[p.id]) << ")";
  }
  out << ")";
  return out.str();
}

namespace {

std::string factText(const ChcSystem& system, const PredicateApp& app, const Clause& c, const DerivationStep& s) {
  std::string out = quoteSymbol(system.preds[app.pred].name);
  if (app.args.empty()) return out;
  out = "(" + out;
  for (auto& a : app.args) out += " " + termText(smt::substitute(a, c.vars, s.values));
  return out + ")";
}

}  // namespace

std::string derivationText(const ChcSystem& system, const ChcDerivation& derivation) {
  std::ostringstream out;
  out << "(derivation";
  for (size_t k = 0; k < derivation.steps.size(); ++k) {
    const DerivationStep& s = derivation.steps[k];
    const Clause& c = system.clauses[s.clause];
    out << "\n  (step " << k << " (clause " << s.clause << " :line " << c.line << ") (head "
        << (c.head ? factText(system, *c.head, c, s) : "false") << ") (premises";
    for (size_t p : s.premises) out << " " << p;
    out << ") (values";
    for (size_t i = 0; i < c.vars.size(); ++i) out << " (" << quoteSymbol(c.varNames[i]) << " " << termText(s.values[i]) << ")";
    out << "))";
  }
  out << ")";
  return out.str();
}

}  // namespace argus::chc
