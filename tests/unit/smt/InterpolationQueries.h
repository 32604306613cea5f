// Benchmark-derived interpolation queries for the smt tests: a CHC-COMP file (set-logic HORN) is read
// with Z3's parser and unrolled into random derivation trees that end in a query clause; the trees
// whose conjunction is unsat are tree-interpolation queries, and for linear clause systems (chains)
// sequence and binary queries. Independent of frontend/chc on purpose (written at the same time).
#pragma once

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "smt/Interpolator.h"
#include "testing/Paths.h"

namespace argus::smt::testing {

struct HornClause {
  std::vector<z3::expr> vars;      // the clause's universally quantified variables (as constants)
  std::vector<z3::expr> body;      // predicate applications of the body
  z3::expr constraint;             // the rest of the body
  std::optional<z3::expr> head;    // a predicate application, or none for a query (head false)
};

/// Reads a HORN file; throws std::runtime_error for a clause shape it does not understand.
std::vector<HornClause> readHornClauses(z3::context& ctx, const std::string& path);

struct UnrollOptions {
  unsigned seed = 1;
  unsigned trees = 3;          // how many unsat trees to return at most
  unsigned attempts = 12;      // how many random trees to try
  unsigned maxNodes = 8;
  double checkTimeout = 2;     // seconds for the unsat check of one tree
};

/// Random derivation trees (root: a query clause; children: clauses deriving its body predicates),
/// each node's formula over fresh copies of its clause variables plus the argument values it shares
/// with its parent and children. Only trees whose conjunction is unsat are returned.
std::vector<ItpTree> unsatDerivationTrees(z3::context& ctx, const std::vector<HornClause>& clauses,
                                          const UnrollOptions& options);

/// For a chain (every node at most one child): the formulas from the leaf to the root; else empty.
std::vector<z3::expr> chainAsSequence(const ItpTree& tree);

/// The .smt2 files of a benchmark folder below ARGUS_SHARED_DIR/bench/chc, sorted; fails the test if
/// the folder is missing. Every `stride`-th file unless ARGUS_ITP_BENCH=all is set.
std::vector<std::string> benchmarkFiles(const std::string& folder, size_t stride);

/// Sizes and times of the interpolants of a test run, printed as one summary line.
struct ItpTally {
  size_t queries = 0, ok = 0, unknown = 0, interpolants = 0, literals = 0, maxLiterals = 0;
  double seconds = 0;
  /// Records one query's outcome; `formulas` are its interpolants without the trivial true/false ends.
  void add(const Interpolants& r, const std::vector<z3::expr>& formulas, double seconds);
  std::string summary(const std::string& what) const;
};

/// The strategy named by ARGUS_ITP_STRATEGY (primal, dual, shortest), else `fallback`.
ItpStrategy strategyFromEnvironment(ItpStrategy fallback);

}  // namespace argus::smt::testing
