// ARG bookkeeping: children, coverage links, merging and subtree removal.
#include "analysis/cpa/Arg.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "util/Error.h"

namespace argus::cpa {
ArgNode* Arg::create(StatePtr state, PrecisionPtr precision) {
  nodes_.push_back(std::make_unique<ArgNode>());
  ArgNode* n = nodes_.back().get();
  n->id = nodes_.size() - 1;
  n->state = std::move(state);
  n->precision = std::move(precision);
  ++live_;
  return n;
}

ArgNode* Arg::addRoot(StatePtr state, PrecisionPtr precision) {
  INVARIANT(root_ == nullptr, "the ARG has a root already");
  root_ = create(std::move(state), std::move(precision));
  return root_;
}

ArgNode* Arg::addChild(ArgNode* parent, const Step& step, StatePtr state, PrecisionPtr precision) {
  ArgNode* n = create(std::move(state), std::move(precision));
  n->parents.push_back({parent, step});
  parent->children.push_back(n);
  return n;
}

void Arg::cover(ArgNode* node, const std::vector<ArgNode*>& by) {
  INVARIANT(!node->covered() && !by.empty(), "covering a covered node, or by nothing");
  node->coveredBy = by;
  for (ArgNode* c : by) c->covers.push_back(node);
}

std::vector<ArgNode*> Arg::uncoverAllCoveredBy(ArgNode* node) {
  std::vector<ArgNode*> out = std::move(node->covers);
  node->covers.clear();
  for (ArgNode* n : out) {
    for (ArgNode* other : n->coveredBy)
      if (other != node) std::erase(other->covers, n);
    n->coveredBy.clear();
  }
  return out;
}

void Arg::replace(ArgNode* old, ArgNode* merged) {
  for (auto& p : old->parents) {
    std::replace(p.node->children.begin(), p.node->children.end(), old, merged);
    merged->parents.push_back(p);
  }
  for (ArgNode* c : old->children) {
    for (auto& p : c->parents)
      if (p.node == old) p.node = merged;
    merged->children.push_back(c);
  }
  old->parents.clear();
  old->children.clear();
  for (ArgNode* n : uncoverAllCoveredBy(old)) cover(n, {merged});
  detach(old);
}

void Arg::addParent(ArgNode* node, ArgNode* parent, const Step& step) {
  node->parents.push_back({parent, step});
  parent->children.push_back(node);
}

void Arg::detach(ArgNode* node) {
  INVARIANT(!node->removed, "removing an ARG node twice");
  for (auto& p : node->parents) std::erase(p.node->children, node);
  for (ArgNode* c : node->coveredBy) std::erase(c->covers, node);
  node->coveredBy.clear();
  node->removed = true;
  node->state.reset();
  node->precision.reset();
  if (node == root_) root_ = nullptr;
  --live_;
}

std::vector<ArgNode*> Arg::removeSubtree(ArgNode* top, const std::function<void(ArgNode*)>& beforeRemoval) {
  std::vector<ArgNode*> doomed{top}, lostCoverer;
  std::unordered_set<ArgNode*> seen{top};
  for (size_t i = 0; i < doomed.size(); ++i)
    for (ArgNode* c : doomed[i]->children)
      if (seen.insert(c).second) doomed.push_back(c);
  if (beforeRemoval)
    for (ArgNode* n : doomed) beforeRemoval(n);
  for (ArgNode* n : doomed)
    for (ArgNode* u : uncoverAllCoveredBy(n)) lostCoverer.push_back(u);
  for (ArgNode* n : doomed) {
    n->children.clear();
    detach(n);
  }
  std::vector<ArgNode*> out;
  for (ArgNode* u : lostCoverer)
    if (!u->removed && seen.insert(u).second) out.push_back(u);
  return out;
}

std::vector<Arg::PathStep> Arg::pathTo(ArgNode* node) const {
  // Backwards breadth-first search to the root: merge-join can give a node several parents and even
  // close cycles (a merged loop head becomes the child of its own successor).
  std::unordered_map<ArgNode*, ArgNode::Parent> towardsTarget;  // node -> (its child on the path, step)
  std::vector<ArgNode*> frontier{node};
  std::unordered_set<ArgNode*> seen{node};
  for (size_t i = 0; i < frontier.size() && frontier[i] != root_; ++i)
    for (auto& p : frontier[i]->parents)
      if (!p.node->removed && seen.insert(p.node).second) {
        towardsTarget.emplace(p.node, ArgNode::Parent{frontier[i], p.step});
        frontier.push_back(p.node);
      }
  INVARIANT(seen.count(root_) > 0 || node == root_, "an ARG node not connected to the root");
  std::vector<PathStep> path;
  for (ArgNode* at = root_; at != node;) {
    const ArgNode::Parent& next = towardsTarget.at(at);
    path.push_back({next.step, next.node});
    at = next.node;
  }
  return path;
}

}  // namespace argus::cpa
