// Reaching definitions to a fixpoint, one procedure at a time, in reverse postorder. The fixpoint is
// only trusted once a pass changes nothing; the unwinding checks at every in-edge that a variable without
// a merge really arrives with one term.
#include "engines/bmc/MergePoints.h"

#include <algorithm>

namespace argus::engines::bmc {
namespace {

constexpr uint32_t kNoSite = 0, kEntrySite = 1;
// Without convergence after this many passes every variable is merged everywhere (always sound).
constexpr int kMaxPasses = 100;

}  // namespace

MergePoints::MergePoints(const ir::Program& program, const LoopNest& loops)
    : p_(program), loops_(loops), merge_(program.numLocs(), std::vector<bool>(program.numVars(), false)) {
  for (auto& proc : program.procs()) solve(proc.id);
}

ir::LocId MergePoints::siteLocation(Site s, ir::ProcId proc) const {
  if (s == kEntrySite) return p_.proc(proc).entry;
  if (s < 2 + p_.numEdges()) return p_.edge(s - 2).from;
  return s - 2 - static_cast<Site>(p_.numEdges());
}

bool MergePoints::definedInLoopLeftBy(const ir::Edge& e, Site s) const {
  ir::LocId where = siteLocation(s, e.proc);
  for (ir::LocId head : loops_.chain(e.from))
    if (!loops_.inLoop(e.to, head) && loops_.inLoop(where, head)) return true;
  return false;
}

/// Locations reachable from the procedure's entry in reverse postorder (forward edges first).
std::vector<ir::LocId> MergePoints::reversePostorder(ir::ProcId proc) const {
  std::vector<bool> seen(p_.numLocs(), false);
  std::vector<ir::LocId> post;
  std::vector<std::pair<ir::LocId, size_t>> stack{{p_.proc(proc).entry, 0}};
  seen[stack[0].first] = true;
  while (!stack.empty()) {
    auto& [l, next] = stack.back();
    if (next == p_.loc(l).out.size()) {
      post.push_back(l);
      stack.pop_back();
      continue;
    }
    ir::LocId to = p_.edge(p_.loc(l).out[next++]).to;
    if (!seen[to]) seen[to] = true, stack.push_back({to, 0});
  }
  return {post.rbegin(), post.rend()};
}

void MergePoints::solve(ir::ProcId proc) {
  const ir::Procedure& pr = p_.proc(proc);
  // Definitions are kept per variable in scope (by position), not per program variable.
  std::vector<ir::VarId> scope = p_.scope(proc);
  std::vector<uint32_t> position(p_.numVars(), 0);
  for (uint32_t i = 0; i < scope.size(); ++i) position[scope[i]] = i;
  auto incoming = [&](const ir::Edge& e, std::vector<Site> defs) {
    for (ir::VarId w : e.isCall() ? p_.callWrites(e) : e.writes) defs[position[w]] = 2 + e.id;
    return defs;
  };
  std::vector<ir::LocId> order = reversePostorder(proc);
  std::vector<std::vector<Site>> reaching(p_.numLocs());
  for (ir::LocId l : order) reaching[l].assign(scope.size(), kNoSite);
  // Merges are recomputed on every pass from the current definitions; a location's own merge coming
  // back around a loop does not count as a different definition (a trivial merge).
  bool stable = false;
  for (int pass = 0; pass < kMaxPasses && !stable; ++pass) {
    stable = true;
    for (ir::LocId l : order) {
      Site own = 2 + static_cast<Site>(p_.numEdges()) + l;
      std::vector<Site> now(scope.size(), l == pr.entry ? kEntrySite : kNoSite);  // the call brings these
      std::vector<bool> merge(scope.size(), false);
      for (ir::EdgeId id : p_.loc(l).in) {
        const ir::Edge& e = p_.edge(id);
        if (!loops_.reachable(e.from)) continue;
        std::vector<Site> in = incoming(e, reaching[e.from]);
        for (uint32_t i = 0; i < scope.size(); ++i) {
          if (in[i] == kNoSite || in[i] == own || merge[i]) continue;
          if ((now[i] != kNoSite && now[i] != in[i]) || definedInLoopLeftBy(e, in[i])) merge[i] = true;
          else now[i] = in[i];
        }
      }
      for (uint32_t i = 0; i < scope.size(); ++i)
        if (merge[i]) now[i] = own;
      if (now != reaching[l]) reaching[l] = std::move(now), stable = false;
    }
  }
  for (ir::LocId l : order)
    for (uint32_t i = 0; i < scope.size(); ++i)
      merge_[l][scope[i]] = !stable || reaching[l][i] == 2 + static_cast<Site>(p_.numEdges()) + l;
}

}  // namespace argus::engines::bmc
