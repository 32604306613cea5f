// Graph algorithms over CFAs and the call graph. All traversals are iterative: CFAs from large C files
// have thousands of locations and recursion depth must not follow program size.
#include "ir/Queries.h"

#include <algorithm>
#include <functional>
#include <map>

#include "smt/Floats.h"

namespace argus::ir {
namespace {

/// Generic iterative Tarjan over nodes 0..n-1 with a successor function; components come out in
/// reverse topological order.
std::vector<std::vector<uint32_t>> tarjan(size_t n, const std::function<std::vector<uint32_t>(uint32_t)>& succ,
                                          const std::vector<uint32_t>& roots) {
  std::vector<int> index(n, -1), low(n, 0);
  std::vector<bool> onStack(n, false);
  std::vector<uint32_t> stack;
  std::vector<std::vector<uint32_t>> out;
  int counter = 0;
  struct Frame {
    uint32_t node;
    std::vector<uint32_t> succs;
    size_t next;
  };
  for (uint32_t root : roots) {
    if (index[root] != -1) continue;
    std::vector<Frame> call;
    auto enter = [&](uint32_t v) {
      index[v] = low[v] = counter++;
      stack.push_back(v);
      onStack[v] = true;
      call.push_back({v, succ(v), 0});
    };
    enter(root);
    while (!call.empty()) {
      Frame& f = call.back();
      if (f.next < f.succs.size()) {
        uint32_t w = f.succs[f.next++];
        if (index[w] == -1) {
          enter(w);
        } else if (onStack[w]) {
          low[f.node] = std::min(low[f.node], index[w]);
        }
        continue;
      }
      uint32_t v = f.node;
      if (low[v] == index[v]) {
        std::vector<uint32_t> comp;
        uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          onStack[w] = false;
          comp.push_back(w);
        } while (w != v);
        out.push_back(std::move(comp));
      }
      call.pop_back();
      if (!call.empty()) low[call.back().node] = std::min(low[call.back().node], low[v]);
    }
  }
  return out;
}

std::vector<LocId> successors(const Program& p, LocId l) {
  std::vector<LocId> out;
  for (EdgeId e : p.loc(l).out) out.push_back(p.edge(e).to);
  return out;
}

}  // namespace

std::vector<LocId> loopHeads(const Program& p, ProcId proc) {
  // Iterative DFS with colours; a back edge leads to a grey (on-stack) node.
  enum Colour : uint8_t { White, Grey, Black };
  std::vector<Colour> colour(p.numLocs(), White);
  std::set<LocId> heads;
  struct Frame {
    LocId loc;
    size_t next;
  };
  std::vector<Frame> stack{{p.proc(proc).entry, 0}};
  colour[p.proc(proc).entry] = Grey;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const auto& out = p.loc(f.loc).out;
    if (f.next < out.size()) {
      LocId to = p.edge(out[f.next++]).to;
      if (colour[to] == Grey) heads.insert(to);
      else if (colour[to] == White) {
        colour[to] = Grey;
        stack.push_back({to, 0});
      }
      continue;
    }
    colour[f.loc] = Black;
    stack.pop_back();
  }
  return {heads.begin(), heads.end()};
}

std::vector<LocId> allLoopHeads(const Program& p) {
  std::vector<LocId> out;
  for (auto& pr : p.procs()) {
    auto h = loopHeads(p, pr.id);
    out.insert(out.end(), h.begin(), h.end());
  }
  return out;
}

std::vector<LocId> uncutCycleHeads(const Program& p, ProcId proc, const std::vector<bool>& isCut) {
  enum Colour : uint8_t { White, Grey, Black };
  std::vector<Colour> colour(p.numLocs(), White);
  std::set<LocId> heads;
  auto reachable = reachableFromEntry(p, proc);
  for (LocId root : p.proc(proc).locations) {
    if (isCut[root] || !reachable[root] || colour[root] != White) continue;
    std::vector<std::pair<LocId, size_t>> stack{{root, 0}};
    colour[root] = Grey;
    while (!stack.empty()) {
      auto& [l, next] = stack.back();
      if (next == p.loc(l).out.size()) {
        colour[l] = Black;
        stack.pop_back();
        continue;
      }
      LocId to = p.edge(p.loc(l).out[next++]).to;
      if (isCut[to]) continue;
      if (colour[to] == Grey) heads.insert(to);
      else if (colour[to] == White) colour[to] = Grey, stack.push_back({to, 0});
    }
  }
  return {heads.begin(), heads.end()};
}

std::vector<std::vector<LocId>> stronglyConnectedComponents(const Program& p, ProcId proc) {
  auto comps = tarjan(p.numLocs(), [&](uint32_t l) { return successors(p, l); }, p.proc(proc).locations);
  return comps;
}

bool isReducible(const Program& p, ProcId proc) {
  // A CFA is reducible iff removing the DFS back edges whose target dominates their source leaves an
  // acyclic graph. Equivalent test used here: every back edge's target dominates its source.
  const Procedure& pr = p.proc(proc);
  auto reach = reachableFromEntry(p, proc);
  // Iterative dominator sets over the procedure's reachable locations, indexed by their position here
  // (quadratic in the procedure, not in the program: a program has thousands of small procedures).
  std::vector<LocId> nodes;
  std::map<LocId, size_t> index;
  for (LocId l : pr.locations)
    if (reach[l]) index.emplace(l, nodes.size()), nodes.push_back(l);
  const size_t n = nodes.size();
  const size_t entry = index.at(pr.entry);
  std::vector<std::vector<bool>> dom(n, std::vector<bool>(n, true));
  dom[entry].assign(n, false);
  dom[entry][entry] = true;
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t k = 0; k < n; ++k) {
      if (k == entry) continue;
      std::vector<bool> meet(n, true);
      bool any = false;
      for (EdgeId e : p.loc(nodes[k]).in) {
        LocId f = p.edge(e).from;
        if (!reach[f]) continue;
        any = true;
        const std::vector<bool>& df = dom[index.at(f)];
        for (size_t i = 0; i < n; ++i) meet[i] = meet[i] && df[i];
      }
      if (!any) meet.assign(n, false);
      meet[k] = true;
      if (meet != dom[k]) {
        dom[k] = std::move(meet);
        changed = true;
      }
    }
  }
  // Retreating edges of a DFS: edge u->v with v grey. Reducible iff each such v dominates u.
  enum Colour : uint8_t { White, Grey, Black };
  std::vector<Colour> colour(n, White);
  struct Frame {
    LocId loc;
    size_t next;
  };
  std::vector<Frame> stack{{pr.entry, 0}};
  colour[entry] = Grey;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const auto& out = p.loc(f.loc).out;
    if (f.next < out.size()) {
      size_t from = index.at(f.loc);
      LocId to = p.edge(out[f.next++]).to;
      size_t t = index.at(to);
      if (colour[t] == Grey && !dom[from][t]) return false;
      if (colour[t] == White) {
        colour[t] = Grey;
        stack.push_back({to, 0});
      }
      continue;
    }
    colour[index.at(f.loc)] = Black;
    stack.pop_back();
  }
  return true;
}

std::vector<bool> reachableFromEntry(const Program& p, ProcId proc) {
  std::vector<bool> seen(p.numLocs(), false);
  std::vector<LocId> work{p.proc(proc).entry};
  seen[work[0]] = true;
  while (!work.empty()) {
    LocId l = work.back();
    work.pop_back();
    for (EdgeId e : p.loc(l).out) {
      LocId t = p.edge(e).to;
      if (!seen[t]) seen[t] = true, work.push_back(t);
    }
  }
  return seen;
}

std::vector<bool> canReachExitOrError(const Program& p, ProcId proc) {
  std::vector<bool> seen(p.numLocs(), false);
  std::vector<LocId> work{p.proc(proc).exit, p.proc(proc).error};
  for (LocId l : work) seen[l] = true;
  while (!work.empty()) {
    LocId l = work.back();
    work.pop_back();
    for (EdgeId e : p.loc(l).in) {
      LocId f = p.edge(e).from;
      if (!seen[f]) seen[f] = true, work.push_back(f);
    }
  }
  return seen;
}

CallGraph::CallGraph(const Program& p)
    : callees_(p.numProcs()), callers_(p.numProcs()), recursive_(p.numProcs(), false),
      reachable_(p.numProcs(), false) {
  for (auto& e : p.edges()) {
    if (!e.isCall()) continue;
    auto& cs = callees_[e.proc];
    if (std::find(cs.begin(), cs.end(), e.callee) == cs.end()) {
      cs.push_back(e.callee);
      callers_[e.callee].push_back(e.proc);
    }
  }
  if (p.mainProc() == kNone) return;
  std::vector<ProcId> work{p.mainProc()};
  reachable_[p.mainProc()] = true;
  while (!work.empty()) {
    ProcId q = work.back();
    work.pop_back();
    for (ProcId c : callees_[q])
      if (!reachable_[c]) reachable_[c] = true, work.push_back(c);
  }
  auto comps = tarjan(p.numProcs(), [&](uint32_t q) { return callees_[q]; }, {p.mainProc()});
  // Tarjan yields callees' components first: exactly bottom-up order.
  for (auto& comp : comps) {
    bool rec = comp.size() > 1;
    if (comp.size() == 1) {
      auto& cs = callees_[comp[0]];
      rec = std::find(cs.begin(), cs.end(), comp[0]) != cs.end();
    }
    for (ProcId q : comp) {
      recursive_[q] = rec;
      bottomUp_.push_back(q);
    }
  }
}

bool CallGraph::hasRecursion() const {
  for (size_t q = 0; q < recursive_.size(); ++q)
    if (recursive_[q] && reachable_[q]) return true;
  return false;
}

std::string irreducibleProcedure(const Program& p) {
  CallGraph calls(p);
  for (auto& proc : p.procs())
    if (calls.reachable()[proc.id] && !isReducible(p, proc.id)) return proc.name;
  return "";
}

std::string floatingPointUse(const Program& p) {
  for (const Variable& var : p.vars())
    if (smt::mentionsFloatingPoint(var.cur)) return "variable " + var.name;
  for (const Edge& e : p.edges()) {
    std::vector<z3::expr> terms = e.isCall() ? e.args : std::vector<z3::expr>{e.formula};
    if (std::any_of(terms.begin(), terms.end(), smt::mentionsFloatingPoint))
      return "edge " + std::to_string(e.id) + (e.loc.known() ? " at " + e.loc.str() : "");
  }
  return "";
}

}  // namespace argus::ir
