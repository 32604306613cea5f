// Edge instantiation. Fresh constants are named after the variable they version ("main::x!42"), so
// solver dumps stay readable.
#include "ir/Instantiate.h"

#include <algorithm>
#include <unordered_map>

#include "smt/Implicant.h"
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

namespace {
using smt::isValue;

/// Whether `e` mentions one of the constants in `ids`.
bool mentions(const z3::expr& e, const std::unordered_map<unsigned, VarId>& ids) {
  for (const z3::expr& c : smt::freeConstants(e))
    if (ids.count(c.id())) return true;
  return false;
}
}  // namespace

Instantiator::Instantiator(const Program& p, Folding folding)
    : p_(&p), folding_(folding), reads_(p.numEdges()), definitions_(p.numEdges()) {
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
  if (folding_ == Folding::None) return;
  std::unordered_map<unsigned, VarId> nextToVar;
  for (auto& v : p.vars()) nextToVar.emplace(v.next.id(), v.id);
  for (auto& e : p.edges()) {
    if (e.kind != EdgeKind::Transition) continue;
    for (const z3::expr& c : smt::conjuncts(e.formula)) {
      if (!c.is_eq()) continue;
      for (unsigned side : {0u, 1u}) {
        z3::expr lhs = c.arg(side), rhs = c.arg(1 - side);
        auto it = lhs.is_const() ? nextToVar.find(lhs.id()) : nextToVar.end();
        if (it == nextToVar.end() || mentions(rhs, nextToVar)) continue;
        bool known = std::any_of(definitions_[e.id].begin(), definitions_[e.id].end(),
                                 [&](const Definition& d) { return d.var == it->second; });
        if (!known) definitions_[e.id].push_back(Definition{it->second, rhs, smt::freeConstants(rhs).empty()});
        break;
      }
    }
  }
}

smt::Substitution Instantiator::readsAt(EdgeId id, const State& pre, bool& readsValue) const {
  smt::Substitution sub(p_->ctx());
  readsValue = false;
  for (VarId v : reads_[id]) {
    sub.add(p_->var(v).cur, pre[v]);
    readsValue = readsValue || isValue(pre[v]);
  }
  return sub;
}

EdgeInstance Instantiator::transition(EdgeId id, const State& pre) const {
  const Edge& e = p_->edge(id);
  INVARIANT(e.kind == EdgeKind::Transition, "instantiating a call edge as a transition");
  z3::context& ctx = p_->ctx();
  bool readsValue = false;
  smt::Substitution sub = readsAt(id, pre, readsValue);
  for (auto& a : e.aux) sub.add(a, smt::freshConst(ctx, a.decl().name().str(), a.get_sort()));
  State post = pre;
  // Constant propagation: the defining terms only read `cur` and aux constants, so they are evaluated
  // with the substitution so far, before the `next` constants join it.
  std::vector<VarId> folded;
  for (const Definition& d : definitions_[id]) {
    if (!d.closed && !readsValue) continue;  // over fresh terms only: no value
    z3::expr value = sub.apply(d.term).simplify();
    if (!isValue(value)) continue;
    sub.add(p_->var(d.var).next, value);
    post[d.var] = value;
    folded.push_back(d.var);
  }
  for (VarId w : e.writes) {
    if (std::find(folded.begin(), folded.end(), w) != folded.end()) continue;
    z3::expr fresh = smt::freshConst(ctx, p_->var(w).name, p_->var(w).cur.get_sort());
    sub.add(p_->var(w).next, fresh);
    post[w] = fresh;
  }
  z3::expr formula = sub.apply(e.formula);
  if (folding_ == Folding::Constants && (readsValue || !folded.empty())) formula = formula.simplify();
  EdgeInstance out{formula, std::move(post), {}};
  for (auto& in : e.inputs) out.inputTerms.push_back(sub.apply(in.term));
  return out;
}

std::vector<z3::expr> Instantiator::callArgs(EdgeId id, const State& pre) const {
  const Edge& e = p_->edge(id);
  INVARIANT(e.kind == EdgeKind::Call, "callArgs of a transition");
  bool readsValue = false;
  smt::Substitution sub = readsAt(id, pre, readsValue);
  std::vector<z3::expr> out;
  for (auto& a : e.args) {
    z3::expr arg = sub.apply(a);
    out.push_back(folding_ == Folding::Constants && readsValue ? arg.simplify() : arg);
  }
  return out;
}

}  // namespace argus::ir
