// The incremental unwinding of a program for BMC, encoded into one solver as it grows.
//
// A node is a location in a context: its call frame (the call node and call edge that entered the
// procedure; interned) and the iteration counters of the loops around the location (LoopNest). A node is
// within bound k when every counter is <= k and its procedure occurs at most k times on its call stack;
// deepen(k) expands every pending node within k, and the nodes beyond it stay pending (the frontier).
//
// Encoding: each node has a reach literal and a state (a term per variable in scope). An in-edge has a
// literal that implies its source's reach literal and the instantiated edge formula. A node with exactly
// one possible in-edge (by the CFA's shape) reuses that literal and post-state; a join node gets fresh
// terms for the live variables that MergePoints says may arrive with different terms (the others arrive
// with one term on every in-edge, which is checked), equalities per in-edge for those, and
// "reach => some in-edge" clauses. Because
// later bounds add in-edges to existing join nodes, each such clause ends in a tail literal that the next
// extension continues; the round's close literal forces every current tail false, so the queries of a
// bound are checked under that one assumption (plus the error or frontier literal).
//
// Stratified inlining (engines/si) drives the same unwinding site by site instead of bound by bound
// (UnwindingOptions::openSites). A *site* is a node at a procedure's entry under a call, or at a loop head
// (a loop is a tail-recursive procedure; every iteration a call): expandToSites() expands every other
// pending node, so the pending nodes are exactly the open sites, and inlineSite() expands one. An open
// site stands for the rest of its activation over-approximately (the havoc summary): an in-edge into its
// activation's exit node with every result and global fresh (exit nodes are always joins then, merging
// those), and, when an error location is reachable from the site's location, an error of its own. Both
// hold only while the site's open literal may be true; inlining asserts it false. A site's block literal
// implies that it is not reached (the under-approximation).
#pragma once

#include <z3++.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ir/Liveness.h"
#include "engines/bmc/LoopNest.h"
#include "engines/bmc/MergePoints.h"
#include "ir/Evidence.h"
#include "ir/Instantiate.h"
#include "smt/Solver.h"
#include "util/Shutdown.h"
#include "util/Stats.h"

namespace argus::engines::bmc {

struct UnwindingOptions {
  std::string statsPrefix = "bmc";  // statistics: <prefix>.formula_size, <prefix>.inlined_calls
  bool openSites = false;           // stratified inlining: sites carry havoc summaries (see above)
};

/// The assumption literals of one bound.
struct RoundLiterals {
  z3::expr close;                   // no join node has in-edges beyond the current ones
  z3::expr error;                   // some error node is reached
  std::optional<z3::expr> frontier; // some pending node is reached; none when nothing is pending
};

class Unwinding {
 public:
  using NodeId = uint32_t;

  Unwinding(const ir::Program& program, smt::Solver& solver, Stats& stats, UnwindingOptions options = {});

  /// Expands every pending node within `bound`; false if `shutdown` stopped it midway.
  bool deepen(unsigned bound, const ShutdownToken* shutdown);
  /// Closes the round after deepen(): encodes the new join clauses and returns the round's literals.
  RoundLiterals closeRound();
  /// The path to a reached error node in `model` (a model of close ∧ error), preferring real errors.
  ir::Trace extractTrace(const z3::model& model) const;
  /// From now on no instance of edge `e` is taken (used for `unsupported` edges).
  void exclude(ir::EdgeId e);

  size_t numNodes() const { return nodes_.size(); }
  size_t numPending() const { return pending_.size(); }

  // ---- stratified inlining (options.openSites) ----

  /// A path read from a model of close ∧ error: when it crosses no open site, a trace of the program;
  /// otherwise the open sites it runs through (a havoc summary taken, or an open site's error).
  struct Counterexample {
    ir::Trace trace;
    std::vector<NodeId> openSites;
  };
  /// Expands every pending node that is not a site and gives every new site its havoc summary; after it
  /// the pending nodes are the open sites. False if `shutdown` stopped it midway.
  bool expandToSites(const ShutdownToken* shutdown);
  /// Expands the open site `n` (its havoc summary is switched off); call expandToSites() afterwards, which
  /// also takes it off openSites().
  void inlineSite(NodeId n);
  const std::vector<NodeId>& openSites() const { return pending_; }
  const std::vector<NodeId>& inlinedSites() const { return inlined_; }
  /// Implies that site `n` is not reached.
  const z3::expr& blockLiteral(NodeId n) const { return *nodes_[n].block; }
  /// The recursion bound a site needs to be inlined: its procedure's occurrences on the call stack, or
  /// the iterations of its loops.
  uint32_t level(NodeId n) const;
  Counterexample extractCounterexample(const z3::model& model) const;
  /// The site's name in the input program (the certificate's words).
  ir::UnrollingNode name(NodeId n) const;
  /// "f (file:line) depth 2" / "loop at file:line, iteration 3", for logs.
  std::string describe(NodeId n) const;
  /// Call-stack depth of a node (0 in main), for indenting the inlining tree.
  size_t stackDepth(NodeId n) const;

 private:
  using FrameId = uint32_t;
  static constexpr uint32_t kNoId = UINT32_MAX;
  enum class Via { Transition, Call, Return, Root, Havoc };

  struct InEdge {
    z3::expr literal;
    Via via;
    ir::EdgeId edge;  // the transition, or the call edge of a Call/Return
    NodeId from;
    /// A transition's nondet inputs in the unwinding: their model values go into the trace as a proposal
    /// that the trace checker runs the path with (it checks every step; floating-point paths the solver
    /// would take seconds to decide again).
    std::vector<z3::expr> inputs = {};
  };
  struct Node {
    ir::LocId loc;
    FrameId frame;
    std::vector<uint32_t> counters;
    uint32_t depth;  // occurrences of the node's procedure on its call stack
    bool join;
    z3::expr reach;
    std::optional<ir::State> state;  // released once no later step needs it
    std::vector<InEdge> in;
    size_t inEncoded = 0;            // in-edges already covered by a "reach => ..." clause
    std::optional<z3::expr> tail;
    bool expanded = false;
    std::optional<z3::expr> open, block;  // sites (options.openSites): havoc summary on; not reached
  };
  struct Frame {
    NodeId callNode;
    ir::EdgeId callEdge;
  };
  using Key = std::tuple<ir::LocId, FrameId, std::vector<uint32_t>>;

  void addRoot();
  void addInEdge(const Key& key, uint32_t depth, InEdge in, const ir::State& post);
  NodeId createNode(const Key& key, uint32_t depth, const z3::expr& literal, const ir::State& post);
  bool hasSinglePredecessor(ir::LocId loc, const std::vector<uint32_t>& counters) const;
  bool withinBound(const Node& n, unsigned bound) const;
  /// Whether a join node at `l` gets a fresh term for `v`.
  bool merged(ir::LocId l, ir::VarId v) const;
  void expand(NodeId n);
  void expandTransition(NodeId n, const ir::Edge& e);
  void expandCall(NodeId n, const ir::Edge& e);
  void expandReturn(NodeId exitNode);
  bool isSite(NodeId n) const;
  void openSite(NodeId n);
  std::vector<bool> locationsReachingError() const;
  uint32_t depthOfCall(NodeId caller, ir::ProcId callee) const;
  FrameId internFrame(NodeId callNode, ir::EdgeId callEdge);
  z3::expr freshLiteral(const char* prefix);
  void assertFormula(const z3::expr& f);
  const InEdge* takenInEdge(const Node& n, const z3::model& model, bool preferReal) const;

  const ir::Program& p_;
  smt::Solver& solver_;
  Stats& stats_;
  UnwindingOptions options_;
  ir::Instantiator inst_;
  LoopNest loops_;
  ir::Liveness live_;
  MergePoints merges_;
  std::vector<Node> nodes_;
  std::vector<Frame> frames_;
  std::map<std::pair<NodeId, ir::EdgeId>, FrameId> frameIndex_;
  std::map<Key, NodeId> index_;
  std::vector<NodeId> pending_;     // created, not yet expanded
  std::vector<NodeId> joins_;
  std::vector<NodeId> errors_;      // error nodes, in creation order
  size_t errorsEncoded_ = 0;
  std::optional<z3::expr> lastError_;
  std::set<ir::EdgeId> excluded_;
  std::vector<bool> reachesError_;                        // per location (options.openSites)
  std::vector<std::pair<NodeId, z3::expr>> siteErrors_;   // an open site's own error literal
  size_t siteErrorsEncoded_ = 0;
  std::vector<NodeId> inlined_;
  std::map<ir::EdgeId, std::vector<z3::expr>> unsupportedInstances_;
};

}  // namespace argus::engines::bmc
