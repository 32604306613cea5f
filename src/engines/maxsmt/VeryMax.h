// The compositional proof search of Brockschmidt, Larraz, Oliveras, Rodríguez-Carbonell and Rubio
// ("Compositional Safety Verification with Max-SMT", FMCAD 2015) over the cut-point graph (CutGraph.h).
//
// prove(q, ψ) establishes that every reachable state at cut point q satisfies ψ, bottom-up from the
// assertion "error unreachable" (ψ = false at the error location):
//  * ψ already follows from the facts proved at q (strengthening on success): done;
//  * q outside every loop: each block r → q needs its weakest precondition wp(block, ψ) at r, proved
//    recursively;
//  * q in a loop (a strongly connected component C): a *conditional invariant* I over C's cut points from
//    one Max-SMT query — consecution over C's blocks and safety (I_q ⇒ ψ) hard, initiation on each entry
//    block of C soft — with templates of 1..k linear inequalities whose ∀ is eliminated by Farkas' lemma.
//    Entry blocks whose initiation the query could not satisfy pass their precondition wp(block, I) to
//    the preceding part. When one of those cannot be proved, *narrowing*: states in I are safe for good
//    (I is inductive and safe), so the next conditional invariant needs consecution and safety only
//    outside I; the proved invariant is the disjunction of the pieces.
// When that fails too, a *case split*: a row r over variables no block of the loop modifies (an input flag,
// a bound) holds throughout a run of the loop or not at all, so the loop is proved once under r and once
// under ¬r (an integer equality e = 0: e < 0, e = 0, e > 0), each case with its own conditional invariants
// (narrowing included); the invariant proved is (r ⇒ I₁) ∧ (¬r ⇒ I₂). The rows come from ¬ψ and from the
// loop's blocks.
// Failed (cut point, assertion) pairs are memoised. Conditional invariants may make a block's premises
// contradictory, i.e. disable transitions: Farkas' infeasibility case covers that (maxsmt.disabling).
#pragma once

#include <z3++.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engines/Engine.h"
#include "engines/maxsmt/CutGraph.h"
#include "engines/maxsmt/Farkas.h"
#include "engines/maxsmt/Samples.h"
#include "smt/MaxSmt.h"

namespace argus::engines::maxsmt {

struct VeryMaxOptions {
  unsigned maxConjuncts = 3;       // template sizes 1..maxConjuncts
  int coefficientBound = 3;        // template coefficients in [-bound, bound]
  unsigned multiplierBits = 1;     // template premises' Farkas multipliers in [0, 2^bits - 1]
  bool disablingTransitions = false;  // Farkas' infeasibility case for consecution (see Farkas.h)
  bool integerMultipliers = true;  // known rows' multipliers integral too (a pure LIA query)
  unsigned maxNarrowings = 3;      // conditional invariants per (component, assertion) beyond the first
  unsigned maxDepth = 24;          // nesting of prove() calls
  double queryTimeoutSeconds = 10;  // one search (all template sizes) for one conditional invariant
  bool parallel = false;           // template sizes solved at once (threads, a Z3 context each)
  bool integerCuts = false;        // one Chvátal–Gomory cut per implication (Farkas.h); integer programs only
  unsigned caseSplits = 1;         // nesting of case splits on rows over a loop's unmodified variables
  unsigned splitCandidates = 2;    // splits tried per level
  smt::MaxSmtMethod method = smt::MaxSmtMethod::CoreGuided;
};

class VeryMax {
 public:
  VeryMax(const CutGraph& graph, Linearizer& linear, VeryMaxOptions options, RunContext& ctx);

  enum class Outcome { Proved, Failed, Stopped };
  /// The error location is unreachable.
  Outcome proveSafe();
  /// The facts proved at each cut point, as one formula over the `cur` constants (true if none).
  z3::expr invariantAt(ir::LocId cut) const;
  /// Invariants established elsewhere (Congruences.h), known from the start: an assertion they imply needs
  /// no conditional invariant, and they are part of invariantAt.
  void assumeInvariants(const std::map<ir::LocId, z3::expr>& facts) { given_ = facts; }

 private:
  /// A solved template: per cut point of the component, rows over its `cur` constants.
  using Solution = std::map<ir::LocId, std::vector<LinearRow>>;
  struct Candidate {
    Solution invariant;
    std::vector<size_t> unsatisfiedEntries;  // entry blocks whose initiation the query left open
  };

  Outcome prove(ir::LocId q, const z3::expr& psi, unsigned depth);
  Outcome proveInLoop(ir::LocId q, const z3::expr& psi, unsigned depth);
  /// Conditional invariants with narrowing for the runs of q's loop in which every row of `inCase` holds
  /// (rows over variables the loop does not modify); on success the facts `inCase ⇒ pieces` are known.
  /// Given `cutShort`, narrowing stops (and sets it) when no sampled state lies outside the pieces.
  Outcome proveInCase(ir::LocId q, const z3::expr& psi, unsigned depth, const Cube& inCase,
                      bool* cutShort = nullptr);
  /// Case splits within `inCase` on one of the split rows, each case proved by proveInCase or split again
  /// (`splitsLeft` levels).
  Outcome proveByCases(ir::LocId q, const z3::expr& psi, unsigned depth, const Cube& inCase, unsigned splitsLeft);
  /// Cases whose union is every state (each a cube).
  using Split = std::vector<Cube>;
  /// Splits on a row over variables unmodified in q's loop, from the cubes of ¬ψ first and then from the
  /// loop's blocks: e ≤ 0 against e ≥ 1, an integer equality e = 0 three ways. Only the cases feasible
  /// within `inCase` are kept, and only splits with two of them.
  std::vector<Split> splits(ir::LocId q, const z3::expr& psi, const Cube& inCase);
  /// Conditional invariants of sizes 1..maxConjuncts, the one that satisfies most initiations, for the runs
  /// of the loop in the case `inCase`.
  std::optional<Candidate> search(ir::LocId q, const z3::expr& psi, const std::vector<Solution>& narrowing,
                                  const Cube& inCase);
  /// Whether the rows of `cube` and the formulas `also` have a common solution (true when undecided).
  bool feasible(const Cube& cube, std::vector<z3::expr> also = {});
  /// Whether a sample satisfies every row (keys of the Linearizer, values by variable).
  bool holdsAt(const Cube& rows, const Sample& sample) const;
  /// A row whose states, with the row's, cover every state: -e + 1 ≤ 0 for an integer row e ≤ 0 (exactly
  /// the states outside it), else -e ≤ 0.
  LinearRow complement(const LinearRow& row) const;
  /// Whether a sample at some member lies in the case and outside every piece.
  bool sampleOutside(const std::vector<Solution>& pieces, const std::vector<ir::LocId>& members,
                     const Cube& inCase) const;
  /// Whether the row has integral coefficients over Int (or 0/1 Boolean) variables only.
  bool integral(const LinearRow& row) const;

  /// A cube over the `cur` constants moved to the terms of `state`.
  Cube atState(const Cube& cube, const ir::State& state);
  /// Whether `piece` holds somewhere outside the earlier pieces (at some cut point of the component).
  bool beyondPieces(const Solution& piece, const std::vector<Solution>& earlier,
                    const std::vector<ir::LocId>& members);
  /// wp(block, ψ_to): the states at the block's source from which every run of the block ends in ψ_to.
  std::optional<z3::expr> precondition(const Block& block, const z3::expr& psiAtTarget);
  /// The conjunction of the facts at `cut`, as cubes (one empty cube when nothing is known or the DNF is
  /// too large: dropping premises is sound).
  std::vector<Cube> knownCubes(ir::LocId cut);
  z3::expr rowsFormula(const std::vector<LinearRow>& rows) const;
  z3::expr solutionAt(const Solution& s, ir::LocId cut) const;
  bool valid(const z3::expr& formula);

  const CutGraph* graph_;
  Linearizer* linear_;
  VeryMaxOptions options_;
  RunContext* ctx_;
  z3::context& z3_;
  std::map<ir::LocId, std::vector<z3::expr>> known_;
  std::map<ir::LocId, z3::expr> given_;
  std::set<std::string> failed_;
  std::map<ir::LocId, std::vector<Sample>> samples_;
  std::map<unsigned, ir::VarId> keyVar_;  // the Linearizer's key of each variable's `cur` constant
  bool integralRows_ = true;  // every block row has integral coefficients (integer multipliers possible)
};

}  // namespace argus::engines::maxsmt
