// Interpolation on benchmark-derived queries: unsat unrollings of CHC-COMP clause systems from
// ../shared/bench/chc (LIA-Lin: chains, interpolated as sequences and split in two as binary queries;
// LIA-NonLin: derivation trees). Every interpolant must pass the independent check; few queries may end
// without one (Unknown within the time limit). Prints sizes and times. By default a sample of the files
// (every 10th); ARGUS_ITP_BENCH=all takes every file and ARGUS_ITP_STRATEGY picks the strategy.
#include <gtest/gtest.h>

#include <iostream>

#include "InterpolationQueries.h"
#include "smt/InterpolantCheck.h"
#include "smt/Interpolator.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::smt;
using namespace argus::smt::testing;

namespace {

InterpolatorConfig benchConfig() {
  InterpolatorConfig c;
  c.strategy = strategyFromEnvironment(ItpStrategy::Shortest);
  c.timeoutSeconds = 10;
  return c;
}

SolverConfig checkConfig() {
  SolverConfig c;
  c.queryTimeoutSeconds = 20;
  return c;
}

/// The clauses of `file`, or nothing when the unroller does not understand its shape.
std::optional<std::vector<HornClause>> clausesOf(z3::context& ctx, const std::string& file) {
  try {
    return readHornClauses(ctx, file);
  } catch (const std::exception& e) {
    std::cout << "skipped " << file << ": " << e.what() << "\n";
    return std::nullopt;
  }
}

std::vector<z3::expr> innerOf(const std::vector<z3::expr>& formulas) {
  return formulas.size() > 2 ? std::vector<z3::expr>(formulas.begin() + 1, formulas.end() - 1)
                             : std::vector<z3::expr>{};
}

void sequenceAndBinary(z3::context& ctx, const std::vector<z3::expr>& parts, const std::string& file,
                       ItpTally& sequences, ItpTally& binaries) {
  Interpolator itp(ctx, benchConfig());
  Stopwatch watch;
  Interpolants seq = itp.sequence(parts);
  sequences.add(seq, innerOf(seq.formulas), watch.seconds());
  ASSERT_NE(seq.status, ItpStatus::Satisfiable) << file;
  if (seq.ok()) {
    ItpCheck c = checkSequence(parts, seq.formulas, checkConfig());
    ASSERT_TRUE(c.ok) << file << ": " << c.detail;
  }
  size_t mid = parts.size() / 2;
  z3::expr a = mkAnd(ctx, std::vector<z3::expr>(parts.begin(), parts.begin() + mid));
  z3::expr b = mkAnd(ctx, std::vector<z3::expr>(parts.begin() + mid, parts.end()));
  Stopwatch binWatch;
  Interpolants bin = itp.binary(a, b);
  binaries.add(bin, bin.formulas, binWatch.seconds());
  ASSERT_NE(bin.status, ItpStatus::Satisfiable) << file;
  if (bin.ok()) {
    ItpCheck c = checkInterpolant(a, b, bin.formulas[0], checkConfig());
    ASSERT_TRUE(c.ok) << file << ": " << c.detail;
  }
}

void treeQuery(z3::context& ctx, const ItpTree& tree, const std::string& file, ItpTally& trees) {
  Interpolator itp(ctx, benchConfig());
  Stopwatch watch;
  Interpolants r = itp.tree(tree);
  std::vector<z3::expr> nonRoot;
  for (size_t v = 0; v < r.formulas.size(); ++v)
    if (tree.parent[v] >= 0) nonRoot.push_back(r.formulas[v]);
  trees.add(r, nonRoot, watch.seconds());
  ASSERT_NE(r.status, ItpStatus::Satisfiable) << file;
  if (!r.ok()) return;
  ItpCheck c = checkTree(tree, r.formulas, checkConfig());
  ASSERT_TRUE(c.ok) << file << ": " << c.detail;
}

void expectMostlyAnswered(const ItpTally& t) { EXPECT_GE(t.ok * 100, t.queries * 80) << t.summary("too many unknowns"); }

}  // namespace

TEST(InterpolationBench, LinearChcUnrollings) {
  ItpTally sequences, binaries;
  for (auto& file : benchmarkFiles("LIA-Lin", 10)) {
    z3::context ctx;
    auto clauses = clausesOf(ctx, file);
    if (!clauses) continue;
    UnrollOptions options;
    options.trees = 2;
    for (auto& tree : unsatDerivationTrees(ctx, *clauses, options)) {
      auto parts = chainAsSequence(tree);
      ASSERT_FALSE(parts.empty()) << file << ": a linear system unrolls to chains";
      if (parts.size() < 2) continue;
      sequenceAndBinary(ctx, parts, file, sequences, binaries);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  std::cout << sequences.summary("LIA-Lin sequences") << "\n" << binaries.summary("LIA-Lin binary") << "\n";
  EXPECT_GE(sequences.queries, 8u);
  expectMostlyAnswered(sequences);
  expectMostlyAnswered(binaries);
}

TEST(InterpolationBench, NonLinearChcDerivationTrees) {
  ItpTally trees;
  for (auto& file : benchmarkFiles("LIA-NonLin", 10)) {
    z3::context ctx;
    auto clauses = clausesOf(ctx, file);
    if (!clauses) continue;
    UnrollOptions options;
    options.trees = 2;
    for (auto& tree : unsatDerivationTrees(ctx, *clauses, options)) {
      treeQuery(ctx, tree, file, trees);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  std::cout << trees.summary("LIA-NonLin trees") << "\n";
  EXPECT_GE(trees.queries, 5u);
  expectMostlyAnswered(trees);
}
