// The CPA reachability loop.
#include "analysis/cpa/Algorithm.h"

#include "util/Error.h"

namespace argus::cpa {

ReachabilityAlgorithm::ReachabilityAlgorithm(CompositeCpa& cpa, ReachedSet& reached, MergeKind merge,
                                             StopKind stop, AlgorithmServices services)
    : cpa_(cpa),
      reached_(reached),
      merge_(makeMerge(merge, cpa)),
      stop_(makeStop(stop, cpa)),
      mergeSep_(merge == MergeKind::Sep),
      services_(std::move(services)) {}

RunResult ReachabilityAlgorithm::run() {
  const std::string& prefix = services_.statsPrefix;
  Waitlist& waitlist = reached_.waitlist();
  while (!waitlist.empty()) {
    if (services_.shutdown && services_.shutdown->stopRequested()) return {RunStatus::Stopped, nullptr};
    ArgNode* node = waitlist.pop();
    INVARIANT(!node->removed && !node->covered(), "a removed or covered node was waiting");
    if (beforeExpansion_ && beforeExpansion_(node)) continue;
    node->expanded = true;
    services_.stats.add(prefix + ".expansions");
    const auto& state = ReachedSet::stateOf(*node);
    const auto& precision = static_cast<const CompositePrecision&>(*node->precision);
    ArgNode* target = nullptr;
    for (auto& successor : cpa_.successors(state, precision)) {
      ArgNode* t = process(node, successor);
      if (!target) target = t;
    }
    services_.stats.set(prefix + ".arg_nodes", static_cast<int64_t>(reached_.arg().size()));
    services_.stats.setMax(prefix + ".arg_nodes_max", static_cast<int64_t>(reached_.arg().size()));
    if (target) return {RunStatus::TargetReached, target};
    if (services_.log.enabled(2) && services_.stats.getInt(prefix + ".expansions") % 10000 == 0)
      services_.log.log(2, prefix, "{} expansions, {} ARG nodes, {} waiting",
                        services_.stats.getInt(prefix + ".expansions"), reached_.arg().size(), waitlist.size());
  }
  return {RunStatus::Exhausted, nullptr};
}

ArgNode* ReachabilityAlgorithm::process(ArgNode* parent, const CompositeCpa::Successor& successor) {
  auto adjusted = cpa_.adjust(successor.state, parent->precision);
  if (!adjusted) return nullptr;  // bottom
  CompositeCpa::Successor next{successor.step, adjusted->state};
  if (!mergeSep_ && mergeIntoPartition(parent, next, adjusted->precision)) return nullptr;
  ArgNode* node = reached_.arg().addChild(parent, next.step, next.state, adjusted->precision);
  if (coverIfStopped(node)) return nullptr;
  reached_.add(node);
  if (!cpa_.isTarget(ReachedSet::stateOf(*node))) return nullptr;
  reached_.waitlist().remove(node);  // nothing to explore beyond an error
  return node;
}

bool ReachabilityAlgorithm::mergeIntoPartition(ArgNode* parent, const CompositeCpa::Successor& successor,
                                               const PrecisionPtr& precision) {
  // Copy: replacing nodes changes the partition.
  std::vector<ArgNode*> partition = reached_.partition(cpa_.key(static_cast<const CompositeState&>(*successor.state)));
  for (ArgNode* r : partition) {
    StatePtr merged = merge_->merge(successor.state, r->state, *precision);
    if (merged == r->state) continue;
    services_.stats.add(services_.statsPrefix + ".merges");
    ArgNode* m = reached_.arg().addChild(parent, successor.step, merged, precision);
    reached_.replace(r, m);
    if (cpa_.lessOrEqual(*successor.state, *merged)) return true;
  }
  return false;
}

bool ReachabilityAlgorithm::coverIfStopped(ArgNode* node) {
  const auto& partition = reached_.partitionOf(*node);
  std::vector<const AbstractState*> candidates;
  for (ArgNode* r : partition) candidates.push_back(r->state.get());
  services_.stats.add(services_.statsPrefix + ".coverage_checks", static_cast<int64_t>(candidates.size()));
  ScopedTimer timer(services_.stats, services_.statsPrefix + ".time.coverage");
  Coverage c = stop_->stop(*node->state, candidates, *node->precision);
  if (!c.covered) return false;
  std::vector<ArgNode*> by;
  for (size_t i : c.by) by.push_back(partition[i]);
  reached_.cover(node, by);
  services_.stats.add(services_.statsPrefix + ".covered");
  return true;
}

}  // namespace argus::cpa
