// Boxes (one interval per program variable) and bounded disjunctions of boxes: the abstract states of
// the interval analysis. A BoxSet with no boxes is bottom (unreachable); one box is the classic interval
// domain; up to `maxBoxes` boxes give the bounded disjunctions of Beyer, Dangl and Wendler (JAR 2018).
// A partition (a list of key variables) keeps apart the boxes that differ on the key and joins those
// that agree: trace partitioning by the value of a state variable, so that a state machine's loop head
// holds one box per reachable combination of its control values.
#pragma once

#include <string>
#include <vector>

#include "analysis/invariants/Interval.h"

namespace argus::analysis {

/// One interval per VarId of the program; untracked variables stay top.
class Box {
 public:
  explicit Box(size_t numVars) : dims_(numVars) {}
  const Interval& operator[](size_t v) const { return dims_[v]; }
  Interval& operator[](size_t v) { return dims_[v]; }
  size_t size() const { return dims_.size(); }
  bool includes(const Box& other) const;
  bool operator==(const Box& other) const { return dims_ == other.dims_; }
  Box join(const Box& other) const;
  Box widen(const Box& next, const std::vector<int64_t>& thresholds) const;
  /// How much joining with `other` loses: the growth of the hull over the larger of the two boxes.
  double joinCost(const Box& other) const;

 private:
  std::vector<Interval> dims_;
};

/// The variables whose intervals tell the boxes of a partitioned set apart; empty: no partition.
using PartitionKey = std::vector<size_t>;

/// Whether two boxes agree on every key variable.
bool sameKey(const Box& a, const Box& b, const PartitionKey& key);

class BoxSet {
 public:
  BoxSet() = default;
  explicit BoxSet(std::vector<Box> boxes) : boxes_(std::move(boxes)) {}
  static BoxSet bottom() { return {}; }

  bool isBottom() const { return boxes_.empty(); }
  const std::vector<Box>& boxes() const { return boxes_; }
  /// Every box of `other` lies inside some box of this set.
  bool includes(const BoxSet& other) const;
  Box hull() const;  // requires !isBottom()

  /// Union, without boxes inside others, merged down to `maxBoxes` by joining the cheapest pairs. With a
  /// key, boxes that agree on it are joined first (one box per key).
  BoxSet join(const BoxSet& other, size_t maxBoxes, const PartitionKey& key = {}) const;
  /// Widening of this (older) set by `next`: each new box is widened against the old box with its key,
  /// or without a key (or without such a box) the one it is closest to. Terminates only together with
  /// the caller's eventual switch to hullWiden.
  BoxSet widen(const BoxSet& next, size_t maxBoxes, const std::vector<int64_t>& thresholds,
               const PartitionKey& key = {}) const;
  /// Classic interval widening of the hulls: one box; guarantees termination.
  BoxSet hullWiden(const BoxSet& next, const std::vector<int64_t>& thresholds) const;

 private:
  void add(Box box);
  void reduceTo(size_t maxBoxes);
  void joinSameKeys(const PartitionKey& key);

  std::vector<Box> boxes_;
};

}  // namespace argus::analysis
