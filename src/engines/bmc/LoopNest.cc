// Natural loops from the retreating edges of a depth-first search (for a reducible CFA these are exactly
// the back edges); a loop's body is what reaches a back edge's source without passing its head.
#include "engines/bmc/LoopNest.h"

#include <algorithm>
#include <map>

#include "ir/Queries.h"
#include "util/Error.h"

namespace argus::engines::bmc {
namespace {

/// Sources of the retreating edges into each head, by an iterative colour DFS from the entry.
std::map<ir::LocId, std::vector<ir::LocId>> backEdgeSources(const ir::Program& p, ir::ProcId proc) {
  enum Colour : uint8_t { White, Grey, Black };
  std::vector<Colour> colour(p.numLocs(), White);
  std::map<ir::LocId, std::vector<ir::LocId>> out;
  std::vector<std::pair<ir::LocId, size_t>> stack{{p.proc(proc).entry, 0}};
  colour[p.proc(proc).entry] = Grey;
  while (!stack.empty()) {
    auto& [loc, next] = stack.back();
    const auto& edges = p.loc(loc).out;
    if (next == edges.size()) {
      colour[loc] = Black;
      stack.pop_back();
      continue;
    }
    ir::LocId to = p.edge(edges[next++]).to;
    if (colour[to] == Grey) out[to].push_back(loc);
    if (colour[to] == White) {
      colour[to] = Grey;
      stack.push_back({to, 0});
    }
  }
  return out;
}

/// The natural loop of `head`: head plus every reachable location reaching a back-edge source avoiding head.
std::vector<ir::LocId> naturalLoop(const ir::Program& p, ir::LocId head, const std::vector<ir::LocId>& sources,
                                   const std::vector<bool>& reach) {
  std::vector<bool> in(p.numLocs(), false);
  in[head] = true;
  std::vector<ir::LocId> body{head}, work;
  for (ir::LocId s : sources)
    if (!in[s]) in[s] = true, body.push_back(s), work.push_back(s);
  while (!work.empty()) {
    ir::LocId l = work.back();
    work.pop_back();
    for (ir::EdgeId e : p.loc(l).in) {
      ir::LocId f = p.edge(e).from;
      if (reach[f] && !in[f]) in[f] = true, body.push_back(f), work.push_back(f);
    }
  }
  return body;
}

}  // namespace

LoopNest::LoopNest(const ir::Program& program)
    : chain_(program.numLocs()), isHead_(program.numLocs(), false), reachable_(program.numLocs(), false) {
  for (auto& proc : program.procs()) addLoopsOf(program, proc.id);
}

void LoopNest::addLoopsOf(const ir::Program& p, ir::ProcId proc) {
  auto reach = ir::reachableFromEntry(p, proc);
  for (ir::LocId l : p.proc(proc).locations) reachable_[l] = reach[l];
  std::vector<std::vector<ir::LocId>> loops;
  for (auto& [head, sources] : backEdgeSources(p, proc)) {
    isHead_[head] = true;
    loops.push_back(naturalLoop(p, head, sources, reach));
  }
  // Nested natural loops are strictly smaller than the loops around them: largest first is outermost first.
  std::sort(loops.begin(), loops.end(), [](auto& a, auto& b) { return a.size() > b.size(); });
  for (auto& body : loops)
    for (ir::LocId l : body) chain_[l].push_back(body.front());
}

bool LoopNest::inLoop(ir::LocId l, ir::LocId head) const {
  const auto& c = chain_.at(l);
  return std::find(c.begin(), c.end(), head) != c.end();
}

bool LoopNest::leavesLoop(const ir::Edge& e) const {
  for (ir::LocId h : chain(e.from))
    if (!inLoop(e.to, h)) return true;
  return false;
}

std::vector<uint32_t> LoopNest::countersAfter(const ir::Edge& e, const std::vector<uint32_t>& counters) const {
  const auto& from = chain(e.from);
  std::vector<uint32_t> out;
  for (ir::LocId h : chain(e.to)) {
    auto it = std::find(from.begin(), from.end(), h);
    if (it == from.end()) {
      INVARIANT(h == e.to, "edge enters a loop other than at its head");
      out.push_back(0);
    } else {
      uint32_t c = counters.at(it - from.begin());
      out.push_back(h == e.to ? c + 1 : c);
    }
  }
  return out;
}

}  // namespace argus::engines::bmc
