// The unrolling checkers, independent of the BMC and stratified-inlining engines: one unrolling of the
// program (a node per location, call stack and loop counters), built at once and encoded in topological
// order, judged by one of two criteria with one fresh solver.
//
// Complete unrolling: every node within the bound is expanded; no error location and no cut-off node may
// be reachable. The bound means: in every activation of a loop, its head is re-entered through back edges
// at most `bound` times, and no procedure occurs more than `bound` times on the call stack. A back edge is
// an edge into a loop head h whose source h dominates; the loop of h is everything that reaches such a
// source without passing h.
//
// Inlining tree: no bound; every node is expanded except the sites (loop heads, and procedure entries
// reached by a call) the certificate does not name. Such an open site stands for the rest of its
// activation: a havoc link takes it to the exit of that activation with the procedure's results and every
// global arbitrary, and it is bad itself if an error location is reachable from its location (through the
// procedure's edges and into the callees of its calls; computed here, not taken from any engine). No error
// location and no bad open site may be reachable.
//
// Edges are instantiated with constant propagation (ir::Folding::Constants): a value a variable is
// assigned replaces its fresh constant, and guards that fold to false instantiate to false. That is an
// equivalence on each edge (the defining equation holds of the value it is replaced by; Z3's simplifier
// does the rest), not a judgement of the engine's, and without it a recursion on constants such as
// fibo(15) is out of reach: the unfolded check of its 1973 activations took 4.4 s for an inlining tree and
// more than 90 s for the complete unrolling bmc reports, against about 1 s and 9-14 s folded.
#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "certify/Checks.h"
#include "ir/Instantiate.h"
#include "ir/Queries.h"
#include "smt/Terms.h"

namespace argus::certify {
namespace {

using Counters = std::vector<std::pair<ir::LocId, unsigned>>;  // (loop head, back edges taken), sorted
using Activation = std::pair<ir::EdgeId, Counters>;            // call edge, caller's counters at the call
using Stack = std::vector<Activation>;
using Key = std::tuple<ir::LocId, Stack, Counters>;  // ir::UnrollingNode, field by field

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

/// For every location, whether an error location (of any procedure) is reachable from it: along
/// transition edges, and at a call both into the callee (an error inside it) and to the call's target
/// (the callee may return). What an open site of an inlining tree may do in the rest of its activation.
std::vector<bool> mayReachError(const ir::Program& p) {
  std::vector<std::vector<ir::EdgeId>> callsOf(p.numProcs());
  for (const ir::Edge& e : p.edges())
    if (e.isCall()) callsOf[e.callee].push_back(e.id);
  std::vector<bool> out(p.numLocs(), false);
  std::deque<ir::LocId> work;
  auto mark = [&](ir::LocId l) {
    if (!out[l]) out[l] = true, work.push_back(l);
  };
  for (auto& proc : p.procs())
    if (proc.error != ir::kNone) mark(proc.error);
  for (; !work.empty(); work.pop_front()) {
    ir::LocId l = work.front();
    for (ir::EdgeId e : p.loc(l).in) mark(p.edge(e).from);  // a transition into l, or a call returning to l
    // At a procedure's entry: every call of the procedure may reach the error inside it.
    if (const ir::Procedure& proc = p.proc(p.loc(l).proc); l == proc.entry)
      for (ir::EdgeId call : callsOf[proc.id]) mark(p.edge(call).from);
  }
  return out;
}

/// The unrolling in two passes: its shape (nodes and links, breadth first), then its formula in
/// topological order, so that every node sees all its incoming links before its own state is fixed.
/// One of two criteria decides which nodes are expanded and which are bad: a bound (complete unrolling)
/// or the set of inlined sites (inlining tree).
class Unrolling {
 public:
  /// Complete unrolling: every node within `bound`; bad: an error location or a cut-off node.
  Unrolling(const ir::Program& p, unsigned bound)
      : p_(p), bound_(bound), inst_(p, ir::Folding::Constants), loops_(loopsContaining(p)) {}
  /// Inlining tree: every node but the sites not in `inlinedSites`; bad: an error location or an open
  /// site from which an error location is reachable.
  Unrolling(const ir::Program& p, std::set<Key> inlinedSites)
      : p_(p),
        inlined_(std::move(inlinedSites)),
        inst_(p, ir::Folding::Constants),
        loops_(loopsContaining(p)),
        mayReachError_(mayReachError(p)) {}

  /// Builds every node the criterion expands; false when the unrolling exceeds kMaxNodes.
  bool build() {
    const ir::Procedure& main = p_.proc(p_.mainProc());
    node(Key{main.entry, {}, enter(main.entry, {})});
    for (size_t i = 0; i < nodes_.size(); ++i) {
      if (nodes_.size() > kMaxNodes) return false;
      if (!inlined_) {
        if (nodes_[i].cutoff.empty()) expand(i);
      } else if (i == 0 || !isSite(nodes_[i].key)) {
        expand(i);
      } else if (inlined_->count(nodes_[i].key)) {
        ++inlinedCount_;
        expand(i);
      } else {
        leaveOpen(i);
      }
    }
    return true;
  }

  /// Asserts the unrolling into `s` and returns the literal "a bad node is reached"; nothing if the links
  /// form a cycle (then the nodes do not describe the program's executions).
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
      if (isBad(n)) bad.push_back(reach_[n]);
    }
    z3::expr query = smt::freshConst(ctx, "certify!unrolled", ctx.bool_sort());
    s.add(z3::implies(query, smt::mkOr(ctx, bad)));
    return query;
  }

  /// What a model of the query reaches: the first bad node it makes true.
  std::string explain(const z3::model& m) const {
    for (size_t n = 0; n < nodes_.size(); ++n) {
      if (!isBad(n) || !m.eval(reach_[n], true).is_true()) continue;
      ir::LocId loc = std::get<0>(nodes_[n].key);
      if (!nodes_[n].cutoff.empty()) return nodes_[n].cutoff;
      if (nodes_[n].open) return "the open site at " + describeLocation(p_, loc) + " may reach an error";
      return fmt::format("an error location is reachable {}: {}",
                         inlined_ ? "in the inlining tree" : "within the bound", describeLocation(p_, loc));
    }
    return "a bad node is reachable";
  }

  size_t size() const { return nodes_.size(); }
  size_t inlinedCount() const { return inlinedCount_; }
  size_t openCount() const { return openCount_; }

 private:
  enum class Via { Transition, Call, Return, Havoc };
  struct Link {
    Via via;
    ir::EdgeId edge;  // Transition, Call, Return; none for Havoc
    size_t to;
    size_t caller;  // Return: the node that made the call
  };
  struct Node {
    Key key;
    std::string cutoff;  // non-empty: beyond the bound (says why); not expanded
    bool open = false;   // a site the inlining tree does not expand; linked to its activation's exit
  };

  bool isHead(ir::LocId l) const { return std::find(loops_[l].begin(), loops_[l].end(), l) != loops_[l].end(); }

  /// A site of the inlining tree: a loop head (each iteration is a call of the loop's tail-recursive
  /// procedure), or a procedure's entry reached by a call.
  bool isSite(const Key& key) const {
    const auto& [loc, stack, counters] = key;
    return isHead(loc) || (loc == p_.proc(p_.loc(loc).proc).entry && !stack.empty());
  }

  bool isBad(size_t n) const {
    ir::LocId loc = std::get<0>(nodes_[n].key);
    return !nodes_[n].cutoff.empty() || p_.isErrorLoc(loc) || (nodes_[n].open && mayReachError_[loc]);
  }

  /// Counters on arriving at `to` from a location with `counters` (sorted by head).
  Counters enter(ir::LocId to, const Counters& counters) const {
    Counters out;
    bool seen = false;
    for (auto [head, count] : counters) {
      if (std::find(loops_[to].begin(), loops_[to].end(), head) == loops_[to].end()) continue;
      seen |= head == to;
      out.emplace_back(head, head == to ? count + 1 : count);
    }
    if (isHead(to) && !seen) out.emplace_back(to, 0);
    std::sort(out.begin(), out.end());
    return out;
  }

  unsigned occurrences(ir::ProcId proc, const Stack& stack) const {
    unsigned n = proc == p_.mainProc() ? 1 : 0;
    for (auto& [call, counters] : stack) n += p_.edge(call).callee == proc;
    return n;
  }

  /// The node for `key`, created (and, for a complete unrolling, checked against the bound) if new.
  size_t node(const Key& key) {
    auto [it, fresh] = index_.emplace(key, nodes_.size());
    if (!fresh) return it->second;
    const auto& [loc, stack, counters] = key;
    ir::ProcId proc = p_.loc(loc).proc;
    Node n{key, "", false};
    if (!inlined_) {
      for (auto [head, count] : counters)
        if (count > bound_)
          n.cutoff = fmt::format("the loop at {} can iterate more than {} times", describeLocation(p_, head), bound_);
      if (loc == p_.proc(proc).entry && occurrences(proc, stack) > bound_)
        n.cutoff = fmt::format("the recursion of {} can be deeper than {}", p_.proc(proc).name, bound_);
    }
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

  /// An open site: the rest of its activation may end at the procedure's exit (the havoc link; the exit
  /// lies in no loop, so its counters are those `enter` gives from none), and the site is bad if an
  /// error is reachable from it (isBad).
  void leaveOpen(size_t i) {
    nodes_[i].open = true;
    ++openCount_;
    const auto [loc, stack, counters] = nodes_[i].key;
    ir::LocId exit = p_.proc(p_.loc(loc).proc).exit;
    size_t to = node(Key{exit, stack, enter(exit, {})});
    out_[i].push_back({Via::Havoc, ir::kNone, to, 0});
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
    if (l.via == Via::Havoc) {
      // The rest of the activation, over-approximated: results and globals arbitrary at the exit. Params
      // and locals keep their terms; nothing after the exit reads them.
      ir::State end = states_[from];
      const ir::Procedure& pr = p_.proc(p_.loc(std::get<0>(nodes_[from].key)).proc);
      for (const auto* vars : {&p_.globals(), &pr.results})
        for (ir::VarId v : *vars) end[v] = smt::freshConst(ctx, p_.var(v).name, p_.var(v).cur.get_sort());
      return {reach_[from], end};
    }
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
  unsigned bound_ = 0;                   // complete unrolling
  std::optional<std::set<Key>> inlined_;  // inlining tree: the sites to expand
  ir::Instantiator inst_;  // with constant propagation (see ir::Folding)
  std::vector<std::vector<ir::LocId>> loops_;
  std::vector<bool> mayReachError_;  // inlining tree only
  std::vector<Node> nodes_;
  std::vector<std::vector<Link>> out_;
  std::map<Key, size_t> index_;
  std::vector<ir::State> states_;
  std::vector<z3::expr> reach_;
  size_t inlinedCount_ = 0, openCount_ = 0;
};

/// Why an inlined site names something the program does not have (ids out of range), if it does.
std::optional<std::string> malformedSite(const ir::Program& p, const ir::UnrollingNode& site) {
  auto badCounters = [&](const Counters& counters) -> std::optional<std::string> {
    for (auto [head, count] : counters)
      if (head >= p.numLocs()) return fmt::format("loop head {} of its counters", head);
    return std::nullopt;
  };
  if (site.loc >= p.numLocs()) return fmt::format("location {}", site.loc);
  if (auto bad = badCounters(site.counters)) return bad;
  for (auto& [call, counters] : site.stack) {
    if (call >= p.numEdges()) return fmt::format("call edge {} of its stack", call);
    if (auto bad = badCounters(counters)) return bad;
  }
  return std::nullopt;
}

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

CheckOutcome checkInliningTree(const ir::Program& program, const ir::Certificate& certificate,
                               const CertifyOptions& options) {
  // A site that names nothing the unrolling has is never expanded, so it is harmless; ids the program
  // does not have are a malformed certificate.
  std::set<Key> sites;
  for (const ir::UnrollingNode& site : certificate.inlinedSites) {
    if (auto what = malformedSite(program, site))
      return CheckOutcome::refute("an inlined site names no location of the program: " + *what);
    sites.emplace(site.loc, site.stack, site.counters);
  }
  Unrolling tree(program, std::move(sites));
  if (!tree.build()) return CheckOutcome::undecided("the inlining tree is too large to check");
  smt::Solver solver(program.ctx(), checkConfig(options, "certify-inlining-tree"));
  std::optional<z3::expr> bad = tree.encode(solver);
  if (!bad)
    return CheckOutcome::undecided("the inlining tree has a cycle: the program's loops are not natural loops "
                                   "(irreducible control flow)");
  switch (solver.check({*bad})) {
    case smt::SatResult::Unsat:
      return CheckOutcome::accept(fmt::format("inlining tree ({} nodes, {} sites inlined, {} open) is safe",
                                              tree.size(), tree.inlinedCount(), tree.openCount()));
    case smt::SatResult::Sat:
      return CheckOutcome::refute("inlining tree: " + tree.explain(solver.model()));
    case smt::SatResult::Unknown:
      break;
  }
  return CheckOutcome::undecided("the solver could not decide the inlining tree: " + solver.reasonUnknown());
}

}  // namespace argus::certify
