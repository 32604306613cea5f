// The affine hull of integer points, as the linear equalities a·x = b that every point satisfies, and
// the candidate equalities at loop heads that come from it: the hull of the states reachable within a
// bounded number of blocks, found by repeatedly asking the solver for a reachable state outside the
// hull found so far (at most dimension + 1 points are ever needed). Houdini then keeps the equalities
// that are inductive. Partitioned, the same sampling gives the hull of the states on either side of each
// condition the loop tests, and its equalities guarded by that side: a disjunctive fact (trace
// partitioning) that no single hull says, such as i = 2y where i is even and i = 2y + 1 where it is odd.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/invariants/Houdini.h"
#include "util/Shutdown.h"

namespace argus::analysis {

struct LinearEquality {
  std::vector<int64_t> coefficients;  // one per dimension, gcd-normalised
  int64_t constant = 0;               // Σ coefficients[i] * x[i] = constant
};

class AffineHull {
 public:
  explicit AffineHull(size_t dimensions) : dims_(dimensions) {}
  size_t dimensions() const { return dims_; }
  size_t points() const { return points_.size(); }
  void add(std::vector<int64_t> point);
  /// A basis of the equalities all points satisfy; empty when the points span everything. nullopt when
  /// exact arithmetic would overflow (no equalities can be trusted then). Requires at least one point.
  std::optional<std::vector<LinearEquality>> equalities() const;
  /// The same basis with integer coefficients of any size, each vector (a, -b) for a·x = b: the basis of a
  /// hull of few points often has coefficients beyond int64 until more points are in.
  std::vector<std::vector<mpz_class>> integralBasis() const;

 private:
  size_t dims_;
  std::vector<std::vector<int64_t>> points_;
};

struct EqualitySearch {
  unsigned depth = 8;                  // blocks from the entry that sampled states may lie at
  double queryTimeoutSeconds = 2;      // per sampling query; a timeout ends that loop head's sampling
  size_t maxDimensions = 24;           // beyond, only the variables of the loop's own blocks
  bool partitioned = false;            // also the hulls on either side of each of the loop's conditions
  size_t maxClasses = 16;              // sides sampled per loop head
  double partitionSeconds = 10;        // the sides are sampled until the whole search has taken this long
  unsigned deepDepth = 64;             // blocks for a side no state within `depth` lies on
};

/// Candidate equalities at each loop head over the integer variables of its blocks (and, if there are
/// few, all source-level integer variables); with `partitioned`, also the equalities of the sampled states
/// on either side of each condition c the loop tests (loopConditions), as implications c → e and ¬c → e
/// (or ¬c, c for a side no sampled state lies on).
std::vector<Candidate> equalityCandidates(const transforms::StepEncoder& encoder, const EqualitySearch& search,
                                          smt::SolverConfig config);

}  // namespace argus::analysis
