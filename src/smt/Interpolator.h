// Craig interpolation (Z3 4.8.12 has none): binary, sequence and tree interpolants, used to refine
// infeasible paths (predicate abstraction, Impact) and procedure summaries (stratified inlining).
//
// Method: the model-based loop. For A ∧ B unsat, over the symbols S shared by A and B:
//     I := false;  while A ∧ ¬I is sat with model M:
//         C := literals of A true in M (an implicant), cut down to an unsat core against B;
//         C := MBP of C onto S (eliminates A's local symbols, see Mbp.h);
//         C := a minimal subset of C still inconsistent with B (unsat core, then literal dropping);
//         I := I ∨ C.
// Each cube is inconsistent with B and the loop ends only when A ⇒ I, so I is an interpolant by
// construction (the solver decides both facts; a wrong projection can only cost progress, never
// correctness). The dual runs the same loop from B's side and negates (a CNF). The strategy Shortest
// computes both and keeps the one with fewer literals (primal on ties): measured on the unsat unrolled
// paths of the LIA-Lin benchmarks, the smaller of the two is often much smaller than either alone (see
// the numbers in the interp branch report). Farkas-based interpolation was not chosen: it covers only
// conjunctions of linear real constraints, while our path formulas carry Booleans, disjunctions,
// integer division and ite; the cube loop handles all of them with one mechanism.
//
// Supported: quantifier-free formulas over Booleans, linear integer and real arithmetic (div/mod by
// constants included), with bit-vectors and arrays where the projection works (otherwise local
// variables are fixed to their model values, which is correct but may need many cubes). Uninterpreted
// functions, quantifiers and uninterpreted sorts give Unsupported. Running out of time, cubes or solver
// certainty gives Unknown: callers must then give up, never use a partial result.
#pragma once

#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

#include "smt/Solver.h"

namespace argus::smt {

enum class ItpStatus {
  Ok,           // formulas hold the interpolants
  Satisfiable,  // the conjunction is satisfiable: no interpolant exists
  Unknown,      // timeout, stop request, cube budget, or a solver answered unknown
  Unsupported,  // a formula is outside the supported fragment (detail says what)
};
const char* toString(ItpStatus s);

enum class ItpStrategy {
  Primal,    // cubes from A's models: a DNF, close to A (strong)
  Dual,      // negated cubes from B's models: a CNF, close to ¬B (weak)
  Shortest,  // both; keep the one with fewer literals
};

struct InterpolatorConfig {
  SolverConfig solver;               // stats, stop token, dumps, per-query timeout
  ItpStrategy strategy = ItpStrategy::Shortest;
  double timeoutSeconds = 0;         // for one binary/sequence/tree call; 0: only the stop token's
  unsigned maxCubes = 200;           // per binary interpolant and side; more: Unknown
  bool minimizeCubes = true;         // literal dropping after the unsat core (one check per literal)
};

struct Interpolants {
  ItpStatus status = ItpStatus::Unknown;
  /// Ok only. binary: {I}; sequence of n parts: {I_0 = true, I_1, ..., I_n = false};
  /// tree: one per node, indexed like the tree's formulas (the root's is false).
  std::vector<z3::expr> formulas;
  std::string detail;  // why not Ok
  bool ok() const { return status == ItpStatus::Ok; }
};

/// A tree of formulas: node i has formula formulas[i] and parent parent[i] (-1 for the one root).
struct ItpTree {
  std::vector<z3::expr> formulas;
  std::vector<int> parent;
  /// Appends a node; returns its index.
  int add(const z3::expr& formula, int parentIndex);
  /// Checks the shape: sizes agree, exactly one root, parents in range, no cycle. Empty if fine.
  std::string shapeError() const;
  /// Node indices, every node after all of its descendants (the root last).
  std::vector<int> postOrder() const;
  /// Node indices of each node's children.
  std::vector<std::vector<int>> children() const;
  /// inSubtree(v)[u]: u is v or a descendant of v.
  std::vector<bool> inSubtree(int node) const;

  /// The chain of a sequence: parts[i] is the child of parts[i+1]; the last part is the root.
  static ItpTree chain(const std::vector<z3::expr>& parts);
};

class IndicatorPool;

class Interpolator {
 public:
  explicit Interpolator(z3::context& ctx, InterpolatorConfig config = {});
  ~Interpolator();

  /// I with A ⇒ I, I ∧ B unsat, I over the constants shared by A and B.
  Interpolants binary(const z3::expr& a, const z3::expr& b);
  /// For A_1 ∧ ... ∧ A_n unsat (n ≥ 1): I_0 = true, I_n = false, I_i ∧ A_{i+1} ⇒ I_{i+1}, and I_i over the
  /// constants shared by A_1..A_i and A_{i+1}..A_n.
  Interpolants sequence(const std::vector<z3::expr>& parts);
  /// For a tree whose formulas are jointly unsat: per node v, (∧ I_children) ∧ formula_v ⇒ I_v, I_v over
  /// the constants shared by v's subtree and the rest of the tree, I_root = false. A malformed tree is
  /// a programming error (INVARIANT).
  Interpolants tree(const ItpTree& tree);

  const InterpolatorConfig& config() const { return config_; }

 private:
  template <typename Body>
  Interpolants guarded(const std::vector<z3::expr>& inputs, Body&& body);
  Interpolants binaryWithin(const z3::expr& a, const z3::expr& b, const SolverConfig& solver);
  Interpolants treeWithin(const ItpTree& tree, const SolverConfig& solver);

  z3::context* ctx_;
  InterpolatorConfig config_;
  std::unique_ptr<IndicatorPool> pool_;
};

/// Number of atom occurrences in the Boolean skeleton of `e` (a tree count, not a DAG count): the size
/// measure of interpolants in statistics and strategy choice.
size_t literalCount(const z3::expr& e);

}  // namespace argus::smt
