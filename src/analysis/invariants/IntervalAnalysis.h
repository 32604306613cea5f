// Data-flow analysis over (bounded disjunctions of) intervals on the CFA of a cut-point system:
// a worklist iteration in reverse post-order with widening at the loop heads, then narrowing passes.
//
// Widening at a loop head goes through three phases by the number of times the head grew: plain joins
// (`wideningDelay`), then box-wise widening of the disjuncts (`disjunctiveWidenings`), then widening of
// the hull (one box) — the last phase is classic interval widening with thresholds, which guarantees
// termination whatever the disjuncts did. Thresholds are the integer constants the program compares
// against (and their neighbours), so that loop bounds are found without narrowing where possible.
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
};

class IntervalAnalysis {
 public:
  explicit IntervalAnalysis(const transforms::CutPointSystem& ts);

  /// Computes a post-fixpoint from the entry (all variables arbitrary). False if `stop` fired first
  /// (the values are then meaningless).
  bool run(const IntervalAnalysisOptions& options, const ShutdownToken* stop = nullptr);
  /// The abstract state at a location after run(); bottom: unreachable.
  const BoxSet& at(ir::LocId l) const { return values_.at(l); }
  const IntervalTransfer& transfer() const { return transfer_; }
  const transforms::CutPointSystem& system() const { return *ts_; }
  /// Number of abstract edge posts computed (for statistics).
  size_t posts() const { return posts_; }

 private:
  BoxSet postOf(ir::EdgeId e, const BoxSet& pre);
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
  size_t posts_ = 0;
};

}  // namespace argus::analysis
