// The abstract reachability graph: nodes hold an abstract state and the precision it was computed with;
// edges are the steps between them; covered nodes record which nodes cover them. With merge-sep the
// graph is a tree (one parent per node); merge-join gives a node several parents and may close cycles.
//
// Nodes are owned by the graph and keep their address for its whole life; a removed node stays allocated
// (its state is released) so that stale pointers in a waitlist can still be recognised as removed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "analysis/cpa/State.h"

namespace argus::cpa {

struct ArgNode {
  uint64_t id = 0;
  StatePtr state;
  PrecisionPtr precision;
  struct Parent {
    ArgNode* node;
    Step step;
  };
  std::vector<Parent> parents;  // empty for the root
  std::vector<ArgNode*> children;
  std::vector<ArgNode*> coveredBy;  // non-empty: covered, never expanded
  std::vector<ArgNode*> covers;     // the nodes this one covers
  bool removed = false;
  bool expanded = false;

  bool covered() const { return !coveredBy.empty(); }
};

class Arg {
 public:
  ArgNode* addRoot(StatePtr state, PrecisionPtr precision);
  ArgNode* addChild(ArgNode* parent, const Step& step, StatePtr state, PrecisionPtr precision);

  void cover(ArgNode* node, const std::vector<ArgNode*>& by);
  /// Uncovers every node covered by `node`; returns them.
  std::vector<ArgNode*> uncoverAllCoveredBy(ArgNode* node);
  /// Puts `merged` (a fresh node) in the place of `old`: it takes over old's parents, children and the
  /// nodes old covered; `old` is removed.
  void replace(ArgNode* old, ArgNode* merged);
  void addParent(ArgNode* node, ArgNode* parent, const Step& step);

  /// Removes `top` and all its descendants, calling `beforeRemoval` on each while it is still intact;
  /// returns the surviving nodes that lost a coverer (now uncovered).
  std::vector<ArgNode*> removeSubtree(ArgNode* top, const std::function<void(ArgNode*)>& beforeRemoval = {});

  struct PathStep {
    Step step;
    ArgNode* node;  // the node the step reaches
  };
  /// The steps of a shortest path from the root to `node`.
  std::vector<PathStep> pathTo(ArgNode* node) const;

  ArgNode* root() const { return root_; }
  /// Live (not removed) nodes.
  size_t size() const { return live_; }
  /// Every node ever created (removed ones included), in creation order.
  const std::vector<std::unique_ptr<ArgNode>>& allNodes() const { return nodes_; }

 private:
  ArgNode* create(StatePtr state, PrecisionPtr precision);
  void detach(ArgNode* node);

  std::vector<std::unique_ptr<ArgNode>> nodes_;
  ArgNode* root_ = nullptr;
  size_t live_ = 0;
};

}  // namespace argus::cpa
