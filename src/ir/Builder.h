// Convenience constructors for the common edge shapes (assume, parallel assignment, nondet choice),
// used by the front ends and by tests that build programs by hand.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/Program.h"

namespace argus::ir {

/// An edge that only filters: `cond` over current values, nothing written.
EdgeId addAssume(Program& p, LocId from, LocId to, const z3::expr& cond, SourceLoc loc = {},
                 std::string label = "");
/// A parallel assignment v1' = e1 ∧ ... (each e over current values), optionally guarded.
EdgeId addAssign(Program& p, LocId from, LocId to, const std::vector<std::pair<VarId, z3::expr>>& assignments,
                 SourceLoc loc = {}, std::string label = "");
/// v := nondet value satisfying `range` (a predicate over v's next constant; true for any value);
/// recorded as a nondet input produced by `function`.
EdgeId addNondet(Program& p, LocId from, LocId to, VarId v, const z3::expr& range,
                 const std::string& function = "", SourceLoc loc = {}, std::string label = "");

}  // namespace argus::ir
