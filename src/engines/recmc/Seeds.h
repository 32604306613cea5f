// Inductive lemma seeds for RecMC: before the bounded search, facts about every predicate that hold for
// derivations of any height. Candidates come from samples — concrete facts derived clause by clause
// from the facts of the system, Booleans read as 1 and 0 — as the equalities of their affine hull
// (relations such as i + k = n, or x1 = x2 between the copies of a product program, which blocking cubes
// one bound at a time finds only as a growing series of bounds), the sampled bounds of each integer, and
// the orderings every sample satisfies (between Booleans: implications); Houdini over the
// clauses keeps the largest subset that is inductive (every clause, with the body applications under
// the kept candidates, implies the head's). The engine asserts them as summary facts of every level,
// so they enter its model and certify checks them with the rest.
#pragma once

#include <vector>

#include "engines/Engine.h"
#include "ir/Horn.h"

namespace argus::engines::recmc {

struct SeedLimits {
  unsigned samplingRounds = 8;      // passes over the clauses that derive new samples
  size_t maxOrderingParams = 12;    // orderings x <= y only between the first this many sampled params
  double queryTimeoutSeconds = 1;   // per solver query
  double budgetSeconds = 3;         // for the whole search
};

/// Per predicate (parallel to system.preds), formulas over its params that are jointly inductive.
std::vector<std::vector<z3::expr>> inductiveSeeds(const ir::horn::System& system, const SeedLimits& limits,
                                                  RunContext& run);

}  // namespace argus::engines::recmc
