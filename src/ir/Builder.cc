// Edge shape helpers.
#include "ir/Builder.h"

#include "smt/Terms.h"

namespace argus::ir {

EdgeId addAssume(Program& p, LocId from, LocId to, const z3::expr& cond, SourceLoc loc, std::string label) {
  if (label.empty()) label = "assume(" + cond.to_string() + ")";
  return p.addTransition(from, to, cond, {}, {}, {}, std::move(loc), std::move(label));
}

EdgeId addAssign(Program& p, LocId from, LocId to, const std::vector<std::pair<VarId, z3::expr>>& assignments,
                 SourceLoc loc, std::string label) {
  std::vector<z3::expr> parts;
  std::vector<VarId> writes;
  std::string text;
  for (auto& [v, e] : assignments) {
    parts.push_back(p.var(v).next == e);
    writes.push_back(v);
    text += (text.empty() ? "" : "; ") + p.var(v).name + " := " + e.to_string();
  }
  if (label.empty()) label = text;
  return p.addTransition(from, to, smt::mkAnd(p.ctx(), parts), std::move(writes), {}, {}, std::move(loc),
                         std::move(label));
}

EdgeId addNondet(Program& p, LocId from, LocId to, VarId v, const z3::expr& range, const std::string& function,
                 SourceLoc loc, std::string label) {
  if (label.empty()) label = p.var(v).name + " := " + (function.empty() ? "nondet" : function) + "()";
  NondetInput in{p.var(v).next, function, p.var(v).type};
  return p.addTransition(from, to, range, {v}, {}, {in}, std::move(loc), std::move(label));
}

}  // namespace argus::ir
