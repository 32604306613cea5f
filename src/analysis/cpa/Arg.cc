// ARG bookkeeping: children, coverage links, merging and subtree removal.
#include "analysis/cpa/Arg.h"

#include <algorithm>
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
  std::vector<PathStep> path;
  while (!node->parents.empty()) {
    path.push_back({node->parents.front().step, node});
    node = node->parents.front().node;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace argus::cpa
