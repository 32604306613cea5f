// Edge instantiation. Fresh constants are named after the variable they version ("main::x!42"), so
// solver dumps stay readable.
#include "ir/Instantiate.h"

#include <unordered_map>

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::ir {

State currentState(const Program& p, const std::vector<VarId>& vars) {
  State s(p);
  for (VarId v : vars) s[v] = p.var(v).cur;
  return s;
}

State freshState(const Program& p, const std::vector<VarId>& vars) {
  State s(p);
  for (VarId v : vars) s[v] = smt::freshConst(p.ctx(), p.var(v).name, p.var(v).cur.get_sort());
  return s;
}

State joinState(const Program& p, const std::vector<VarId>& vars, const std::vector<const State*>& incoming) {
  INVARIANT(!incoming.empty(), "a join without incoming states");
  State out = *incoming.front();
  for (VarId v : vars) {
    bool same = true;
    for (const State* in : incoming) same = same && (*in)[v].id() == out[v].id();
    if (!same) out[v] = smt::freshConst(p.ctx(), p.var(v).name, p.var(v).cur.get_sort());
  }
  return out;
}

z3::expr joinEquations(const Program& p, const std::vector<VarId>& vars, const State& joined, const State& s) {
  std::vector<z3::expr> equal;
  for (VarId v : vars)
    if (joined[v].id() != s[v].id()) equal.push_back(joined[v] == s[v]);
  return smt::mkAnd(p.ctx(), equal);
}

z3::expr evaluateAt(const Program& p, const z3::expr& e, const std::vector<VarId>& vars, const State& s) {
  smt::Substitution sub(p.ctx());
  for (VarId v : vars) sub.add(p.var(v).cur, s[v]);
  return sub.apply(e);
}

Instantiator::Instantiator(const Program& p) : p_(&p), reads_(p.numEdges()) {
  std::unordered_map<unsigned, VarId> curToVar;
  for (auto& v : p.vars()) curToVar.emplace(v.cur.id(), v.id);
  for (auto& e : p.edges()) {
    std::vector<z3::expr> terms{e.formula};
    terms.insert(terms.end(), e.args.begin(), e.args.end());
    for (auto& in : e.inputs) terms.push_back(in.term);
    auto& reads = reads_[e.id];
    for (auto& t : terms)
      for (auto& c : smt::freeConstants(t)) {
        auto it = curToVar.find(c.id());
        if (it != curToVar.end() && std::find(reads.begin(), reads.end(), it->second) == reads.end())
          reads.push_back(it->second);
      }
  }
}

EdgeInstance Instantiator::transition(EdgeId id, const State& pre) const {
  const Edge& e = p_->edge(id);
  INVARIANT(e.kind == EdgeKind::Transition, "instantiating a call edge as a transition");
  z3::context& ctx = p_->ctx();
  smt::Substitution sub(ctx);
  for (VarId v : reads_[id]) sub.add(p_->var(v).cur, pre[v]);
  State post = pre;
  for (VarId w : e.writes) {
    z3::expr fresh = smt::freshConst(ctx, p_->var(w).name, p_->var(w).cur.get_sort());
    sub.add(p_->var(w).next, fresh);
    post[w] = fresh;
  }
  for (auto& a : e.aux) sub.add(a, smt::freshConst(ctx, a.decl().name().str(), a.get_sort()));
  EdgeInstance out{sub.apply(e.formula), std::move(post), {}};
  for (auto& in : e.inputs) out.inputTerms.push_back(sub.apply(in.term));
  return out;
}

std::vector<z3::expr> Instantiator::callArgs(EdgeId id, const State& pre) const {
  const Edge& e = p_->edge(id);
  INVARIANT(e.kind == EdgeKind::Call, "callArgs of a transition");
  smt::Substitution sub(p_->ctx());
  for (VarId v : reads_[id]) sub.add(p_->var(v).cur, pre[v]);
  std::vector<z3::expr> out;
  for (auto& a : e.args) out.push_back(sub.apply(a));
  return out;
}

}  // namespace argus::ir
