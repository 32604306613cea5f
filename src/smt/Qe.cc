// Quantifier elimination with Z3's tactics.
#include "smt/Qe.h"

#include <algorithm>

#include "smt/TermWalk.h"
#include "smt/Terms.h"

namespace argus::smt {

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
    return mkOr(ctx, disjuncts);
  };
  try {
    // Most projections eliminate their variables by equalities (a clause's updates, a point of a
    // bounded iteration): the light elimination does that at a fraction of full QE's cost, and full QE
    // only runs on what it leaves quantified.
    z3::expr light = apply("qe-light", quantified);
    if (!hasQuantifier(light)) return light;
    return apply("qe", light);
  } catch (const z3::exception&) {
    return quantified;  // still correct; callers decide whether a quantified formula is usable
  }
}

bool hasQuantifier(const z3::expr& e) {
  return anySubterm(e, [](const z3::expr& t) { return t.is_quantifier(); });
}

}  // namespace argus::smt
