// Projection by quantifier elimination and clause images.
#include "certify/chc/Projection.h"

#include <algorithm>

#include "smt/TermWalk.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::certify {

z3::expr projectExists(const std::vector<z3::expr>& vars, const z3::expr& body, double timeoutSeconds) {
  if (vars.empty()) return body;
  z3::context& ctx = body.ctx();
  z3::expr_vector bound(ctx);
  for (auto& v : vars) bound.push_back(v);
  z3::expr quantified = z3::exists(bound, body);
  auto apply = [&](const char* name, const z3::expr& input) {
    z3::goal goal(ctx);
    goal.add(input);
    z3::tactic t = z3::tactic(ctx, name) & z3::tactic(ctx, "simplify");
    if (timeoutSeconds > 0) t = z3::try_for(t, static_cast<unsigned>(std::max(1.0, timeoutSeconds * 1000)));
    z3::apply_result r = t(goal);
    std::vector<z3::expr> disjuncts;
    for (unsigned i = 0; i < r.size(); ++i) disjuncts.push_back(r[i].as_expr());
    return smt::mkOr(ctx, disjuncts);
  };
  try {
    // Most images eliminate their variables by equalities (a clause's updates, a point of a bounded
    // iteration): the light elimination does that at a fraction of full QE's cost, and full QE only
    // runs on what it leaves quantified.
    z3::expr light = apply("qe-light", quantified);
    if (!smt::anySubterm(light, [](const z3::expr& e) { return e.is_quantifier(); })) return light;
    return apply("qe", light);
  } catch (const z3::exception&) {
    return quantified;  // still a correct interpretation; the model check decides whether it is usable
  }
}

z3::expr clauseImage(const chc::Clause& c, const std::vector<z3::expr>& bodyFacts, const std::vector<z3::expr>& formals,
                     double timeoutSeconds) {
  INVARIANT(c.head.has_value(), "the image of a query");
  std::vector<z3::expr> parts = bodyFacts;
  parts.push_back(c.constraint);
  std::vector<z3::expr> hidden;
  for (auto& v : c.vars) {
    bool isHeadArg = false;
    for (auto& a : c.head->args) isHeadArg = isHeadArg || z3::eq(a, v);
    if (!isHeadArg) hidden.push_back(v);
  }
  z3::expr image = projectExists(hidden, smt::mkAnd(c.constraint.ctx(), parts), timeoutSeconds);
  return smt::substitute(image, c.head->args, formals);
}

z3::expr imageOf(const chc::ChcSystem& system, const chc::ChcModel& model, chc::PredId pred, double timeoutSeconds) {
  std::vector<z3::expr> disjuncts;
  for (auto& c : system.clauses) {
    if (!c.head || c.head->pred != pred) continue;
    std::vector<z3::expr> facts;
    for (auto& app : c.body) facts.push_back(model.apply(app.pred, app.args));
    disjuncts.push_back(clauseImage(c, facts, model.formals[pred], timeoutSeconds));
  }
  return smt::mkOr(*system.ctx, disjuncts).simplify();
}

z3::expr defaultValue(const z3::sort& sort) {
  z3::context& ctx = sort.ctx();
  if (sort.is_bool()) return ctx.bool_val(false);
  if (sort.is_int()) return ctx.int_val(0);
  if (sort.is_real()) return ctx.real_val(0);
  if (sort.is_bv()) return ctx.bv_val(0, sort.bv_size());
  if (sort.is_array()) return z3::const_array(sort.array_domain(), defaultValue(sort.array_range()));
  UNREACHABLE("no default value for sort " + sort.to_string());
}

}  // namespace argus::certify
