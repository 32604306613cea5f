// Structural queries over ir::Program: loop heads, strongly connected components, reducibility,
// reachability, and the call graph (recursion, topological order of procedures).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ir/Program.h"

namespace argus::ir {

/// Targets of back edges of a depth-first search from the procedure's entry (for a reducible CFA,
/// exactly the natural-loop headers). Sorted.
std::vector<LocId> loopHeads(const Program& p, ProcId proc);
/// Loop heads of every procedure.
std::vector<LocId> allLoopHeads(const Program& p);
/// Heads of the cycles among the procedure's reachable locations that avoid every location in `isCut`:
/// the targets of the back edges of depth-first searches that do not enter cut locations. With them
/// added, the cut set cuts every cycle; empty when it does already. Sorted.
std::vector<LocId> uncutCycleHeads(const Program& p, ProcId proc, const std::vector<bool>& isCut);

/// Strongly connected components of a procedure's CFA (Tarjan), in reverse topological order
/// (a component comes before every component that can reach it). Singletons included.
std::vector<std::vector<LocId>> stronglyConnectedComponents(const Program& p, ProcId proc);

/// True iff every cycle of the CFA is entered only through its loop head (no irreducible loops).
bool isReducible(const Program& p, ProcId proc);
/// The name of a procedure reachable from main whose CFA is irreducible; empty if there is none (what the
/// unwinding engines, bmc and si, refuse).
std::string irreducibleProcedure(const Program& p);

/// Where the program uses floating-point terms (a variable, or an edge whose formula or call arguments
/// hold one), as text for a message; empty if it uses none. Only bmc and kind take such programs.
std::string floatingPointUse(const Program& p);

/// Locations reachable from the procedure's entry (intraprocedural, call edges count as edges).
std::vector<bool> reachableFromEntry(const Program& p, ProcId proc);
/// Locations from which the procedure's exit or error location is reachable.
std::vector<bool> canReachExitOrError(const Program& p, ProcId proc);

class CallGraph {
 public:
  explicit CallGraph(const Program& p);
  const std::vector<ProcId>& callees(ProcId p) const { return callees_.at(p); }
  const std::vector<ProcId>& callers(ProcId p) const { return callers_.at(p); }
  /// True iff the procedure lies on a cycle of the call graph (including calling itself).
  bool isRecursive(ProcId p) const { return recursive_.at(p); }
  bool hasRecursion() const;
  /// Procedures reachable from main through calls (main included).
  const std::vector<bool>& reachable() const { return reachable_; }
  /// Reachable procedures, callees before callers (recursive SCCs in arbitrary internal order).
  const std::vector<ProcId>& bottomUpOrder() const { return bottomUp_; }

 private:
  std::vector<std::vector<ProcId>> callees_, callers_;
  std::vector<bool> recursive_, reachable_;
  std::vector<ProcId> bottomUp_;
};

}  // namespace argus::ir
