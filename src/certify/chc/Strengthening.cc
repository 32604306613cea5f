// k-inductive → 1-inductive by eliminating the states of the next k-1 blocks (see Strengthening.h).
#include "certify/chc/Strengthening.h"

#include <fmt/format.h>

#include <map>
#include <unordered_set>

#include "certify/Blocks.h"
#include "ir/Instantiate.h"
#include "smt/Qe.h"
#include "smt/Terms.h"
#include "util/Stats.h"

namespace argus::certify {
namespace {

/// Bad(l, j): the states at cut point l from which an invariant fails within j further blocks
/// (j = 0: at l itself), as formulas over the variables' current values.
class BadStates {
 public:
  BadStates(const ir::Program& p, const ir::Certificate& c, double budgetSeconds, size_t maxSize)
      : p_(p), c_(c), inst_(p), main_(p.proc(p.mainProc())), scope_(p.scope(main_.id)),
        current_(ir::currentState(p, scope_)), isCut_(cutPointsOf(p, c)), budget_(budgetSeconds),
        maxSize_(maxSize) {
    for (ir::VarId v : scope_) keep_.insert({p.var(v).cur.id(), p.var(v).old.id()});
  }

  /// Nothing when out of budget, left with quantifiers or too large (`why` says which).
  std::optional<z3::expr> at(ir::LocId l, unsigned j) {
    if (auto it = memo_.find({l, j}); it != memo_.end()) return it->second;
    z3::context& ctx = p_.ctx();
    z3::expr bad = !invariant(l);
    bool terminal = l == main_.exit || l == main_.error;
    if (j > 0 && !terminal) {
      Block block = encodeBlock(p_, inst_, isCut_, c_.contracts, l, ctx.bool_val(true), current_);
      std::vector<z3::expr> ends;
      for (const BlockEnd& end : block.ends) {
        std::optional<z3::expr> next = at(end.cut, j - 1);
        if (!next) return std::nullopt;
        ends.push_back(end.reached && ir::evaluateAt(p_, *next, scope_, end.state));
      }
      std::vector<z3::expr> parts = block.constraints;
      parts.push_back(smt::mkOr(ctx, ends));
      z3::expr body = smt::mkAnd(ctx, parts);
      std::vector<z3::expr> hidden;
      for (const z3::expr& k : smt::freeConstants(body))
        if (!keep_.count(k.id())) hidden.push_back(k);
      double left = budget_ - clock_.seconds();
      if (left <= 0) return fail("out of time");
      z3::expr step = smt::projectExists(hidden, body, left);
      if (smt::hasQuantifier(step))
        return fail(fmt::format("quantifier elimination left a quantifier at {} blocks", j));
      bad = bad || step;
    }
    bad = bad.simplify();
    if (smt::dagSize(bad) > maxSize_) return fail(fmt::format("the formula grows beyond {} nodes", maxSize_));
    memo_.emplace(std::make_pair(l, j), bad);
    return bad;
  }

  const std::string& why() const { return why_; }

 private:
  z3::expr invariant(ir::LocId l) const {
    if (l == main_.error) return p_.ctx().bool_val(false);
    auto it = c_.invariants.find(l);
    return it == c_.invariants.end() ? p_.ctx().bool_val(true) : it->second;
  }
  std::optional<z3::expr> fail(std::string why) {
    why_ = std::move(why);
    return std::nullopt;
  }

  const ir::Program& p_;
  const ir::Certificate& c_;
  ir::Instantiator inst_;
  const ir::Procedure& main_;
  std::vector<ir::VarId> scope_;
  ir::State current_;
  std::vector<bool> isCut_;
  std::unordered_set<unsigned> keep_;
  double budget_;
  size_t maxSize_;
  Stopwatch clock_;
  std::map<std::pair<ir::LocId, unsigned>, z3::expr> memo_;
  std::string why_;
};

}  // namespace

Strengthened strengthenToOneInductive(const ir::Program& p, const ir::Certificate& c, double budgetSeconds,
                                      size_t maxSize) {
  if (c.kind != ir::Certificate::Kind::Invariants || c.form != ir::Certificate::Form::Modular || c.k <= 1)
    return {std::nullopt, "only plain k-inductive certificates with k > 1 are strengthened"};
  for (ir::EdgeId e : p.proc(p.mainProc()).edges)
    if (p.edge(e).isCall()) return {std::nullopt, "the program has calls"};
  BadStates bad(p, c, budgetSeconds, maxSize);
  ir::Certificate out = c;
  out.k = 1;
  for (auto& [l, inv] : out.invariants) {
    std::optional<z3::expr> b = bad.at(l, c.k - 1);
    if (!b) return {std::nullopt, "no 1-inductive strengthening: " + bad.why()};
    inv = (!*b).simplify();
  }
  return {std::move(out), ""};
}

}  // namespace argus::certify
