// Affine hulls (exact equalities through integer points) and equality candidates sampled from bounded
// reachability at loop heads, filtered by Houdini.
#include <gtest/gtest.h>

#include "analysis/invariants/AffineHull.h"
#include "certify/ProgramFixtures.h"
#include "smt/Solver.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::analysis;
using namespace argus::testing;

namespace {

int64_t valueAt(const LinearEquality& eq, const std::vector<int64_t>& x) {
  int64_t s = 0;
  for (size_t i = 0; i < x.size(); ++i) s += eq.coefficients[i] * x[i];
  return s;
}

/// i := 0; j := 5; loop: i++, j += 2 (or exit); error if j != 2i + 5.
struct Diagonal : Fixture {
  ir::VarId i = local("i"), j = local("j");
  ir::LocId head = loc("head"), after = loc("after");
  Diagonal() {
    ir::addAssign(p, entry, head, {{i, num(0)}, {j, num(5)}});
    ir::addAssign(p, head, head, {{i, cur(i) + 1}, {j, cur(j) + 2}});
    assume(head, after, c.bool_val(true));
    branch(after, cur(j) != 2 * cur(i) + 5, error, exit);
  }
};

/// i := 0; y := 0; loop: i++, and y++ when i is then even (or exit); error if i is even and i != 2y.
/// Over all head states no equality links i and y; in each class of i mod 2 one does.
struct EverySecond : Fixture {
  ir::VarId i = local("i"), y = local("y");
  ir::LocId head = loc("head"), stepped = loc("stepped"), even = loc("even"), after = loc("after");
  z3::expr iEven = z3::mod(cur(i), 2) == 0;
  EverySecond() {
    ir::addAssign(p, entry, head, {{i, num(0)}, {y, num(0)}});
    assign(head, stepped, i, cur(i) + 1);
    branch(stepped, iEven, even, head);
    assign(even, head, y, cur(y) + 1);
    assume(head, after, c.bool_val(true));
    branch(after, iEven && cur(i) != 2 * cur(y), error, exit);
  }
};

}  // namespace

TEST(InvariantEquality, HullOfPointsOnALine) {
  AffineHull h(3);
  for (int64_t t : {0, 1, 3}) h.add({t, 2 * t + 5, 7});
  auto eqs = h.equalities();
  ASSERT_TRUE(eqs);
  ASSERT_EQ(eqs->size(), 2u);  // a line in 3 dimensions: y = 2x + 5 and z = 7 (some basis of them)
  for (auto& eq : *eqs)
    for (int64_t t : {-4, 0, 10}) EXPECT_EQ(valueAt(eq, {t, 2 * t + 5, 7}), eq.constant);
  // Points off the line violate some equality.
  std::vector<std::vector<int64_t>> offLine{{1, 8, 7}, {1, 7, 8}};
  for (auto& off : offLine) {
    bool allHold = true;
    for (auto& eq : *eqs) allHold = allHold && valueAt(eq, off) == eq.constant;
    EXPECT_FALSE(allHold);
  }
}

TEST(InvariantEquality, SpanningPointsGiveNoEqualityAndOnePointFixesEverything) {
  AffineHull full(2);
  full.add({0, 0});
  full.add({1, 0});
  full.add({0, 1});
  ASSERT_TRUE(full.equalities());
  EXPECT_TRUE(full.equalities()->empty());
  AffineHull one(2);
  one.add({4, -2});
  ASSERT_TRUE(one.equalities());
  EXPECT_EQ(one.equalities()->size(), 2u);
  AffineHull huge(2);
  huge.add({INT64_MAX, 1});
  huge.add({1, INT64_MAX});
  huge.add({INT64_MAX / 3, INT64_MAX / 5});
  auto eqs = huge.equalities();
  if (eqs) {  // exact or nothing: whatever comes back must hold at every point
    for (auto& eq : *eqs) EXPECT_EQ(valueAt(eq, {1, INT64_MAX}), eq.constant);
  }
}

TEST(InvariantEquality, FewLargePointsHaveAnExactBasisBeyondInt64) {
  // Two 31-bit points in five dimensions: the null space has four vectors and some of their coefficients
  // are products of the inputs. The sampler asks for a point off this hull, so it needs the exact basis
  // even where the int64 equalities cannot be given.
  std::vector<std::vector<int64_t>> points{{2147483000, -1999999937, 1234567890, 77, 5},
                                           {-1073741789, 2147483647, 1999999000, -2147483646, 3}};
  AffineHull h(5);
  for (auto& pt : points) h.add(pt);
  auto basis = h.integralBasis();
  ASSERT_EQ(basis.size(), 4u);
  bool beyond = false;
  for (auto& w : basis) {
    ASSERT_EQ(w.size(), 6u);
    for (auto& pt : points) {
      mpz_class sum = w.back();
      for (size_t k = 0; k < pt.size(); ++k) sum += w[k] * mpz_class(static_cast<long>(pt[k]));
      EXPECT_EQ(sum, 0);  // a·p - b = 0
    }
    for (auto& v : w) beyond = beyond || v > INT64_MAX || v < -INT64_MAX;
  }
  // The int64 view gives the same basis or nothing, never a wrapped one.
  auto eqs = h.equalities();
  EXPECT_EQ(eqs.has_value(), !beyond);
  // The origin is off the line through the two points: some basis vector (a, -b) has a·0 ≠ b.
  bool rejected = false;
  for (auto& w : basis) rejected = rejected || w.back() != 0;
  EXPECT_TRUE(rejected);
}

TEST(InvariantEquality, ThirtyOneBitInputsStillGiveTheirRelation) {
  // Points (i, j, x, y) of jm2006's loop head with inputs near 2^31: x - y = i - j. Their row reduction
  // multiplies 31-bit numbers four times; it must stay exact (or give nothing), never wrap.
  const int64_t inputs[][3] = {{2147483000, 1999999937, 1234567890},
                               {1073741789, 2147483647, 77},
                               {2000000011, 5, 1999999000},
                               {1500000001, 1600000003, 0},
                               {2147483646, 2147483645, 2147483646}};
  std::vector<std::vector<int64_t>> points;
  AffineHull h(4);
  for (auto& [i, j, x] : inputs) {
    points.push_back({i, j, x, j - (i - x)});
    h.add(points.back());
  }
  auto eqs = h.equalities();
  ASSERT_TRUE(eqs);
  ASSERT_EQ(eqs->size(), 1u);
  for (auto& eq : *eqs)
    for (auto& pt : points) {
      __int128 sum = 0;
      for (size_t k = 0; k < pt.size(); ++k) sum += static_cast<__int128>(eq.coefficients[k]) * pt[k];
      EXPECT_TRUE(sum == eq.constant);
    }
}

TEST(InvariantEquality, SamplingFindsTheLoopRelationAndHoudiniKeepsIt) {
  Diagonal d;
  transforms::CutPointSystem ts(d.p, d.main);
  transforms::StepEncoder enc(ts);
  auto cands = equalityCandidates(enc, EqualitySearch{}, {});
  ASSERT_EQ(cands.size(), 1u);
  z3::expr relation = d.cur(d.j) == 2 * d.cur(d.i) + 5;
  EXPECT_EQ(smt::checkSat(d.c, {cands[0].formula != relation}), smt::SatResult::Unsat) << cands[0].formula;
  Houdini h(enc, {});
  auto kept = h.filter(cands);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->size(), 1u);
}

TEST(InvariantEquality, LoopConditionsGiveWhatNoEqualityOverAllStatesSays) {
  EverySecond d;
  transforms::CutPointSystem ts(d.p, d.main);
  transforms::StepEncoder enc(ts);
  z3::expr safe = z3::implies(d.iEven, d.cur(d.i) == 2 * d.cur(d.y));
  auto provesSafety = [&](bool partitioned) {
    EqualitySearch search;
    search.partitioned = partitioned;
    Houdini h(enc, {});
    auto kept = h.filter(equalityCandidates(enc, search, {}));
    EXPECT_TRUE(kept);
    std::vector<z3::expr> atHead;
    for (const Candidate& k : kept ? *kept : std::vector<Candidate>{})
      if (k.cut == d.head) atHead.push_back(k.formula);
    return smt::implies(smt::mkAnd(d.c, atHead), safe);
  };
  EXPECT_FALSE(provesSafety(false));
  EXPECT_TRUE(provesSafety(true));
}

TEST(InvariantEquality, AStateNoBlockLeavesIsSampledToo) {
  // x := 3; y := 0; at the head: x > 0 → x--, y++; x == 0 ∧ y != 3 → error. At (0, 3) no edge is enabled:
  // the path ends there, as a Horn clause system's often does. That state is the only one where x ≤ 0, so
  // the condition's side x ≤ 0 has the equality y = 3 only if sampling reaches the state without a
  // further step from it (otherwise the side looks empty and its candidate is x > 0, which is false).
  Fixture d;
  ir::VarId x = d.local("x"), y = d.local("y");
  ir::LocId head = d.loc("head"), body = d.loc("body");
  ir::addAssign(d.p, d.entry, head, {{x, d.num(3)}, {y, d.num(0)}});
  d.assume(head, body, d.cur(x) > 0);
  ir::addAssign(d.p, body, head, {{x, d.cur(x) - 1}, {y, d.cur(y) + 1}});
  d.assume(head, d.error, d.cur(x) == 0 && d.cur(y) != 3);
  transforms::CutPointSystem ts(d.p, d.main);
  transforms::StepEncoder enc(ts);
  EqualitySearch search;
  search.partitioned = true;
  auto candidates = equalityCandidates(enc, search, {});
  Houdini h(enc, {});
  auto kept = h.filter(candidates);
  ASSERT_TRUE(kept);
  std::vector<z3::expr> atHead;
  for (const Candidate& k : *kept)
    if (k.cut == head) atHead.push_back(k.formula);
  z3::expr deadEnd = z3::implies(d.cur(x) <= 0, d.cur(y) == 3);
  EXPECT_TRUE(smt::implies(smt::mkAnd(d.c, atHead), deadEnd)) << smt::mkAnd(d.c, atHead);
}
