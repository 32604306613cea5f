// The CPA reachability algorithm (CPA+, with an ARG): takes nodes from the waitlist, computes their
// successors with the composite transfer relation, adjusts them with the precision adjustment, merges
// them into their partition and drops (covers) those the stop operator says are covered. It stops at the
// first target state (an error location), when the waitlist is empty, or when the ShutdownToken asks.
// run() can be called again after a refinement has pruned the reached set: it resumes with the waitlist.
#pragma once

#include <functional>
#include <string>

#include "analysis/cpa/CompositeCpa.h"
#include "analysis/cpa/Operators.h"
#include "analysis/cpa/ReachedSet.h"
#include "util/Logger.h"
#include "util/Shutdown.h"
#include "util/Stats.h"

namespace argus::cpa {

enum class RunStatus { Exhausted, TargetReached, Stopped };

struct RunResult {
  RunStatus status = RunStatus::Exhausted;
  ArgNode* target = nullptr;  // TargetReached: the ARG node at the error location
};

struct AlgorithmServices {
  Stats& stats;
  Logger& log;
  const ShutdownToken* shutdown = nullptr;
  std::string statsPrefix = "cpa";  // keys: <prefix>.arg_nodes, <prefix>.covered, ...
};

class ReachabilityAlgorithm {
 public:
  ReachabilityAlgorithm(CompositeCpa& cpa, ReachedSet& reached, MergeKind merge, StopKind stop,
                        AlgorithmServices services);

  RunResult run();

  /// Optional: called with each node taken from the waitlist before it is expanded; true skips the
  /// expansion (the hook covered the node, or knows it to be infeasible). Impact closes nodes here.
  void setBeforeExpansion(std::function<bool(ArgNode*)> hook) { beforeExpansion_ = std::move(hook); }

 private:
  /// Handles one successor of `parent`; returns the new node when it is a target.
  ArgNode* process(ArgNode* parent, const CompositeCpa::Successor& successor);
  /// Merges `state` into the partition; returns true when merging took it in.
  bool mergeIntoPartition(ArgNode* parent, const CompositeCpa::Successor& successor, const PrecisionPtr& precision);
  bool coverIfStopped(ArgNode* node);

  CompositeCpa& cpa_;
  ReachedSet& reached_;
  std::unique_ptr<MergeOperator> merge_;
  std::unique_ptr<StopOperator> stop_;
  bool mergeSep_;
  AlgorithmServices services_;
  std::function<bool(ArgNode*)> beforeExpansion_;
};

}  // namespace argus::cpa
