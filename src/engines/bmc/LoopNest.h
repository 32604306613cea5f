// The loop structure the BMC unwinding counts iterations by: for every location of a reducible CFA, the
// natural loops that contain it (outermost first), and for every edge whether it is a back edge and
// whether it leaves a loop. Only locations reachable from their procedure's entry take part.
#pragma once

#include <string>
#include <vector>

#include "ir/Program.h"

namespace argus::engines::bmc {

class LoopNest {
 public:
  explicit LoopNest(const ir::Program& program);

  /// Heads of the natural loops containing `l`, outermost first (empty outside loops).
  const std::vector<ir::LocId>& chain(ir::LocId l) const { return chain_.at(l); }
  bool isHead(ir::LocId l) const { return isHead_.at(l); }
  /// True iff `l` lies in the natural loop of `head`.
  bool inLoop(ir::LocId l, ir::LocId head) const;
  /// An edge into a loop head from inside its loop.
  bool isBackEdge(const ir::Edge& e) const { return isHead(e.to) && inLoop(e.from, e.to); }
  /// An edge whose source lies in a loop that its target does not.
  bool leavesLoop(const ir::Edge& e) const;
  bool reachable(ir::LocId l) const { return reachable_.at(l); }

  /// Loop counters after taking `e` from a node at e.from with `counters` (aligned with chain(e.from)):
  /// aligned with chain(e.to); a back edge increments its head's counter, entering a loop starts at 0.
  std::vector<uint32_t> countersAfter(const ir::Edge& e, const std::vector<uint32_t>& counters) const;

 private:
  void addLoopsOf(const ir::Program& program, ir::ProcId proc);

  std::vector<std::vector<ir::LocId>> chain_;
  std::vector<bool> isHead_, reachable_;
};

}  // namespace argus::engines::bmc
