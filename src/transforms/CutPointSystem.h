// The cut-point transition-system view of one call-free procedure (after inlining), for k-induction and
// for checking candidate invariants by induction.
//
// A state is (pc, variables) with pc ranging over the cut points reachable from the entry: the entry,
// the exit, the error location and the DFS loop heads (less those that only pass control on to another
// head, when the rest still cut every cycle). One step runs one loop-free block: a path from a
// cut point through non-cut locations to the next cut point. These are exactly the blocks of certify's
// consecution check, so "k steps" means the same here and there. Exit and error are terminal: a step
// from them stutters (same pc, same values), which only adds paths, so anything k-inductive for the
// stuttering system is k-inductive for the blocks.
#pragma once

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "ir/Instantiate.h"
#include "ir/Program.h"

namespace argus::transforms {

class CutPointSystem {
 public:
  /// `proc` must not contain call edges (inline first).
  CutPointSystem(const ir::Program& program, ir::ProcId proc);

  const ir::Program& program() const { return *program_; }
  ir::ProcId proc() const { return proc_; }
  /// The variables of a state: the procedure's scope.
  const std::vector<ir::VarId>& vars() const { return vars_; }

  /// Cut points reachable from the entry; a cut point's pc value is its index here.
  const std::vector<ir::LocId>& cutPoints() const { return cuts_; }
  /// pc value of a reachable cut point, or -1.
  int pcOf(ir::LocId l) const { return pcOf_.at(l); }
  bool isCut(ir::LocId l) const { return pcOf_.at(l) >= 0; }
  bool reachable(ir::LocId l) const { return reachable_.at(l); }
  ir::LocId entry() const;
  ir::LocId exit() const;
  ir::LocId error() const;
  bool isTerminal(ir::LocId l) const { return l == exit() || l == error(); }
  /// Reachable cut points other than entry, exit and error: where invariants are stated.
  const std::vector<ir::LocId>& loopHeads() const { return loopHeads_; }
  /// Unreachable locations that break every cycle among the unreachable ones; their invariant is false.
  const std::vector<ir::LocId>& unreachableCutPoints() const { return unreachableCuts_; }
  /// Reachable non-cut locations in an order in which every block edge between them goes forward.
  const std::vector<ir::LocId>& innerOrder() const { return innerOrder_; }
  /// Edges that blocks use: out of reachable, non-terminal locations.
  bool isStepEdge(ir::EdgeId e) const;

 private:
  void findCutPoints();
  /// The reachable locations other than the given heads and entry, exit, error, in an order in which
  /// every edge between them goes forward; nullopt if they contain a cycle.
  std::optional<std::vector<ir::LocId>> innerOrder(const std::vector<bool>& isHead) const;
  void findUnreachableCutPoints();
  void orderInnerLocations();

  const ir::Program* program_;
  ir::ProcId proc_;
  std::vector<ir::VarId> vars_;
  std::vector<bool> reachable_;
  std::vector<int> pcOf_;
  std::vector<ir::LocId> cuts_, loopHeads_, unreachableCuts_, innerOrder_;
};

/// One encoded step from (pcPre, pre) to (pcPost, post).
struct Step {
  z3::expr formula;                 // relates pre and post; satisfiable iff the step can be taken
  z3::expr pcPre, pcPost;
  ir::State pre, post;
  std::vector<z3::expr> taken;      // per edge id: the selector of that edge (true: on the block's path)
};

/// Builds step formulas over a CutPointSystem: a large-block encoding of all blocks at once, with one
/// selector per edge (for reading the taken path off a model) and merged values where paths join.
class StepEncoder {
 public:
  explicit StepEncoder(const CutPointSystem& ts);

  const CutPointSystem& system() const { return *ts_; }
  z3::context& ctx() const { return ts_->program().ctx(); }

  /// A fresh pc constant and a fresh state over the system's variables.
  z3::expr freshPc(const std::string& tag) const;
  ir::State freshState() const;
  /// The step from (pcPre, pre); fresh constants are named with `tag`.
  Step encode(const z3::expr& pcPre, const ir::State& pre, const std::string& tag) const;

  /// pc is one of the reachable cut points.
  z3::expr pcInRange(const z3::expr& pc) const;
  /// pc is at the given reachable cut point.
  z3::expr pcAt(const z3::expr& pc, ir::LocId cut) const;
  /// `formula` (over the `cur` constants of the system's variables) evaluated in `state`.
  z3::expr at(const z3::expr& formula, const ir::State& state) const;
  /// For every reachable cut point c, pc = c ⇒ invariant(c) in `state`; cut points without an entry
  /// in `invariants` (a parallel list to `cuts`) are unconstrained.
  z3::expr holdsAt(const std::vector<std::pair<ir::LocId, z3::expr>>& invariants, const z3::expr& pc,
                   const ir::State& state) const;

  /// The edges of the block the model selects in `step` (empty for a stuttering step).
  std::vector<ir::EdgeId> blockPath(const Step& step, const z3::model& model) const;

 private:
  struct Incoming {
    z3::expr selector;
    ir::State post;
  };
  ir::State merge(const std::vector<Incoming>& incoming, const std::string& tag,
                  std::vector<z3::expr>& parts) const;
  void encodeOutEdges(ir::LocId l, const z3::expr& here, const ir::State& state, const std::string& tag,
                      Step& step, std::vector<std::vector<Incoming>>& incoming,
                      std::vector<z3::expr>& parts) const;

  const CutPointSystem* ts_;
  ir::Instantiator inst_;
};

}  // namespace argus::transforms
