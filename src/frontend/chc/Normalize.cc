// Clause normalisation. Polarity decides where a literal goes: a predicate under an even number of
// negations on the left of '=>' is a body application, elsewhere it is the head.
#include "frontend/chc/Normalize.h"

#include <unordered_set>

#include "frontend/chc/SmtText.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::chc {

struct ClauseNormalizer::Pending {
  explicit Pending(z3::context& ctx) : head(ctx.bool_val(false)) {}
  std::vector<z3::expr> bodyItems;  // left sides of '=>' met while splitting
  z3::expr head;                    // what remains on the right
  std::vector<z3::expr> vars;
  std::vector<std::string> names;
  std::unordered_set<unsigned> varIds;
  std::vector<z3::expr> bodyApps, headApps, constraints;
};

void ClauseNormalizer::noteSort(const z3::sort& s) const { noteOnce(unsolved_, unsolvedSortReason(s)); }

void ClauseNormalizer::fail(const std::string& what) const { throw InputError(sys_.file, line_, what); }

ClauseNormalizer::Descent::Descent(ClauseNormalizer& normalizer) : n(normalizer) {
  constexpr unsigned kMaxDepth = 2000;
  if (++n.depth_ <= kMaxDepth) return;
  n.depth_ = 0;
  n.fail("the formula is nested more than " + std::to_string(kMaxDepth) + " levels deep");
}

z3::expr ClauseNormalizer::freshVariable(const std::string& name, const z3::sort& sort) const {
  // A fresh constant is named name!N, and SMT-LIB symbols may contain '!': the input may declare a nullary
  // predicate of that very name, which Z3 would make the same term, so that the clause variable would be
  // read as a predicate. Such names are skipped.
  while (true) {
    z3::expr v = smt::freshConst(*sys_.ctx, name, sort);
    if (!predOfDecl_.count(v.decl().id())) return v;
  }
}

bool ClauseNormalizer::isPredicateApp(const z3::expr& e) const {
  return e.is_app() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED && predOfDecl_.count(e.decl().id()) > 0;
}

std::vector<Clause> ClauseNormalizer::normalize(const z3::expr& assertion, int line, unsigned index) {
  line_ = line;
  index_ = index;
  std::vector<Pending> pending;
  split(assertion, Pending(*sys_.ctx), pending);
  std::vector<Clause> out;
  for (auto& p : pending) {
    std::vector<z3::expr> items = p.bodyItems;
    for (auto& b : items) addBodyItem(b, p);
    z3::expr head = p.head;
    addHeadDisjunct(head, p);
    out.push_back(finish(p));
  }
  return out;
}

void ClauseNormalizer::split(const z3::expr& f, Pending pending, std::vector<Pending>& out) {
  Descent guard(*this);
  if (f.is_quantifier() && f.is_forall()) {
    z3::expr body = instantiate(f, pending);
    split(body, std::move(pending), out);
  } else if (f.is_app() && f.decl().decl_kind() == Z3_OP_IMPLIES) {
    pending.bodyItems.push_back(f.arg(0));
    split(f.arg(1), std::move(pending), out);
  } else if (f.is_app() && f.decl().decl_kind() == Z3_OP_AND) {
    for (unsigned i = 0; i < f.num_args(); ++i) split(f.arg(i), pending, out);
  } else if (!f.is_true()) {
    pending.head = f;
    out.push_back(std::move(pending));
  }
}

z3::expr ClauseNormalizer::instantiate(const z3::expr& q, Pending& c) {
  z3::context& ctx = q.ctx();
  unsigned n = Z3_get_quantifier_num_bound(ctx, q);
  std::vector<z3::expr> fresh;
  for (unsigned j = 0; j < n; ++j) {
    std::string name = z3::symbol(ctx, Z3_get_quantifier_bound_name(ctx, q, j)).str();
    z3::sort sort(ctx, Z3_get_quantifier_bound_sort(ctx, q, j));
    noteSort(sort);
    fresh.push_back(freshVariable(name, sort));
    c.vars.push_back(fresh.back());
    c.names.push_back(name);
    c.varIds.insert(fresh.back().id());
  }
  // De Bruijn index i names the (n-1-i)-th bound variable.
  z3::expr_vector dst(ctx);
  for (unsigned i = 0; i < n; ++i) dst.push_back(fresh[n - 1 - i]);
  return q.body().substitute(dst);
}

void ClauseNormalizer::addBodyItem(const z3::expr& e, Pending& c) {
  Descent guard(*this);
  Z3_decl_kind k = e.is_app() ? e.decl().decl_kind() : Z3_OP_UNINTERPRETED;
  if (e.is_true()) return;
  if (e.is_app() && k == Z3_OP_AND) {
    for (unsigned i = 0; i < e.num_args(); ++i) addBodyItem(e.arg(i), c);
  } else if (e.is_app() && k == Z3_OP_NOT) {
    addHeadDisjunct(e.arg(0), c);
  } else if (e.is_quantifier() && e.is_exists()) {
    addBodyItem(instantiate(e, c), c);
  } else if (isPredicateApp(e)) {
    c.bodyApps.push_back(e);
  } else {
    checkInterpreted(e, c);
    c.constraints.push_back(e);
  }
}

void ClauseNormalizer::addHeadDisjunct(const z3::expr& e, Pending& c) {
  Descent guard(*this);
  Z3_decl_kind k = e.is_app() ? e.decl().decl_kind() : Z3_OP_UNINTERPRETED;
  if (e.is_false()) return;
  if (e.is_app() && k == Z3_OP_OR) {
    for (unsigned i = 0; i < e.num_args(); ++i) addHeadDisjunct(e.arg(i), c);
  } else if (e.is_app() && k == Z3_OP_NOT) {
    addBodyItem(e.arg(0), c);
  } else if (e.is_app() && k == Z3_OP_IMPLIES) {
    addBodyItem(e.arg(0), c);
    addHeadDisjunct(e.arg(1), c);
  } else if (e.is_quantifier() && e.is_forall()) {
    addHeadDisjunct(instantiate(e, c), c);
  } else if (isPredicateApp(e)) {
    c.headApps.push_back(e);
  } else {
    checkInterpreted(e, c);
    c.constraints.push_back(!e);
  }
}

void ClauseNormalizer::checkInterpreted(const z3::expr& root, const Pending& c) const {
  smt::forEachSubterm(root, [&](const z3::expr& e) {
    if (e.is_quantifier() || e.is_lambda())
      fail("a quantifier inside a clause's constraint is not supported: " + e.to_string().substr(0, 80));
    if (!e.is_app()) fail("unexpected term in a clause: " + e.to_string().substr(0, 80));
    noteSort(e.get_sort());
    z3::func_decl d = e.decl();
    if (d.decl_kind() == Z3_OP_UNINTERPRETED) {
      std::string name = d.name().str();
      if (predOfDecl_.count(d.id()))
        fail("predicate " + name + " occurs inside an interpreted operator; argus reads clauses whose "
             "predicates are literals of a disjunction");
      if (e.num_args() > 0) fail("uninterpreted function " + name + " is not a predicate");
      if (!c.varIds.count(e.id()))
        fail("free constant " + name + ": every clause variable must be bound by forall");
    }
  });
}

PredicateApp ClauseNormalizer::normalizeApp(const z3::expr& app, Pending& c, std::vector<z3::expr>& argVars) {
  PredicateApp out{predOfDecl_.at(app.decl().id()), {}};
  const std::string& predName = sys_.preds[out.pred].name;
  for (unsigned i = 0; i < app.num_args(); ++i) {
    z3::expr a = app.arg(i);
    bool usable = c.varIds.count(a.id()) > 0;
    for (auto& used : argVars) usable = usable && !z3::eq(used, a);
    if (!usable) {
      checkInterpreted(a, c);
      std::string name = predName + "#" + std::to_string(i);
      z3::expr fresh = freshVariable(name, a.get_sort());
      c.vars.push_back(fresh);
      c.names.push_back(name);
      c.varIds.insert(fresh.id());
      c.constraints.push_back(fresh == a);
      a = fresh;
    }
    argVars.push_back(a);
    out.args.push_back(a);
  }
  return out;
}

Clause ClauseNormalizer::finish(Pending& c) {
  if (c.headApps.size() > 1)
    fail("not a Horn clause: more than one positive predicate literal (" + c.headApps[0].decl().name().str() +
         " and " + c.headApps[1].decl().name().str() + ")");
  z3::context& ctx = *sys_.ctx;
  Clause out{{}, std::nullopt, ctx.bool_val(true), {}, {}, line_, index_};
  std::vector<z3::expr> argVars;
  for (auto& app : c.bodyApps) out.body.push_back(normalizeApp(app, c, argVars));
  if (!c.headApps.empty()) out.head = normalizeApp(c.headApps[0], c, argVars);
  out.constraint = smt::mkAnd(ctx, c.constraints);
  // Keep the variables that occur; quantified but unused ones say nothing.
  std::unordered_set<unsigned> occurring;
  for (auto& v : argVars) occurring.insert(v.id());
  for (auto& v : smt::freeConstants(out.constraint)) occurring.insert(v.id());
  for (size_t i = 0; i < c.vars.size(); ++i) {
    if (!occurring.count(c.vars[i].id())) continue;
    out.vars.push_back(c.vars[i]);
    out.varNames.push_back(c.names[i]);
  }
  return out;
}

}  // namespace argus::chc
