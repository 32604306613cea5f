// Worklist fixpoint of the interval analysis.
#include "analysis/invariants/IntervalAnalysis.h"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "ir/Queries.h"
#include "smt/Implicant.h"
#include "smt/Terms.h"

namespace argus::analysis {

using namespace ir;

IntervalAnalysis::IntervalAnalysis(const transforms::CutPointSystem& ts)
    : ts_(&ts), transfer_(ts.program()), top_(transfer_.topBox()) {
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

void IntervalAnalysis::preparePartition() {
  if (partitionPrepared_) return;
  partitionPrepared_ = true;
  collectKeyVariables();
  computeLiveness();
}

const std::vector<VarId>& IntervalAnalysis::keyVariables() {
  preparePartition();
  return keyVars_;
}

const PartitionKey& IntervalAnalysis::keyAt(LocId l) const {
  static const PartitionKey kNone;
  return partition_ ? liveKey_[l] : kNone;
}

void IntervalAnalysis::collectKeyVariables() {
  // Key variables are control variables: the program sets them to constants, inside its loops every
  // write sets a constant or copies another control variable (a state machine's state, its flags, their
  // SSA copies), and it tests them against a constant. A variable written by arithmetic or an input in a
  // loop (a counter, a fresh nondet value) would multiply the boxes without telling control states
  // apart, and one never set to a constant (a nondet flag fixed before the loop) would only split them.
  const Program& p = ts_->program();
  std::unordered_map<unsigned, VarId> varOfCur, varOfNext;
  for (auto& v : p.vars())
    if (v.cur.is_int() && transfer_.tracked(v.id)) {
      varOfCur.emplace(v.cur.id(), v.id);
      varOfNext.emplace(v.next.id(), v.id);
    }
  std::vector<bool> control(p.numVars(), false), setToConstant(p.numVars(), false);
  for (auto& v : p.vars()) control[v.id] = varOfCur.count(v.cur.id()) > 0;
  std::vector<bool> inLoopEdge = loopEdges();
  std::vector<std::pair<VarId, VarId>> copies;  // (to, from)
  std::vector<std::vector<std::pair<VarId, int64_t>>> tests(p.numEdges());
  for (const Edge& e : p.edges()) {
    bool inLoop = inLoopEdge[e.id];
    if (e.isCall()) {
      for (VarId r : e.results) control[r] = control[r] && !inLoop;
      continue;
    }
    std::vector<bool> settled(p.numVars(), false);
    for (const z3::expr& atom : smt::conjuncts(e.formula)) {
      if (!atom.is_app() || atom.decl().decl_kind() != Z3_OP_EQ || atom.num_args() != 2) continue;
      for (auto [lhs, rhs] : {std::pair{atom.arg(0), atom.arg(1)}, std::pair{atom.arg(1), atom.arg(0)}}) {
        auto to = varOfNext.find(lhs.id());
        if (to == varOfNext.end()) continue;
        if (auto from = varOfCur.find(rhs.id()); from != varOfCur.end()) copies.emplace_back(to->second, from->second);
        else if (rhs.is_numeral()) setToConstant[to->second] = true;
        else continue;
        settled[to->second] = true;
      }
    }
    for (VarId w : e.writes)
      if (inLoop && !settled[w]) control[w] = false;
    // Tests x = c or x ≠ c of a current value, anywhere in the formula.
    std::vector<z3::expr> stack{e.formula};
    std::unordered_set<unsigned> seen;
    while (!stack.empty()) {
      z3::expr t = stack.back();
      stack.pop_back();
      if (!t.is_app() || !seen.insert(t.id()).second) continue;
      for (unsigned i = 0; i < t.num_args(); ++i) stack.push_back(t.arg(i));
      Z3_decl_kind k = t.decl().decl_kind();
      if ((k != Z3_OP_EQ && k != Z3_OP_DISTINCT) || t.num_args() != 2) continue;
      int64_t c;
      for (auto [var, value] : {std::pair{t.arg(0), t.arg(1)}, std::pair{t.arg(1), t.arg(0)}})
        if (auto it = varOfCur.find(var.id()); it != varOfCur.end() && value.is_numeral_i64(c))
          tests[e.id].emplace_back(it->second, c);
    }
  }
  // Set to a constant, directly or through copies; then the greatest fixpoint: a variable that copies
  // one that is not a control variable in a loop is none either.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto [to, from] : copies)
      if (setToConstant[from] && !setToConstant[to]) setToConstant[to] = changed = true;
  }
  for (VarId v = 0; v < control.size(); ++v) control[v] = control[v] && setToConstant[v];
  for (bool changed = true; changed;) {
    changed = false;
    for (auto [to, from] : copies)
      if (control[to] && !control[from]) control[to] = false, changed = true;
  }
  std::set<VarId> keys;
  for (auto& edgeTests : tests) {
    std::erase_if(edgeTests, [&](auto& test) { return !control[test.first]; });
    for (auto& test : edgeTests) keys.insert(test.first);
  }
  // The copies of a key variable carry its value through the SSA form: keys too.
  for (bool grew = true; grew;) {
    grew = false;
    for (auto [to, from] : copies)
      if (keys.count(from) != keys.count(to)) grew = keys.insert(keys.count(from) ? to : from).second || grew;
  }
  keyVars_.assign(keys.begin(), keys.end());
  keyTests_ = std::move(tests);
}

std::vector<bool> IntervalAnalysis::loopEdges() const {
  const Program& p = ts_->program();
  std::vector<int> component(p.numLocs(), -1);
  std::vector<size_t> size;
  for (const std::vector<LocId>& scc : ir::stronglyConnectedComponents(p, ts_->proc())) {
    for (LocId l : scc) component[l] = static_cast<int>(size.size());
    size.push_back(scc.size());
  }
  // An edge lies on a cycle when its ends share a component of several locations, or it is a self-loop.
  std::vector<bool> out(p.numEdges(), false);
  for (const Edge& e : p.edges())
    out[e.id] = ts_->isStepEdge(e.id) && component[e.from] >= 0 && component[e.from] == component[e.to] &&
                (size[component[e.from]] > 1 || e.from == e.to);
  return out;
}

void IntervalAnalysis::computeLiveness() {
  const Program& p = ts_->program();
  std::unordered_map<unsigned, VarId> varOfCur;
  for (auto& v : p.vars()) varOfCur.emplace(v.cur.id(), v.id);
  std::vector<std::vector<VarId>> reads(p.numEdges());
  for (const Edge& e : p.edges())
    if (!e.isCall())
      for (auto& k : smt::freeConstants(e.formula))
        if (auto it = varOfCur.find(k.id()); it != varOfCur.end()) reads[e.id].push_back(it->second);
  std::vector<std::vector<bool>> live(p.numLocs(), std::vector<bool>(p.numVars(), false));
  // Backward round-robin over the reverse post-order until nothing changes: live(l) = ∪ over l's edges
  // of reads(e) ∪ (live(to) \ writes(e)). Nothing is live at the exit or the error location.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = rpo_.rbegin(); it != rpo_.rend(); ++it) {
      LocId l = *it;
      if (ts_->isTerminal(l)) continue;
      std::vector<bool> now(p.numVars(), false);
      for (EdgeId e : p.loc(l).out) {
        std::vector<bool> after = live[p.edge(e).to];
        for (VarId w : p.edge(e).writes) after[w] = false;
        for (VarId r : reads[e]) after[r] = true;
        for (size_t v = 0; v < now.size(); ++v) now[v] = now[v] || after[v];
      }
      if (now != live[l]) live[l] = std::move(now), changed = true;
    }
  }
  liveKey_.assign(p.numLocs(), {});
  dead_.assign(p.numLocs(), {});
  for (LocId l = 0; l < p.numLocs(); ++l) {
    for (VarId v : keyVars_)
      if (live[l][v]) liveKey_[l].push_back(v);
    for (auto& v : p.vars())
      if (transfer_.tracked(v.id) && !live[l][v.id]) dead_[l].push_back(v.id);
  }
}

std::vector<Box> IntervalAnalysis::splitAtKeyConstants(EdgeId e, const Box& b) const {
  std::vector<Box> parts{b};
  for (auto [v, c] : keyTests_[e]) {
    std::vector<Box> next;
    for (Box& part : parts) {
      const Interval i = part[v];
      if (!i.contains(c) || i.isPoint()) {
        next.push_back(std::move(part));
        continue;
      }
      for (Interval piece : {Interval(i.lo(), c - 1), Interval::point(c), Interval(c + 1, i.hi())}) {
        if (piece.isEmpty()) continue;
        Box cut = part;
        cut[v] = piece;
        next.push_back(std::move(cut));
      }
    }
    parts = std::move(next);
  }
  return parts;
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
  auto post = [&](const Box& b) {
    ++posts_;
    if (auto after = transfer_.post(e, b)) out.push_back(std::move(*after));
  };
  for (const Box& whole : pre.boxes()) {
    if (!partition_ || keyTests_[e].empty()) {
      post(whole);
      continue;
    }
    for (const Box& part : splitAtKeyConstants(e, whole)) post(part);
  }
  return BoxSet(std::move(out));
}

BoxSet IntervalAnalysis::incoming(EdgeId e, const BoxSet& pre) {
  BoxSet post = postOf(e, pre);
  if (!partition_ || post.isBottom()) return post;
  LocId to = ts_->program().edge(e).to;
  std::vector<Box> boxes = post.boxes();
  for (Box& b : boxes)
    for (VarId v : dead_[to]) b[v] = top_[v];
  // Boxes that differ only in dead variables are one box now.
  return BoxSet().join(BoxSet(std::move(boxes)), SIZE_MAX, liveKey_[to]);
}

bool IntervalAnalysis::run(const IntervalAnalysisOptions& options, const ShutdownToken* stop) {
  const Program& p = ts_->program();
  values_.assign(p.numLocs(), BoxSet::bottom());
  exhausted_ = false;
  partition_ = options.partition;
  if (partition_) preparePartition();
  growth_.assign(p.numLocs(), 0);
  values_[ts_->entry()] = BoxSet({top_});
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
    if (options.maxPosts > 0 && posts_ > options.maxPosts) {
      exhausted_ = true;
      return false;
    }
    LocId l = work.begin()->second;
    work.erase(work.begin());
    if (ts_->isTerminal(l) || values_[l].isBottom()) continue;
    for (EdgeId e : p.loc(l).out) {
      BoxSet arriving = incoming(e, values_[l]);
      if (arriving.isBottom()) continue;
      LocId to = p.edge(e).to;
      BoxSet& old = values_[to];
      if (old.includes(arriving)) continue;
      const PartitionKey& key = keyAt(to);
      BoxSet joined = old.join(arriving, options.maxBoxes, key);
      bool widenHere = ts_->isCut(to) && to != ts_->entry();
      if (widenHere) {
        unsigned g = ++growth_[to];
        unsigned keyed = partition_ ? options.partitionGrowth : options.disjunctiveWidenings;
        if (g > options.wideningDelay + keyed)
          joined = old.hullWiden(joined, thresholds_);
        else if (g > options.wideningDelay)
          joined = old.widen(joined, options.maxBoxes, thresholds_, key);
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
        fresh = fresh.join(incoming(e, values_[from]), options.maxBoxes, keyAt(l));
      }
      values_[l] = std::move(fresh);
    }
  }
}

}  // namespace argus::analysis
