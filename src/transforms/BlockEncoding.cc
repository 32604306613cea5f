// Block encodings: the LBE rules (error sink, sequence, choice) run to a fixpoint over a BlockGraph, and
// the ABE elimination of every location that is not a loop head.
#include "transforms/BlockEncoding.h"

#include <deque>
#include <stdexcept>

#include "ir/Queries.h"
#include "transforms/BlockTrace.h"
#include "transforms/BlockGraph.h"
#include "util/Error.h"

namespace argus::transforms {
namespace {

using namespace ir;

/// Applies the rewrite rules until none applies. `removable(l)` says whether location l may be
/// summarised away given its current in- and out-degree.
class Summariser {
 public:
  Summariser(BlockGraph& graph, std::function<bool(LocId)> removable)
      : graph_(graph), removable_(std::move(removable)), queued_(graph.numLocs(), false) {}

  void run() {
    for (LocId l = 0; l < graph_.numLocs(); ++l) enqueue(l);
    while (!work_.empty()) {
      LocId l = work_.front();
      work_.pop_front();
      queued_[l] = false;
      mergeParallel(l);
      if (removable_(l)) eliminate(l);
    }
  }

 private:
  void enqueue(LocId l) {
    if (!queued_[l]) {
      queued_[l] = true;
      work_.push_back(l);
    }
  }

  /// The choice rule on the outgoing edges of `from`.
  void mergeParallel(LocId from) {
    bool merged = true;
    while (merged) {
      merged = false;
      const auto& out = graph_.out(from);
      for (size_t i = 0; i < out.size() && !merged; ++i)
        for (size_t j = i + 1; j < out.size() && !merged; ++j) {
          auto a = out[i], b = out[j];
          if (graph_.edge(a).to != graph_.edge(b).to) continue;
          auto both = graph_.choice(graph_.edge(a), graph_.edge(b));
          if (!both) continue;
          LocId to = both->to;
          graph_.remove(b);
          graph_.remove(a);
          graph_.add(std::move(*both));
          enqueue(to);
          merged = true;
        }
    }
  }

  /// Replaces every pair (incoming, outgoing) of `l` by its sequence; keeps `l` if some pair cannot be
  /// composed. With no outgoing edge, the incoming edges simply disappear (paths through l block).
  void eliminate(LocId l) {
    std::vector<BlockEdge> composed;
    for (auto a : graph_.in(l)) {
      INVARIANT(graph_.edge(a).from != l, "eliminating a location with a self-loop");
      for (auto b : graph_.out(l)) {
        auto seq = graph_.sequence(graph_.edge(a), graph_.edge(b), l);
        if (!seq) return;
        composed.push_back(std::move(*seq));
      }
    }
    for (auto a : graph_.in(l)) enqueue(graph_.edge(a).from);
    for (auto b : graph_.out(l)) enqueue(graph_.edge(b).to);
    while (!graph_.in(l).empty()) graph_.remove(graph_.in(l).back());
    while (!graph_.out(l).empty()) graph_.remove(graph_.out(l).back());
    for (auto& e : composed) graph_.add(std::move(e));
  }

  BlockGraph& graph_;
  std::function<bool(LocId)> removable_;
  std::deque<LocId> work_;
  std::vector<bool> queued_;
};

bool hasSelfLoop(const BlockGraph& g, LocId l) {
  for (auto e : g.out(l))
    if (g.edge(e).to == l) return true;
  return false;
}

std::vector<bool> keepMask(const BlockGraph& g, const std::vector<LocId>& keep) {
  std::vector<bool> mask(g.numLocs(), false);
  for (LocId l : keep) mask.at(l) = true;
  return mask;
}

/// Loop heads of the current graph, found on its program form (the analysis that ir::loopHeads does).
std::vector<bool> currentLoopHeads(const BlockGraph& g, const std::vector<bool>& keep) {
  EncodedProgram snapshot = g.toProgram(keep);
  std::vector<bool> heads(g.numLocs(), false);
  for (LocId l : loopHeads(*snapshot.program, snapshot.program->mainProc())) {
    LocId src = snapshot.sourceLoc[l];
    if (src != kNone) heads[src] = true;
  }
  return heads;
}

void largeBlocks(BlockGraph& g, const std::vector<bool>& keep) {
  LocId error = g.source().proc(g.source().mainProc()).error;
  while (!g.out(error).empty()) g.remove(g.out(error).back());  // the error location is a sink
  g.removeUnreachable();
  Summariser(g, [&](LocId l) {
    if (g.isFrame(l) || keep[l]) return false;
    return g.out(l).empty() || (g.in(l).size() == 1 && !hasSelfLoop(g, l));
  }).run();
}

void loopHeadBlocks(BlockGraph& g, const std::vector<bool>& keep, size_t maxProduct) {
  std::vector<bool> heads = currentLoopHeads(g, keep);
  Summariser(g, [&](LocId l) {
    if (g.isFrame(l) || keep[l] || heads[l] || hasSelfLoop(g, l)) return false;
    return g.in(l).size() * g.out(l).size() <= maxProduct;
  }).run();
}

}  // namespace

const char* toString(BlockEncoding kind) {
  switch (kind) {
    case BlockEncoding::Sbe: return "sbe";
    case BlockEncoding::Lbe: return "lbe";
    case BlockEncoding::Abe: return "abe";
  }
  return "?";
}

BlockEncoding parseBlockEncoding(const std::string& name) {
  for (auto kind : {BlockEncoding::Sbe, BlockEncoding::Lbe, BlockEncoding::Abe})
    if (name == toString(kind)) return kind;
  throw std::invalid_argument("unknown block encoding '" + name + "' (sbe, lbe or abe)");
}

EncodedProgram encodeBlocks(const Program& program, const BlockEncodingOptions& options) {
  bool summarise = options.kind != BlockEncoding::Sbe;
  BlockGraph graph(program, summarise, options.exactInputs);
  std::vector<bool> keep = keepMask(graph, options.keep);
  if (summarise) largeBlocks(graph, keep);
  if (options.kind == BlockEncoding::Abe) loopHeadBlocks(graph, keep, options.maxProduct);
  return graph.toProgram(keep);
}

ir::Certificate BlockBackTranslator::certificate(const ir::Certificate& onResult) const {
  ir::Certificate out = onResult;
  // No formulas at locations to map. An inlining tree speaks about the input program (stratified inlining
  // runs on it): its nodes pass unchanged. certify checks them on the input, where another program's nodes
  // expand nothing (or name no location at all: refuted).
  if (onResult.kind == ir::Certificate::Kind::CompleteUnrolling || onResult.kind == ir::Certificate::Kind::InliningTree)
    return out;
  INVARIANT(onResult.form == ir::Certificate::Form::Modular, "an encoded program's certificate is modular");
  out.invariants.clear();
  out.contracts.clear();
  for (auto& [loc, formula] : onResult.invariants)
    if (LocId original = encoded_.sourceLoc.at(loc); original != kNone) out.invariants.emplace(original, formula);
  for (auto& [proc, contract] : onResult.contracts) out.contracts.emplace(source_.mainProc(), contract);
  return out;
}

std::optional<ir::Trace> BlockBackTranslator::trace(const ir::Trace& onResult, const smt::SolverConfig& solver) const {
  std::optional<ir::Trace> out = expandTrace(source_, encoded_, onResult, solver);
  if (out) out->context = onResult.context;
  return out;
}

}  // namespace argus::transforms
