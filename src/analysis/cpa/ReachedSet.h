// The reached set of the reachability algorithm: the ARG, its uncovered live nodes grouped by partition
// (location and call stack: the only states merge and stop compare), and the waitlist. It keeps the three
// consistent when nodes are added, covered, merged or removed by a refinement.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "analysis/cpa/Arg.h"
#include "analysis/cpa/CompositeCpa.h"
#include "analysis/cpa/Waitlist.h"

namespace argus::cpa {

class ReachedSet {
 public:
  ReachedSet(const CompositeCpa& cpa, WaitlistOrder order);

  Arg& arg() { return arg_; }
  const Arg& arg() const { return arg_; }
  Waitlist& waitlist() { return waitlist_; }

  /// Starts over with the composite's initial state as the root (the ARG must be empty).
  ArgNode* initialize();
  /// A new node: into its partition and the waitlist.
  void add(ArgNode* node);
  /// Records that `node` is covered: it leaves its partition and the waitlist.
  void cover(ArgNode* node, const std::vector<ArgNode*>& by);
  /// Replaces `old` by `merged` in the ARG, its partition and the waitlist (merged waits for expansion).
  void replace(ArgNode* old, ArgNode* merged);
  /// Removes `top` and its descendants. The surviving parents of removed nodes and the nodes they
  /// covered wait again, so that exploration resumes from there with the current precision.
  void removeSubtree(ArgNode* top);

  const std::vector<ArgNode*>& partition(const PartitionKey& key) const;
  const std::vector<ArgNode*>& partitionOf(const ArgNode& node) const { return partition(keyOf(node)); }
  PartitionKey keyOf(const ArgNode& node) const { return cpa_.key(stateOf(node)); }
  static const CompositeState& stateOf(const ArgNode& node) {
    return static_cast<const CompositeState&>(*node.state);
  }

  /// Uncovered live nodes, in creation order.
  std::vector<ArgNode*> reached() const;
  size_t size() const { return size_; }

 private:
  void drop(ArgNode* node);

  const CompositeCpa& cpa_;
  Arg arg_;
  Waitlist waitlist_;
  std::unordered_map<PartitionKey, std::vector<ArgNode*>, PartitionKeyHash> partitions_;
  size_t size_ = 0;
};

}  // namespace argus::cpa
