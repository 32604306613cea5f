// Reached set: partitions and waitlist kept in step with the ARG.
#include "analysis/cpa/ReachedSet.h"

#include <algorithm>

#include "util/Error.h"

namespace argus::cpa {

ReachedSet::ReachedSet(const CompositeCpa& cpa, WaitlistOrder order)
    : cpa_(cpa),
      waitlist_(order, order == WaitlistOrder::Rpo ? reversePostorder(cpa.program()) : std::vector<uint32_t>{},
                [](const ArgNode& n) { return stateOf(n).loc(); }) {}

ArgNode* ReachedSet::initialize() {
  INVARIANT(arg_.root() == nullptr && arg_.allNodes().empty(), "reached set initialised twice");
  ArgNode* root = arg_.addRoot(cpa_.initialState(), cpa_.initialPrecision());
  add(root);
  return root;
}

void ReachedSet::add(ArgNode* node) {
  partitions_[keyOf(*node)].push_back(node);
  ++size_;
  waitlist_.push(node);
}

void ReachedSet::drop(ArgNode* node) {
  auto& part = partitions_[keyOf(*node)];
  auto it = std::find(part.begin(), part.end(), node);
  if (it != part.end()) {
    part.erase(it);
    --size_;
  }
  waitlist_.remove(node);
}

void ReachedSet::cover(ArgNode* node, const std::vector<ArgNode*>& by) {
  drop(node);
  arg_.cover(node, by);
}

void ReachedSet::replace(ArgNode* old, ArgNode* merged) {
  drop(old);
  arg_.replace(old, merged);
  add(merged);
}

void ReachedSet::removeSubtree(ArgNode* top) {
  std::vector<ArgNode*> parents;  // of any removed node (with merge-join, not only of `top`)
  auto beforeRemoval = [&](ArgNode* doomed) {
    drop(doomed);
    for (auto& p : doomed->parents) parents.push_back(p.node);
  };
  for (ArgNode* n : arg_.removeSubtree(top, beforeRemoval)) add(n);
  for (ArgNode* p : parents)
    if (!p->removed && !p->covered()) {
      p->expanded = false;
      waitlist_.push(p);
    }
}

const std::vector<ArgNode*>& ReachedSet::partition(const PartitionKey& key) const {
  static const std::vector<ArgNode*> none;
  auto it = partitions_.find(key);
  return it == partitions_.end() ? none : it->second;
}

std::vector<ArgNode*> ReachedSet::reached() const {
  std::vector<ArgNode*> out;
  for (auto& n : arg_.allNodes())
    if (!n->removed && !n->covered()) out.push_back(n.get());
  return out;
}

}  // namespace argus::cpa
