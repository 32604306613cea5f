// Reachable states at the cut points, found by running the blocks' exact formulas forward from the entry
// (each step a solver model, so every sample is a real state of the program). The Max-SMT queries use them
// as light soft constraints: a real invariant contains every reachable state, a degenerate conditional
// invariant (empty, or a sliver its narrowing excluded) contains none, so among candidates that satisfy
// the same initiations the one closer to an invariant wins.
#pragma once

#include <gmpxx.h>

#include <map>
#include <vector>

#include "engines/maxsmt/CutGraph.h"

namespace argus::engines::maxsmt {

/// A concrete state: values of the Int variables of the system.
using Sample = std::map<ir::VarId, mpq_class>;

/// Up to `perCut` samples per cut point, from at most `steps` blocks after the entry.
std::map<ir::LocId, std::vector<Sample>> sampleStates(const CutGraph& graph, const smt::SolverConfig& config,
                                                      unsigned perCut = 16, unsigned steps = 12);

}  // namespace argus::engines::maxsmt
