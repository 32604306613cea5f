// The complete-unrolling checker, independent of the BMC engine: it builds the whole unrolling for the
// given bound at once (a node per location, call stack and loop counters; every node with fresh terms),
// then asks one fresh solver whether an error location or a cut-off node is reachable.
//
// The bound means: in every activation of a loop, its head is re-entered through back edges at most
// `bound` times, and no procedure occurs more than `bound` times on the call stack. A back edge is an
// edge into a loop head h whose source h dominates; the loop of h is everything that reaches such a
// source without passing h.
#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

#include "certify/Checks.h"
#include "ir/Instantiate.h"
#include "ir/Queries.h"
#include "smt/Terms.h"

namespace argus::certify {
namespace {

using Counters = std::vector<std::pair<ir::LocId, unsigned>>;  // (loop head, back edges taken), sorted
using Activation = std::pair<ir::EdgeId, Counters>;            // call edge, caller's counters at the call
using Stack = std::vector<Activation>;
using Key = std::tuple<ir::LocId, Stack, Counters>;

constexpr size_t kMaxNodes = 2000000;

/// For every location, the heads of the loops that contain it.
std::vector<std::vector<ir::LocId>> loopsContaining(const ir::Program& p) {
  std::vector<std::vector<ir::LocId>> out(p.numLocs());
  for (auto& proc : p.procs()) {
    auto reachable = ir::reachableFromEntry(p, proc.id);
    for (ir::LocId head : ir::loopHeads(p, proc.id)) {
      // What the entry reaches without passing the head is not dominated by it.
      std::vector<bool> avoids(p.numLocs(), false);
      std::deque<ir::LocId> work;
      if (head != proc.entry) avoids[proc.entry] = true, work.push_back(proc.entry);
      for (; !work.empty(); work.pop_front())
        for (ir::EdgeId e : p.loc(work.front()).out)
          if (ir::LocId t = p.edge(e).to; t != head && !avoids[t]) avoids[t] = true, work.push_back(t);
      std::vector<bool> inLoop(p.numLocs(), false);
      inLoop[head] = true;
      for (ir::EdgeId e : p.loc(head).in)
        if (ir::LocId u = p.edge(e).from; reachable[u] && !avoids[u] && !inLoop[u]) inLoop[u] = true, work.push_back(u);
      for (; !work.empty(); work.pop_front())
        for (ir::EdgeId e : p.loc(work.front()).in)
          if (ir::LocId u = p.edge(e).from; reachable[u] && !inLoop[u]) inLoop[u] = true, work.push_back(u);
      for (ir::LocId l : proc.locations)
        if (inLoop[l]) out[l].push_back(head);
    }
  }
  return out;
}

class Unrolling {
 public:
  Unrolling(const ir::Program& p, unsigned bound)
      : p_(p), bound_(bound), inst_(p), loops_(loopsContaining(p)) {}

  /// Builds every node within the bound; false when the unrolling exceeds kMaxNodes.
  bool build() {
    const ir::Procedure& main = p_.proc(p_.mainProc());
    node(Key{main.entry, {}, enter(main.entry, {})}, std::nullopt);
    for (size_t i = 0; i < nodes_.size(); ++i) {
      if (nodes_.size() > kMaxNodes) return false;
      if (nodes_[i].cutoff.empty()) expand(i);
    }
    return true;
  }

  /// Asserts the unrolling into `s`; returns the literal "an error or a cut-off node is reached".
  z3::expr encode(smt::Solver& s) {
    z3::context& ctx = p_.ctx();
    for (auto& c : constraints_) s.add(c);
    std::vector<z3::expr> bad;
    for (auto& n : nodes_) {
      if (!n.in.empty()) {
        std::vector<z3::expr> options;
        for (auto& [taken, post] : n.in) {
          options.push_back(taken);
          std::vector<z3::expr> equal;
          for (ir::VarId v : p_.scope(p_.loc(std::get<0>(n.key)).proc)) equal.push_back(n.state[v] == post[v]);
          s.add(z3::implies(taken, smt::mkAnd(ctx, equal)));
        }
        s.add(z3::implies(n.reach, smt::mkOr(ctx, options)));
      }
      if (!n.cutoff.empty() || p_.isErrorLoc(std::get<0>(n.key))) bad.push_back(n.reach);
    }
    z3::expr query = smt::freshConst(ctx, "certify!unrolled", ctx.bool_sort());
    s.add(z3::implies(query, smt::mkOr(ctx, bad)));
    return query;
  }

  /// What a model of the query reaches: the first bad node it makes true.
  std::string explain(const z3::model& m) const {
    for (auto& n : nodes_) {
      if (!m.eval(n.reach, true).is_true()) continue;
      if (!n.cutoff.empty()) return n.cutoff;
      if (p_.isErrorLoc(std::get<0>(n.key)))
        return "an error location is reachable within the bound: " + describeLocation(p_, std::get<0>(n.key));
    }
    return "an error or cut-off node is reachable";
  }

  size_t size() const { return nodes_.size(); }

 private:
  struct Node {
    Key key;
    z3::expr reach;
    ir::State state;
    std::vector<std::pair<z3::expr, ir::State>> in;
    std::string cutoff;  // non-empty: beyond the bound (says why); not expanded
  };

  /// Counters on arriving at `to` from a location with `counters` (sorted by head).
  Counters enter(ir::LocId to, const Counters& counters) const {
    Counters out;
    bool seen = false;
    for (auto [head, count] : counters) {
      if (std::find(loops_[to].begin(), loops_[to].end(), head) == loops_[to].end()) continue;
      seen |= head == to;
      out.emplace_back(head, head == to ? count + 1 : count);
    }
    bool isHead = std::find(loops_[to].begin(), loops_[to].end(), to) != loops_[to].end();
    if (isHead && !seen) out.emplace_back(to, 0);
    std::sort(out.begin(), out.end());
    return out;
  }

  unsigned occurrences(ir::ProcId proc, const Stack& stack) const {
    unsigned n = proc == p_.mainProc() ? 1 : 0;
    for (auto& [call, counters] : stack) n += p_.edge(call).callee == proc;
    return n;
  }

  /// The node for `key`, created if new; `in` (literal, state) is added to its incoming edges.
  size_t node(const Key& key, std::optional<std::pair<z3::expr, ir::State>> in) {
    auto [it, fresh] = index_.emplace(key, nodes_.size());
    if (fresh) {
      z3::context& ctx = p_.ctx();
      const auto& [loc, stack, counters] = key;
      ir::ProcId proc = p_.loc(loc).proc;
      Node n{key, in ? smt::freshConst(ctx, "certify!node", ctx.bool_sort()) : ctx.bool_val(true),
             ir::freshState(p_, p_.scope(proc)), {}, ""};
      for (auto [head, count] : counters)
        if (count > bound_)
          n.cutoff = fmt::format("the loop at {} can iterate more than {} times", describeLocation(p_, head), bound_);
      if (loc == p_.proc(proc).entry && occurrences(proc, stack) > bound_)
        n.cutoff = fmt::format("the recursion of {} can be deeper than {}", p_.proc(proc).name, bound_);
      nodes_.push_back(std::move(n));
    }
    if (in) nodes_[it->second].in.push_back(std::move(*in));
    return it->second;
  }

  void expand(size_t i) {
    const auto [loc, stack, counters] = nodes_[i].key;
    const ir::Procedure& pr = p_.proc(p_.loc(loc).proc);
    if (loc == pr.error) return;
    if (loc == pr.exit) {
      if (!stack.empty()) returnFrom(i);
      return;
    }
    z3::context& ctx = p_.ctx();
    for (ir::EdgeId id : p_.loc(loc).out) {
      const ir::Edge& e = p_.edge(id);
      z3::expr taken = smt::freshConst(ctx, "certify!taken", ctx.bool_sort());
      if (e.isCall()) {
        constraints_.push_back(z3::implies(taken, nodes_[i].reach));
        const ir::Procedure& callee = p_.proc(e.callee);
        ir::State s = nodes_[i].state;
        std::vector<z3::expr> args = inst_.callArgs(id, s);
        for (size_t a = 0; a < args.size(); ++a) s[callee.params[a]] = args[a];
        for (const auto* vars : {&callee.results, &callee.locals})
          for (ir::VarId v : *vars) s[v] = smt::freshConst(ctx, p_.var(v).name, p_.var(v).cur.get_sort());
        Stack inner = stack;
        inner.emplace_back(id, counters);
        node(Key{callee.entry, inner, enter(callee.entry, {})}, std::make_pair(taken, s));
      } else {
        ir::EdgeInstance ei = inst_.transition(id, nodes_[i].state);
        constraints_.push_back(z3::implies(taken, nodes_[i].reach && ei.formula));
        node(Key{e.to, stack, enter(e.to, counters)}, std::make_pair(taken, ei.post));
      }
    }
  }

  void returnFrom(size_t exitNode) {
    const auto& [loc, stack, counters] = nodes_[exitNode].key;
    const auto& [callId, callerCounters] = stack.back();
    const ir::Edge& call = p_.edge(callId);
    Stack outer(stack.begin(), stack.end() - 1);
    size_t caller = index_.at(Key{call.from, outer, callerCounters});
    ir::State s = nodes_[caller].state;
    const ir::State& done = nodes_[exitNode].state;
    for (ir::VarId g : p_.globals()) s[g] = done[g];
    for (size_t r = 0; r < call.results.size(); ++r) s[call.results[r]] = done[p_.proc(call.callee).results[r]];
    z3::expr reached = nodes_[exitNode].reach;
    node(Key{call.to, outer, enter(call.to, callerCounters)}, std::make_pair(reached, s));
  }

  const ir::Program& p_;
  unsigned bound_;
  ir::Instantiator inst_;
  std::vector<std::vector<ir::LocId>> loops_;
  std::vector<Node> nodes_;
  std::map<Key, size_t> index_;
  std::vector<z3::expr> constraints_;  // edge literals imply their source and formula
};

}  // namespace

CheckOutcome checkCompleteUnrolling(const ir::Program& program, unsigned bound, const CertifyOptions& options) {
  if (bound == 0) return {false, "a complete unrolling needs a bound of at least 1"};
  Unrolling unrolling(program, bound);
  if (!unrolling.build()) return {false, fmt::format("the unrolling for bound {} is too large to check", bound)};
  smt::Solver solver(program.ctx(), checkConfig(options, "certify-unrolling"));
  z3::expr bad = unrolling.encode(solver);
  switch (solver.check({bad})) {
    case smt::SatResult::Unsat:
      return {true, fmt::format("unrolling with bound {} ({} nodes) is complete and safe", bound, unrolling.size())};
    case smt::SatResult::Sat:
      return {false, fmt::format("bound {}: {}", bound, unrolling.explain(solver.model()))};
    case smt::SatResult::Unknown:
      break;
  }
  return {false, "the solver could not decide the unrolling: " + solver.reasonUnknown()};
}

}  // namespace argus::certify
