// Property tests of the Interpolator on random LIA/LRA queries with Booleans (deterministic seeds):
// every interpolant of an unsat query passes the independent check, no satisfiable query ever gets an
// interpolant, and few queries end without an answer. Prints size and time summaries.
#include <gtest/gtest.h>

#include <iostream>

#include "InterpolationQueries.h"
#include "InterpolationRandom.h"
#include "smt/InterpolantCheck.h"
#include "smt/Interpolator.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::smt;
using namespace argus::smt::testing;

namespace {

ItpStrategy strategyForSeed(unsigned seed) {
  const ItpStrategy all[] = {ItpStrategy::Primal, ItpStrategy::Dual, ItpStrategy::Shortest};
  return all[seed % 3];
}

InterpolatorConfig configFor(unsigned seed) {
  InterpolatorConfig c;
  c.strategy = strategyForSeed(seed);
  c.timeoutSeconds = 10;
  return c;
}

std::vector<z3::expr> concat(std::vector<z3::expr> a, const std::vector<z3::expr>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// Satisfiability of a conjunction on one reused solver (fresh solvers cost more than small checks).
SatResult satisfiable(Solver& s, const std::vector<z3::expr>& formulas) {
  s.push();
  for (auto& f : formulas) s.add(f);
  SatResult r = s.check();
  s.pop();
  return r;
}

/// Whether every formula alone is satisfiable (else the interpolants are just true and false).
bool eachSatisfiable(Solver& s, const std::vector<z3::expr>& formulas) {
  for (auto& f : formulas)
    if (satisfiable(s, {f}) != SatResult::Sat) return false;
  return true;
}

std::vector<z3::expr> inner(const std::vector<z3::expr>& formulas) {
  return formulas.size() > 2 ? std::vector<z3::expr>(formulas.begin() + 1, formulas.end() - 1)
                             : std::vector<z3::expr>{};
}

}  // namespace

TEST(InterpolationRandom, BinaryQueries) {
  z3::context ctx;
  Solver filter(ctx);
  ItpTally tally;
  size_t skipped = 0;
  for (unsigned seed = 1; seed <= 200; ++seed) {
    RandomFormulas gen(ctx, seed, seed % 2 == 1);
    auto shared = gen.numbers("s", 2);
    z3::expr p = gen.boolean("p");
    z3::expr a = gen.conjunction(concat(shared, gen.numbers("a", 1)), {p, gen.boolean("pa")}, 4, 1);
    z3::expr b = gen.conjunction(concat(shared, gen.numbers("b", 1)), {p, gen.boolean("pb")}, 4, 1);
    // Only queries where both sides are satisfiable alone: otherwise true/false are the answers.
    if (satisfiable(filter, {a}) != SatResult::Sat || satisfiable(filter, {b}) != SatResult::Sat) continue;
    SatResult joint = satisfiable(filter, {a, b});
    ASSERT_NE(joint, SatResult::Unknown);
    Interpolator itp(ctx, configFor(seed));
    Stopwatch watch;
    Interpolants r = itp.binary(a, b);
    if (joint == SatResult::Sat) {
      ++skipped;
      ASSERT_NE(r.status, ItpStatus::Ok) << "interpolant for a satisfiable query, seed " << seed;
      continue;
    }
    tally.add(r, r.formulas, watch.seconds());
    ASSERT_NE(r.status, ItpStatus::Satisfiable) << "seed " << seed;
    if (!r.ok()) continue;
    ItpCheck c = checkInterpolant(a, b, r.formulas[0]);
    ASSERT_TRUE(c.ok) << "seed " << seed << ": " << c.detail << "\nA: " << a << "\nB: " << b << "\nI: " << r.formulas[0];
  }
  std::cout << tally.summary("random binary") << "; " << skipped << " satisfiable skipped\n";
  EXPECT_GE(tally.queries, 30u);
  EXPECT_GE(tally.ok * 100, tally.queries * 95);
}

TEST(InterpolationRandom, SequenceQueries) {
  z3::context ctx;
  Solver filter(ctx);
  ItpTally tally;
  for (unsigned seed = 1; seed <= 50; ++seed) {
    RandomFormulas gen(ctx, 5000 + seed, seed % 2 == 0);
    int n = gen.pick(3, 5);
    // A path: initial condition, n-2 steps over a two-variable state, a step into an error condition.
    std::vector<std::vector<z3::expr>> state;
    for (int i = 0; i < n; ++i) state.push_back(gen.numbers("s" + std::to_string(i) + "_", 2));
    std::vector<z3::expr> parts{gen.atom(state[0], {}) && gen.atom(state[0], {})};
    for (int i = 1; i < n; ++i) parts.push_back(gen.step(state[i - 1], state[i]));
    parts.back() = parts.back() && gen.atom(state[n - 1], {}) && gen.atom(state[n - 1], {});
    if (!eachSatisfiable(filter, parts) || satisfiable(filter, parts) != SatResult::Unsat) continue;
    Interpolator itp(ctx, configFor(seed));
    Stopwatch watch;
    Interpolants r = itp.sequence(parts);
    tally.add(r, inner(r.formulas), watch.seconds());
    ASSERT_NE(r.status, ItpStatus::Satisfiable) << "seed " << seed;
    if (!r.ok()) continue;
    ItpCheck c = checkSequence(parts, r.formulas);
    ASSERT_TRUE(c.ok) << "seed " << seed << ": " << c.detail;
  }
  std::cout << tally.summary("random sequence") << "\n";
  EXPECT_GE(tally.queries, 12u);
  EXPECT_GE(tally.ok * 100, tally.queries * 95);
}

TEST(InterpolationRandom, TreeQueries) {
  z3::context ctx;
  Solver filter(ctx);
  ItpTally tally;
  for (unsigned seed = 1; seed <= 50; ++seed) {
    RandomFormulas gen(ctx, 9000 + seed, seed % 2 == 1);
    int n = gen.pick(3, 6);
    z3::expr global = gen.number("g");  // shared by every node: tests vocabulary across the tree
    ItpTree tree;
    std::vector<std::vector<z3::expr>> interface;
    for (int v = 0; v < n; ++v) {
      int parent = v == 0 ? -1 : gen.pick(0, v - 1);
      interface.push_back(gen.numbers("i" + std::to_string(v) + "_", 2));
      tree.add(ctx.bool_val(true), parent);
    }
    auto children = tree.children();
    for (int v = 0; v < n; ++v) {
      // Like procedure summaries: a leaf constrains its interface; an inner node computes its
      // interface from its children's; the root checks a condition on its children's.
      std::vector<z3::expr> below;
      for (int c : children[v]) below = concat(below, interface[c]);
      if (gen.chance(30)) below.push_back(global);
      if (below.empty()) tree.formulas[v] = gen.atom(interface[v], {}) && gen.atom(interface[v], {});
      else if (v == 0) tree.formulas[v] = gen.atom(below, {}) && gen.atom(below, {});
      else tree.formulas[v] = gen.step(below, interface[v]);
    }
    if (!eachSatisfiable(filter, tree.formulas) || satisfiable(filter, tree.formulas) != SatResult::Unsat) continue;
    Interpolator itp(ctx, configFor(seed));
    Stopwatch watch;
    Interpolants r = itp.tree(tree);
    std::vector<z3::expr> nonRoot(r.formulas.begin() + (r.ok() ? 1 : 0), r.formulas.end());
    tally.add(r, nonRoot, watch.seconds());
    ASSERT_NE(r.status, ItpStatus::Satisfiable) << "seed " << seed;
    if (!r.ok()) continue;
    ItpCheck c = checkTree(tree, r.formulas);
    ASSERT_TRUE(c.ok) << "seed " << seed << ": " << c.detail;
  }
  std::cout << tally.summary("random tree") << "\n";
  EXPECT_GE(tally.queries, 12u);
  EXPECT_GE(tally.ok * 100, tally.queries * 95);
}
