// Candidate invariants at the loop heads of a cut-point system, for Houdini to check:
//  * from an interval analysis: the bounds of the hull of each variable, and the disjunction of the
//    boxes when there are several (the bounded-disjunction domain);
//  * relational: orderings x ≤ y between integer variables that the blocks around a loop head mention.
#pragma once

#include <vector>

#include "analysis/invariants/Houdini.h"
#include "analysis/invariants/IntervalAnalysis.h"

namespace argus::analysis {

/// Bounds a variable has anyway (its machine type's range, Bool's [0, 1]) are left out.
std::vector<Candidate> intervalCandidates(const IntervalAnalysis& analysis);

/// Variables the blocks leaving or entering `cut` mention (read or write).
std::vector<ir::VarId> loopVariables(const transforms::CutPointSystem& ts, ir::LocId cut);

/// x ≤ y for ordered pairs of integer variables that the blocks around the loop head mention.
std::vector<Candidate> orderingCandidates(const transforms::CutPointSystem& ts);

}  // namespace argus::analysis
