// Independent checks of interpolants, with fresh solvers and no code shared with the Interpolator's
// construction: the implication conditions and the vocabulary condition (an interpolant may mention
// only constants and functions that occur on both sides). Tests check every interpolant they get;
// engines may check in debug runs.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "smt/Interpolator.h"
#include "smt/Solver.h"

namespace argus::smt {

struct ItpCheck {
  bool ok = false;
  std::string detail;  // the first violated condition (empty when ok)
};

/// Tree interpolants: one per node; per node v, (∧ I_children) ∧ formula_v ⇒ I_v; I_root unsat; each I_v
/// over the symbols shared by v's subtree and the other nodes. A solver answering unknown fails the check.
ItpCheck checkTree(const ItpTree& tree, const std::vector<z3::expr>& itps, const SolverConfig& config = {});

/// Sequence interpolants {I_0, ..., I_n} for parts A_1..A_n: I_0 valid, then the chain as a tree (A_n the
/// root, A_i the child of A_{i+1}): I_i ∧ A_{i+1} ⇒ I_{i+1}, I_n unsat, I_i over the symbols shared by
/// A_1..A_i and A_{i+1}..A_n. (A_1..A_i ⇒ I_i and I_i ∧ A_{i+1}..A_n unsat follow by induction.)
ItpCheck checkSequence(const std::vector<z3::expr>& parts, const std::vector<z3::expr>& itps,
                       const SolverConfig& config = {});

/// A binary interpolant: A ⇒ I, I ∧ B unsat, I over the symbols shared by A and B (the tree A → B).
ItpCheck checkInterpolant(const z3::expr& a, const z3::expr& b, const z3::expr& itp,
                          const SolverConfig& config = {});

}  // namespace argus::smt
