// Worklist fixpoint of the interval analysis.
#include "analysis/invariants/IntervalAnalysis.h"

#include <algorithm>
#include <set>
#include <unordered_set>

namespace argus::analysis {

using namespace ir;

IntervalAnalysis::IntervalAnalysis(const transforms::CutPointSystem& ts)
    : ts_(&ts), transfer_(ts.program()) {
  const Program& p = ts.program();
  // Reverse post-order of an iterative DFS over the step edges.
  std::vector<bool> seen(p.numLocs(), false);
  std::vector<LocId> post;
  struct Frame {
    LocId loc;
    size_t next;
  };
  std::vector<Frame> stack{{ts.entry(), 0}};
  seen[ts.entry()] = true;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const auto& out = p.loc(f.loc).out;
    if (!ts.isTerminal(f.loc) && f.next < out.size()) {
      LocId to = p.edge(out[f.next++]).to;
      if (!seen[to]) {
        seen[to] = true;
        stack.push_back({to, 0});
      }
      continue;
    }
    post.push_back(f.loc);
    stack.pop_back();
  }
  rpo_.assign(post.rbegin(), post.rend());
  rpoIndex_.assign(p.numLocs(), SIZE_MAX);
  for (size_t i = 0; i < rpo_.size(); ++i) rpoIndex_[rpo_[i]] = i;
  collectThresholds();
}

void IntervalAnalysis::collectThresholds() {
  // Integer constants that occur as arguments of comparisons, and their neighbours (x < c ⇒ x ≤ c-1).
  std::set<int64_t> found{0};
  std::unordered_set<unsigned> seen;
  for (const Edge& e : ts_->program().edges()) {
    std::vector<z3::expr> stack{e.formula};
    while (!stack.empty()) {
      z3::expr t = stack.back();
      stack.pop_back();
      if (!t.is_app() || !seen.insert(t.id()).second) continue;
      Z3_decl_kind k = t.decl().decl_kind();
      bool comparison = k == Z3_OP_LE || k == Z3_OP_LT || k == Z3_OP_GE || k == Z3_OP_GT || k == Z3_OP_EQ;
      for (unsigned i = 0; i < t.num_args(); ++i) {
        int64_t v;
        if (comparison && t.arg(i).is_numeral_i64(v) && v > INT64_MIN + 1 && v < INT64_MAX - 1)
          found.insert({v - 1, v, v + 1});
        stack.push_back(t.arg(i));
      }
    }
  }
  thresholds_.assign(found.begin(), found.end());
}

BoxSet IntervalAnalysis::postOf(EdgeId e, const BoxSet& pre) {
  std::vector<Box> out;
  for (const Box& b : pre.boxes()) {
    ++posts_;
    if (auto post = transfer_.post(e, b)) out.push_back(std::move(*post));
  }
  return BoxSet(std::move(out));
}

bool IntervalAnalysis::run(const IntervalAnalysisOptions& options, const ShutdownToken* stop) {
  const Program& p = ts_->program();
  values_.assign(p.numLocs(), BoxSet::bottom());
  growth_.assign(p.numLocs(), 0);
  values_[ts_->entry()] = BoxSet({transfer_.topBox()});
  if (!ascend(options, stop, {ts_->entry()})) return false;
  if (options.narrowingPasses == 0) return true;
  narrow(options);
  // Narrowing replaced values by what their predecessors give at that moment; one more ascending pass
  // restores the post-fixpoint wherever a later predecessor update broke it (it usually finds nothing).
  return ascend(options, stop, rpo_);
}

bool IntervalAnalysis::ascend(const IntervalAnalysisOptions& options, const ShutdownToken* stop,
                              std::vector<LocId> seeds) {
  const Program& p = ts_->program();
  std::set<std::pair<size_t, LocId>> work;
  for (LocId l : seeds) work.insert({rpoIndex_[l], l});
  while (!work.empty()) {
    if (stop && stop->stopRequested()) return false;
    LocId l = work.begin()->second;
    work.erase(work.begin());
    if (ts_->isTerminal(l) || values_[l].isBottom()) continue;
    for (EdgeId e : p.loc(l).out) {
      BoxSet incoming = postOf(e, values_[l]);
      if (incoming.isBottom()) continue;
      LocId to = p.edge(e).to;
      BoxSet& old = values_[to];
      if (old.includes(incoming)) continue;
      BoxSet joined = old.join(incoming, options.maxBoxes);
      bool widenHere = ts_->isCut(to) && to != ts_->entry();
      if (widenHere) {
        unsigned g = ++growth_[to];
        if (g > options.wideningDelay + options.disjunctiveWidenings)
          joined = old.hullWiden(joined, thresholds_);
        else if (g > options.wideningDelay)
          joined = old.widen(joined, options.maxBoxes, thresholds_);
      }
      old = std::move(joined);
      work.insert({rpoIndex_[to], to});
    }
  }
  return true;
}

void IntervalAnalysis::narrow(const IntervalAnalysisOptions& options) {
  const Program& p = ts_->program();
  for (unsigned pass = 0; pass < options.narrowingPasses; ++pass) {
    for (LocId l : rpo_) {
      if (l == ts_->entry()) continue;
      BoxSet fresh;
      for (EdgeId e : p.loc(l).in) {
        LocId from = p.edge(e).from;
        if (!ts_->isStepEdge(e) || values_[from].isBottom()) continue;
        fresh = fresh.join(postOf(e, values_[from]), options.maxBoxes);
      }
      values_[l] = std::move(fresh);
    }
  }
}

}  // namespace argus::analysis
