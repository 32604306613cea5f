// Reaching definitions to a fixpoint, one procedure at a time; definitions ("sites") only move up from
// none to a definition to a merge at the location itself, so the iteration terminates.
#include "engines/bmc/MergePoints.h"

#include <algorithm>

namespace argus::engines::bmc {
namespace {

constexpr uint32_t kNoSite = 0, kEntrySite = 1;

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
  std::vector<std::vector<Site>> reaching(p_.numLocs());
  for (ir::LocId l : pr.locations) reaching[l].assign(scope.size(), kNoSite);
  bool changed = true;
  while (changed) {
    changed = false;
    for (ir::LocId l : pr.locations) {
      if (!loops_.reachable(l)) continue;
      // The call (or the start) brings the entry's definitions.
      std::vector<Site> now(scope.size(), l == pr.entry ? kEntrySite : kNoSite);
      for (ir::EdgeId id : p_.loc(l).in) {
        const ir::Edge& e = p_.edge(id);
        if (!loops_.reachable(e.from)) continue;
        std::vector<Site> in = incoming(e, reaching[e.from]);
        for (uint32_t i = 0; i < scope.size(); ++i) {
          if (in[i] == kNoSite || merge_[l][scope[i]]) continue;
          if ((now[i] != kNoSite && now[i] != in[i]) || definedInLoopLeftBy(e, in[i])) merge_[l][scope[i]] = true;
          else now[i] = in[i];
        }
      }
      for (uint32_t i = 0; i < scope.size(); ++i)
        if (merge_[l][scope[i]]) now[i] = 2 + static_cast<Site>(p_.numEdges()) + l;
      if (now != reaching[l]) reaching[l] = std::move(now), changed = true;
    }
  }
}

}  // namespace argus::engines::bmc
