// Projection by quantifier elimination and clause images.
#include "certify/chc/Projection.h"

#include <algorithm>

#include "smt/Qe.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::certify {

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
  z3::expr image = smt::projectExists(hidden, smt::mkAnd(c.constraint.ctx(), parts), timeoutSeconds);
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
  if (sort.is_datatype()) {
    // Some ground term of the datatype (a nullary constructor where there is one): what Z3's model
    // completion picks for a constant that nothing constrains.
    z3::solver solver(ctx);
    z3::expr any = ctx.constant("argus!default", sort);
    if (solver.check() == z3::sat) return solver.get_model().eval(any, true);
  }
  UNREACHABLE("no default value for sort " + sort.to_string());
}

}  // namespace argus::certify
