// The abstract reachability graph as Graphviz text, for the HTML report of the CPA engines (predabs,
// impact; `argus verify --report`): one box per live node (its number, location and source line, and what
// the engine says of its state), the steps between them labelled with their CFA edge's line and text,
// dashed arrows from a covered node to the nodes that cover it, and the nodes at an error location red.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "analysis/cpa/Arg.h"
#include "analysis/cpa/ReachedSet.h"
#include "ir/Program.h"

namespace argus::cpa {

/// `program`: the one the ARG's steps and locations belong to (the block-encoded program of the run).
/// `locationOf` and `describe` read a node's location and the engine's view of its state (a formula).
/// An ARG of more than `maxNodes` live nodes becomes a graph with a single note saying so.
std::string argDot(const Arg& arg, const ir::Program& program,
                   const std::function<ir::LocId(const ArgNode&)>& locationOf,
                   const std::function<std::string(const ArgNode&)>& describe, size_t maxNodes);

/// The ARG of a reached set, its nodes' locations read from their composite states.
std::string argDot(const ReachedSet& reached, const ir::Program& program,
                   const std::function<std::string(const ArgNode&)>& describe, size_t maxNodes);

}  // namespace argus::cpa
