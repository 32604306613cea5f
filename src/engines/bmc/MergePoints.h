// Where the unwinding needs fresh terms for a variable at a join node, by a reaching-definitions
// analysis in the style of SSA construction: a variable needs a merge ("phi") at a location when its
// incoming definitions differ, or when an incoming edge leaves a loop in which the definition was made
// (loop-closed form: the exits of different iterations carry different copies). Every other variable
// arrives with the same term on every in-edge of every unwinding node of that location, so the node
// reuses that term and no equalities are needed.
#pragma once

#include <cstdint>
#include <vector>

#include "engines/bmc/LoopNest.h"
#include "ir/Program.h"

namespace argus::engines::bmc {

class MergePoints {
 public:
  MergePoints(const ir::Program& program, const LoopNest& loops);
  bool needsMerge(ir::LocId l, ir::VarId v) const { return merge_[l][v]; }

 private:
  using Site = uint32_t;  // 0: none yet; 1: the procedure's entry; then edges, then merges at locations
  void solve(ir::ProcId proc);
  std::vector<ir::LocId> reversePostorder(ir::ProcId proc) const;
  ir::LocId siteLocation(Site s, ir::ProcId proc) const;
  bool definedInLoopLeftBy(const ir::Edge& e, Site s) const;

  const ir::Program& p_;
  const LoopNest& loops_;
  std::vector<std::vector<bool>> merge_;  // location x variable
};

}  // namespace argus::engines::bmc
