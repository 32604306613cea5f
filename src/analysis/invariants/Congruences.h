// Affine congruences at the cut points: equations Σ aᵢ·xᵢ ≡ b (mod p) over the Int (and 0/1 Boolean)
// variables, for each prime p dividing a modulus the program takes (`x % 2`, `k % 3`). Reasoning over the
// rationals — Farkas' lemma in maxsmt, interpolants, intervals — cannot derive that w + 1 is odd when w is
// even, so a path guarded by `z % 2 == 1` stays open whatever linear invariant is known; with the
// congruences such paths are infeasible, and an assertion about a remainder may follow from them at once.
// maxsmt restricts its blocks by them; kind's invariant generator offers them to Houdini.
//
// The analysis is Granger's affine congruence domain over the field Z/pZ, computed by symbolic
// abstraction (Reps, Sagiv and Yorsh, VMCAI 2004): the value at a cut point is an affine subspace of
// (Z/pZ)ⁿ (the residues of its states), and the image of a step is its affine hull, grown one solver model
// at a time — "a post-state whose residues lie outside the hull so far" — until no such state exists; at
// most n + 1 models per cut point and prime, since each one raises the dimension. The steps are the
// cut-point system's blocks, exactly, so any statement is handled as precisely as the solver decides it; a
// check the solver cannot decide widens the target to the whole space (no equation), which is sound. The
// equations are an inductive invariant by construction; the callers confirm them with Houdini all the same.
#pragma once

#include <z3++.h>

#include <map>
#include <vector>

#include "ir/Program.h"
#include "smt/Solver.h"
#include "transforms/CutPointSystem.h"

namespace argus::analysis {

struct CongruenceStats {
  unsigned primes = 0;
  unsigned solverChecks = 0;
  unsigned equations = 0;
};

/// The primes (up to 31) dividing a numeral k ≥ 2 that some edge takes a `mod`, `div` or `rem` by.
std::vector<unsigned> moduliPrimes(const ir::Program& program);

/// Per reachable cut point, the congruences found there (over the `cur` constants). Empty when the program
/// takes no remainder. `premises` are invariants already known at cut points (intervals): the images of the
/// blocks are taken from the states they allow only, which is what lets z ≥ 1 and z odd rule out z % 2 == -1.
/// A prime whose fixpoint is not reached within `budgetSeconds` (0: no limit) gives nothing: on a large
/// program (a protocol state machine whose unsigned arithmetic takes remainders by 2^32) the analysis must
/// not hold back the invariants that matter more there.
std::map<ir::LocId, std::vector<z3::expr>> affineCongruences(const transforms::StepEncoder& encoder,
                                                             const smt::SolverConfig& config,
                                                             const std::map<ir::LocId, z3::expr>& premises = {},
                                                             CongruenceStats* stats = nullptr,
                                                             double budgetSeconds = 0);

}  // namespace argus::analysis
