// Candidate invariants at the loop heads of a cut-point system, for Houdini to check:
//  * from an interval analysis: the bounds of the hull of each variable, and the disjunction of the
//    boxes when there are several (the bounded-disjunction domain);
//  * relational: orderings x ≤ y between the integer variables around a loop head.
#pragma once

#include <map>
#include <vector>

#include "analysis/invariants/Houdini.h"
#include "analysis/invariants/IntervalAnalysis.h"
#include "util/Shutdown.h"

namespace argus::analysis {

/// Bounds a variable has anyway (its machine type's range, Bool's [0, 1]) are left out.
std::vector<Candidate> intervalCandidates(const IntervalAnalysis& analysis);

/// Variables the blocks leaving or entering `cut` mention (read or write).
std::vector<ir::VarId> loopVariables(const transforms::CutPointSystem& ts, ir::LocId cut);

/// The conditions the blocks leaving `head` test, as atoms over the `cur` constants of the system's Int and
/// Bool variables only (comparisons and Boolean variables; the front end's checks against a type's bounds
/// left out): the classes by which a loop's states may be told apart (whether x > m yet, whether i is
/// even, the flag an assertion after the loop depends on).
std::vector<z3::expr> loopConditions(const transforms::CutPointSystem& ts, ir::LocId head);

/// The integer variables that relational candidates at `head` speak about: those of the blocks around
/// it, plus every source-level integer variable while that keeps them within `limit` — a relation may
/// link the loop to what an earlier loop left behind (k = i0 + i1 - j after three loops in sequence).
std::vector<ir::VarId> relationalVariables(const transforms::CutPointSystem& ts, ir::LocId head, size_t limit);

/// The hull of the interval analysis at each loop head it reaches.
using Hulls = std::map<ir::LocId, Box>;
Hulls loopHeadHulls(const IntervalAnalysis& analysis);

/// x ≤ y for ordered pairs of the relational variables of each loop head, except where the intervals in
/// `known` (invariants already) decide it: x's interval lies below y's (implied) or above it (false).
/// On a loop that keeps many variables at constants that leaves a fraction of the pairs to Houdini.
/// Polls `stop` per loop head (a driver has thousands of them) and returns what it has when it stops.
constexpr size_t kMaxOrderingVariables = 24;
std::vector<Candidate> orderingCandidates(const transforms::CutPointSystem& ts, const Hulls& known = {},
                                          size_t maxVariables = kMaxOrderingVariables,
                                          const ShutdownToken* stop = nullptr);

}  // namespace argus::analysis
