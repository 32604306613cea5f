// The complete-unrolling checker, independent of the BMC engine: it builds the whole unrolling for the
// given bound at once (a node per location, call stack and loop counters), encodes it in topological
// order, and asks one fresh solver whether an error location or a cut-off node is reachable.
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

/// The unrolling in two passes: its shape (nodes and links, breadth first), then its formula in
/// topological order, so that every node sees all its incoming links before its own state is fixed.
class Unrolling {
 public:
  Unrolling(const ir::Program& p, unsigned bound)
      : p_(p), bound_(bound), inst_(p), loops_(loopsContaining(p)) {}

  /// Builds every node within the bound; false when the unrolling exceeds kMaxNodes.
  bool build() {
    const ir::Procedure& main = p_.proc(p_.mainProc());
    node(Key{main.entry, {}, enter(main.entry, {})});
    for (size_t i = 0; i < nodes_.size(); ++i) {
      if (nodes_.size() > kMaxNodes) return false;
      if (nodes_[i].cutoff.empty()) expand(i);
    }
    return true;
  }

  /// Asserts the unrolling into `s` and returns the literal "an error or a cut-off node is reached";
  /// nothing if the links form a cycle (then the bound does not describe the program's executions).
  std::optional<z3::expr> encode(smt::Solver& s) {
    z3::context& ctx = p_.ctx();
    std::vector<size_t> order = topologicalOrder();
    if (order.size() != nodes_.size()) return std::nullopt;
    states_.assign(nodes_.size(), ir::State(p_));
    reach_.assign(nodes_.size(), ctx.bool_val(true));
    std::vector<std::vector<std::pair<z3::expr, ir::State>>> incoming(nodes_.size());
    states_[0] = ir::freshState(p_, p_.scope(p_.mainProc()));
    std::vector<z3::expr> bad;
    for (size_t n : order) {
      if (n != 0) merge(s, n, incoming[n]);
      incoming[n].clear();
      for (const Link& l : out_[n]) incoming[l.to].push_back(follow(s, n, l));
      if (!nodes_[n].cutoff.empty() || p_.isErrorLoc(std::get<0>(nodes_[n].key))) bad.push_back(reach_[n]);
    }
    z3::expr query = smt::freshConst(ctx, "certify!unrolled", ctx.bool_sort());
    s.add(z3::implies(query, smt::mkOr(ctx, bad)));
    return query;
  }

  /// What a model of the query reaches: the first bad node it makes true.
  std::string explain(const z3::model& m) const {
    for (size_t n = 0; n < nodes_.size(); ++n) {
      if (!m.eval(reach_[n], true).is_true()) continue;
      if (!nodes_[n].cutoff.empty()) return nodes_[n].cutoff;
      if (p_.isErrorLoc(std::get<0>(nodes_[n].key)))
        return "an error location is reachable within the bound: " + describeLocation(p_, std::get<0>(nodes_[n].key));
    }
    return "an error or cut-off node is reachable";
  }

  size_t size() const { return nodes_.size(); }

 private:
  enum class Via { Transition, Call, Return };
  struct Link {
    Via via;
    ir::EdgeId edge;
    size_t to;
    size_t caller;  // Return: the node that made the call
  };
  struct Node {
    Key key;
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

  /// The node for `key`, created (and checked against the bound) if new.
  size_t node(const Key& key) {
    auto [it, fresh] = index_.emplace(key, nodes_.size());
    if (!fresh) return it->second;
    const auto& [loc, stack, counters] = key;
    ir::ProcId proc = p_.loc(loc).proc;
    Node n{key, ""};
    for (auto [head, count] : counters)
      if (count > bound_)
        n.cutoff = fmt::format("the loop at {} can iterate more than {} times", describeLocation(p_, head), bound_);
    if (loc == p_.proc(proc).entry && occurrences(proc, stack) > bound_)
      n.cutoff = fmt::format("the recursion of {} can be deeper than {}", p_.proc(proc).name, bound_);
    nodes_.push_back(std::move(n));
    out_.emplace_back();
    return it->second;
  }

  void expand(size_t i) {
    const auto [loc, stack, counters] = nodes_[i].key;
    const ir::Procedure& pr = p_.proc(p_.loc(loc).proc);
    if (loc == pr.error) return;
    if (loc == pr.exit) {
      if (stack.empty()) return;
      const auto& [callId, callerCounters] = stack.back();
      const ir::Edge& call = p_.edge(callId);
      Stack outer(stack.begin(), stack.end() - 1);
      size_t caller = index_.at(Key{call.from, outer, callerCounters});
      size_t to = node(Key{call.to, outer, enter(call.to, callerCounters)});
      out_[i].push_back({Via::Return, callId, to, caller});
      return;
    }
    for (ir::EdgeId id : p_.loc(loc).out) {
      const ir::Edge& e = p_.edge(id);
      if (e.isCall()) {
        Stack inner = stack;
        inner.emplace_back(id, counters);
        size_t to = node(Key{p_.proc(e.callee).entry, inner, enter(p_.proc(e.callee).entry, {})});
        out_[i].push_back({Via::Call, id, to, 0});
      } else {
        size_t to = node(Key{e.to, stack, enter(e.to, counters)});
        out_[i].push_back({Via::Transition, id, to, 0});
      }
    }
  }

  /// Kahn's algorithm over the links; shorter than the node count if they form a cycle.
  std::vector<size_t> topologicalOrder() const {
    std::vector<size_t> indegree(nodes_.size(), 0), order;
    for (auto& links : out_)
      for (const Link& l : links) ++indegree[l.to];
    for (size_t n = 0; n < nodes_.size(); ++n)
      if (indegree[n] == 0) order.push_back(n);
    for (size_t i = 0; i < order.size(); ++i)
      for (const Link& l : out_[order[i]])
        if (--indegree[l.to] == 0) order.push_back(l.to);
    return order;
  }

  /// The literal and state a link hands to its target.
  std::pair<z3::expr, ir::State> follow(smt::Solver& s, size_t from, const Link& l) {
    z3::context& ctx = p_.ctx();
    const ir::Edge& e = p_.edge(l.edge);
    if (l.via == Via::Return) {
      ir::State back = states_[l.caller];
      for (ir::VarId g : p_.globals()) back[g] = states_[from][g];
      for (size_t r = 0; r < e.results.size(); ++r) back[e.results[r]] = states_[from][p_.proc(e.callee).results[r]];
      return {reach_[from], back};
    }
    z3::expr taken = smt::freshConst(ctx, "certify!taken", ctx.bool_sort());
    if (l.via == Via::Transition) {
      ir::EdgeInstance ei = inst_.transition(e.id, states_[from]);
      s.add(z3::implies(taken, reach_[from] && ei.formula));
      return {taken, ei.post};
    }
    s.add(z3::implies(taken, reach_[from]));
    const ir::Procedure& callee = p_.proc(e.callee);
    ir::State entry = states_[from];
    std::vector<z3::expr> args = inst_.callArgs(e.id, entry);
    for (size_t a = 0; a < args.size(); ++a) entry[callee.params[a]] = args[a];
    for (const auto* vars : {&callee.results, &callee.locals})
      for (ir::VarId v : *vars) entry[v] = smt::freshConst(ctx, p_.var(v).name, p_.var(v).cur.get_sort());
    return {taken, entry};
  }

  /// Reach literal and state of node n from all its incoming links: one link is taken over as it is;
  /// otherwise a variable gets a fresh term only where the incoming terms differ.
  void merge(smt::Solver& s, size_t n, const std::vector<std::pair<z3::expr, ir::State>>& in) {
    z3::context& ctx = p_.ctx();
    if (in.size() == 1) {
      reach_[n] = in[0].first;
      states_[n] = in[0].second;
      return;
    }
    reach_[n] = smt::freshConst(ctx, "certify!node", ctx.bool_sort());
    std::vector<z3::expr> options;
    for (auto& [taken, post] : in) options.push_back(taken);
    s.add(z3::implies(reach_[n], smt::mkOr(ctx, options)));
    std::vector<ir::VarId> scope = p_.scope(p_.loc(std::get<0>(nodes_[n].key)).proc);
    std::vector<const ir::State*> posts;
    for (auto& [taken, post] : in) posts.push_back(&post);
    states_[n] = ir::joinState(p_, scope, posts);
    for (auto& [taken, post] : in) s.add(z3::implies(taken, ir::joinEquations(p_, scope, states_[n], post)));
  }

  const ir::Program& p_;
  unsigned bound_;
  ir::Instantiator inst_;
  std::vector<std::vector<ir::LocId>> loops_;
  std::vector<Node> nodes_;
  std::vector<std::vector<Link>> out_;
  std::map<Key, size_t> index_;
  std::vector<ir::State> states_;
  std::vector<z3::expr> reach_;
};

}  // namespace

CheckOutcome checkCompleteUnrolling(const ir::Program& program, unsigned bound, const CertifyOptions& options) {
  if (bound == 0) return CheckOutcome::refute("a complete unrolling needs a bound of at least 1");
  Unrolling unrolling(program, bound);
  if (!unrolling.build())
    return CheckOutcome::undecided(fmt::format("the unrolling for bound {} is too large to check", bound));
  smt::Solver solver(program.ctx(), checkConfig(options, "certify-unrolling"));
  std::optional<z3::expr> bad = unrolling.encode(solver);
  if (!bad)
    return CheckOutcome::undecided(fmt::format("the unrolling for bound {} has a cycle: the program's loops are not "
                                               "natural loops (irreducible control flow)", bound));
  switch (solver.check({*bad})) {
    case smt::SatResult::Unsat:
      return CheckOutcome::accept(
          fmt::format("unrolling with bound {} ({} nodes) is complete and safe", bound, unrolling.size()));
    case smt::SatResult::Sat:
      return CheckOutcome::refute(fmt::format("bound {}: {}", bound, unrolling.explain(solver.model())));
    case smt::SatResult::Unknown:
      break;
  }
  return CheckOutcome::undecided("the solver could not decide the unrolling: " + solver.reasonUnknown());
}

}  // namespace argus::certify
