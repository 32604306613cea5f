// The program parts VeryMax reasons about: the graph of cut points (entry, loop heads, exit, error) of
// a call-free procedure whose edges are the loop-free blocks between them, split into strongly connected
// components. Each block is kept as one formula (for preconditions by quantifier elimination) and as
// linear cubes (for Farkas' lemma): the paths of the block, each read as a conjunction of linear rows by
// model-guided implicants. Non-linear literals are dropped from cubes (an over-approximation).
#pragma once

#include <z3++.h>

#include <vector>

#include "engines/maxsmt/Linear.h"
#include "ir/Instantiate.h"
#include "ir/Program.h"
#include "smt/Solver.h"
#include "transforms/CutPointSystem.h"

namespace argus::engines::maxsmt {

using Cube = std::vector<LinearRow>;

struct Block {
  ir::LocId from = ir::kNone, to = ir::kNone;
  z3::expr formula;  // over the `cur` constants (pre) and `post` (fresh per block), plus auxiliaries
  ir::State post;
  std::vector<z3::expr> auxiliaries;  // every other constant of `formula`
  std::vector<Cube> cubes;            // ∨ cubes over-approximates `formula`; infeasible paths dropped
};

struct CutGraphLimits {
  unsigned maxPathsPerCut = 512;
  unsigned maxCubesPerFormula = 64;
  /// Leave out rows whose constant is 2^30 or more in magnitude (the range conditions of machine
  /// integers): fewer Farkas multipliers and smaller numbers; dropping premises is sound.
  bool dropMachineBounds = true;
};

class CutGraph {
 public:
  /// Throws UnsupportedError when the procedure has call edges or too many paths/cubes.
  CutGraph(const transforms::CutPointSystem& ts, Linearizer& linear, const smt::SolverConfig& config,
           CutGraphLimits limits);

  const transforms::CutPointSystem& system() const { return *ts_; }
  const std::vector<Block>& blocks() const { return blocks_; }
  const std::vector<size_t>& into(ir::LocId l) const { return into_.at(l); }
  /// Component id of a reachable cut point; cut points of a loop share one.
  int component(ir::LocId l) const { return component_.at(l); }
  /// Whether the component has a block inside it (a loop) rather than being a single acyclic cut point.
  bool isLoop(int component) const { return loop_.at(component); }
  std::vector<ir::LocId> members(int component) const;
  /// Int-sorted variables of the system live at `l` (a template's unknowns range over these).
  const std::vector<ir::VarId>& templateVars(ir::LocId l) const { return templateVars_.at(l); }

  /// Recomputes the cubes of each block whose source has an invariant in `facts` from the invariant and the
  /// block's formula together: the paths it makes infeasible drop out (a block keeps its cubes when the
  /// solver cannot enumerate the new ones). Sound only for facts that are invariants.
  void restrictBlocks(const std::map<ir::LocId, z3::expr>& facts);

  /// Linear cubes whose disjunction is equivalent to `formula` restricted to linear literals (an
  /// over-approximation), nullopt if there are more than the limit allows.
  std::optional<std::vector<Cube>> cubesOf(const z3::expr& formula) const;

 private:
  void enumerateBlocks(ir::LocId cut);
  void findComponents();
  void findTemplateVars();

  const transforms::CutPointSystem* ts_;
  Linearizer* linear_;
  smt::SolverConfig config_;
  CutGraphLimits limits_;
  ir::Instantiator inst_;
  std::vector<Block> blocks_;
  std::vector<std::vector<size_t>> into_;
  std::vector<int> component_;
  std::vector<bool> loop_;
  std::vector<std::vector<ir::VarId>> templateVars_;
};

}  // namespace argus::engines::maxsmt
