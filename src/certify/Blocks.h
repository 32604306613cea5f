// The loop-free block of a cut point: every path from one cut point to the next cut points, encoded as
// constraints (one literal per edge, merged states where paths join), with calls replaced by their
// contracts. The invariant checker builds its initiation, consecution and safety queries from blocks.
#pragma once

#include <z3++.h>

#include <map>
#include <vector>

#include "ir/Evidence.h"
#include "ir/Instantiate.h"
#include "ir/Program.h"

namespace argus::certify {

/// A cut point at the end of a block: reached under `reached`, with the variable terms `state`.
struct BlockEnd {
  ir::LocId cut;
  z3::expr reached;
  ir::State state;
};

/// A call inside a block: when `taken`, the caller's state must satisfy the callee's precondition `pre`.
struct CallObligation {
  ir::EdgeId call;
  z3::expr taken;
  z3::expr pre;
};

struct Block {
  std::vector<z3::expr> constraints;
  std::vector<BlockEnd> ends;
  std::vector<CallObligation> calls;
};

/// The cut points a certificate's invariants are checked at: the locations it names, and every
/// procedure's entry, exit and error.
std::vector<bool> cutPointsOf(const ir::Program& p, const ir::Certificate& c);

/// Encodes the block that starts at cut point `start` (reached under `startReached` with `startState`).
/// `isCut` marks the cut points of the program; a missing contract means pre = post = true.
Block encodeBlock(const ir::Program& p, const ir::Instantiator& inst, const std::vector<bool>& isCut,
                  const std::map<ir::ProcId, ir::Contract>& contracts, ir::LocId start,
                  const z3::expr& startReached, const ir::State& startState);

}  // namespace argus::certify
