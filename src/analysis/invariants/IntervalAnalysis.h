// Data-flow analysis over (bounded disjunctions of) intervals on the CFA of a cut-point system:
// a worklist iteration in reverse post-order with widening at the loop heads, then narrowing passes.
//
// Widening at a loop head goes through three phases by the number of times the head grew: plain joins
// (`wideningDelay`), then box-wise widening of the disjuncts (`disjunctiveWidenings`), then widening of
// the hull (one box) — the last phase is classic interval widening with thresholds, which guarantees
// termination whatever the disjuncts did. Thresholds are the integer constants the program compares
// against (and their neighbours), so that loop bounds are found without narrowing where possible.
//
// Partitioned mode (trace partitioning, for state machines): the key variables are control variables,
// set to constants, inside loops written only with constants or copies of each other, and compared with
// constants. Boxes that differ on the live key variables stay apart; a comparison of a key variable with
// a constant splits a box whose interval holds that constant inside (x ≠ 0 keeps x < 0 and x > 0
// apart); variables dead at a location are forgotten there, so stale copies do not multiply the boxes.
// Each key's box is widened on its own; only after `partitionGrowth` growths of a loop head does it fall
// back to widening the hull.
#pragma once

#include <vector>

#include "analysis/invariants/IntervalTransfer.h"
#include "transforms/CutPointSystem.h"
#include "util/Shutdown.h"

namespace argus::analysis {

struct IntervalAnalysisOptions {
  size_t maxBoxes = 1;             // 1: intervals; more: bounded disjunctions of intervals
  unsigned wideningDelay = 2;      // joins at a loop head before widening
  unsigned disjunctiveWidenings = 3;
  unsigned narrowingPasses = 2;
  bool partition = false;          // keep boxes apart by the values of the key variables
  unsigned partitionGrowth = 1024; // growths of a loop head before the hull is widened (partitioned)
  size_t maxPosts = 0;             // abstract posts before the analysis gives up (exhausted()); 0: no bound
};

class IntervalAnalysis {
 public:
  explicit IntervalAnalysis(const transforms::CutPointSystem& ts);

  /// Computes a post-fixpoint from the entry (all variables arbitrary). False if `stop` fired first or
  /// the posts ran out (exhausted()); the values are then meaningless.
  bool run(const IntervalAnalysisOptions& options, const ShutdownToken* stop = nullptr);
  /// The abstract state at a location after run(); bottom: unreachable.
  const BoxSet& at(ir::LocId l) const { return values_.at(l); }
  const IntervalTransfer& transfer() const { return transfer_; }
  const transforms::CutPointSystem& system() const { return *ts_; }
  /// Number of abstract edge posts computed (for statistics).
  size_t posts() const { return posts_; }
  /// Whether the last run gave up because it reached `maxPosts`.
  bool exhausted() const { return exhausted_; }
  /// The key variables of the partitioned mode (found on first use; a plain run does not need them).
  const std::vector<ir::VarId>& keyVariables();

 private:
  BoxSet postOf(ir::EdgeId e, const BoxSet& pre);
  /// What edge `e` brings to its target: the post, with the target's dead variables forgotten.
  BoxSet incoming(ir::EdgeId e, const BoxSet& pre);
  /// Key variables, their tests and the liveness of variables, once, for the partitioned mode.
  void preparePartition();
  void collectKeyVariables();
  /// Per edge: whether it is a step edge on a cycle of the CFA.
  std::vector<bool> loopEdges() const;
  void computeLiveness();
  /// The live key variables at `l` in a partitioned run, none otherwise.
  const PartitionKey& keyAt(ir::LocId l) const;
  /// The boxes of `b` split at the constants edge `e` compares key variables with.
  std::vector<Box> splitAtKeyConstants(ir::EdgeId e, const Box& b) const;
  bool ascend(const IntervalAnalysisOptions& options, const ShutdownToken* stop, std::vector<ir::LocId> seeds);
  void narrow(const IntervalAnalysisOptions& options);
  void collectThresholds();

  const transforms::CutPointSystem* ts_;
  IntervalTransfer transfer_;
  std::vector<ir::LocId> rpo_;      // reachable locations in reverse post-order
  std::vector<size_t> rpoIndex_;
  std::vector<int64_t> thresholds_;
  std::vector<BoxSet> values_;
  std::vector<unsigned> growth_;    // per loop head: how often it grew
  const Box top_;                   // every tracked variable arbitrary
  bool partition_ = false;
  bool partitionPrepared_ = false;
  std::vector<ir::VarId> keyVars_;
  std::vector<std::vector<std::pair<ir::VarId, int64_t>>> keyTests_;  // per edge: key var = constant
  std::vector<std::vector<ir::VarId>> dead_;                           // per location: tracked, dead there
  std::vector<PartitionKey> liveKey_;                                  // per location: live key vars
  size_t posts_ = 0;
  bool exhausted_ = false;
};

}  // namespace argus::analysis
