// Interval arithmetic and the interval transfer of single edges: every result must contain the
// concrete results Z3 computes for sample points (soundness), and guards must narrow as expected.
#include <gtest/gtest.h>

#include <random>

#include "analysis/invariants/IntervalTransfer.h"
#include "certify/ProgramFixtures.h"

using namespace argus;
using namespace argus::analysis;
using namespace argus::testing;

namespace {

/// Random intervals over [-30, 30], sometimes with an infinite side.
Interval randomInterval(std::mt19937& rng) {
  std::uniform_int_distribution<int> value(-30, 30), side(0, 5);
  int64_t a = value(rng), b = value(rng);
  Interval i(std::min(a, b), std::max(a, b));
  if (side(rng) == 0) i = Interval(Interval::kMinusInf, i.hi());
  if (side(rng) == 0) i = Interval(i.lo(), Interval::kPlusInf);
  return i;
}

/// A value of `i`; infinite sides are sampled up to 1000 beyond the finite one (or around 0).
int64_t sample(const Interval& i, std::mt19937& rng) {
  int64_t lo = i.hasLo() ? i.lo() : (i.hasHi() ? i.hi() : 0) - 1000;
  int64_t hi = i.hasHi() ? i.hi() : (i.hasLo() ? i.lo() : 0) + 1000;
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

int64_t concrete(z3::context& c, int op, int64_t a, int64_t b) {
  z3::expr x = c.int_val(a), y = c.int_val(b);
  z3::expr r = op == 0 ? x + y : op == 1 ? x - y : op == 2 ? x * y : op == 3 ? x / y : z3::mod(x, y);
  return r.simplify().get_numeral_int64();
}

Interval abstract(int op, const Interval& a, const Interval& b) {
  return op == 0 ? a + b : op == 1 ? a - b : op == 2 ? a * b : op == 3 ? a.div(b) : a.mod(b);
}

}  // namespace

TEST(InvariantInterval, ArithmeticContainsEveryConcreteResult) {
  z3::context c;
  std::mt19937 rng(7);
  const char* names[] = {"+", "-", "*", "div", "mod"};
  for (int round = 0; round < 400; ++round) {
    Interval a = randomInterval(rng), b = randomInterval(rng);
    for (int op = 0; op < 5; ++op) {
      Interval r = abstract(op, a, b);
      for (int s = 0; s < 5; ++s) {
        int64_t x = sample(a, rng), y = sample(b, rng);
        if (op >= 3 && y == 0) continue;  // SMT leaves division by zero unconstrained
        int64_t v = concrete(c, op, x, y);
        EXPECT_TRUE(r.contains(v)) << a.str() << " " << names[op] << " " << b.str() << " = " << r.str()
                                   << " misses " << x << " " << names[op] << " " << y << " = " << v;
      }
    }
  }
}

TEST(InvariantInterval, PreciseOnConstantsAndOutwardOnOverflow) {
  EXPECT_EQ(Interval(-7, 7).div(Interval::point(2)), Interval(-4, 3));
  EXPECT_EQ(Interval(-7, 7).div(Interval::point(-2)), Interval(-3, 4));
  EXPECT_EQ(Interval(12, 14).mod(Interval::point(5)), Interval(2, 4));
  EXPECT_EQ(Interval(3, 7).mod(Interval::point(5)), Interval(0, 4));
  EXPECT_EQ(Interval(5, 9).divideExact(2), Interval(3, 4));
  Interval big(INT64_MAX - 5, INT64_MAX - 2);
  Interval sum = big + Interval::point(10);  // beyond int64: the largest finite lower bound, no upper
  EXPECT_FALSE(sum.hasHi());
  EXPECT_EQ(sum.lo(), INT64_MAX - 1);
  Interval low = Interval(INT64_MIN + 2, INT64_MIN + 5) - Interval::point(10);
  EXPECT_FALSE(low.hasLo());
  EXPECT_EQ(low.hi(), INT64_MIN + 1);
  EXPECT_EQ(Interval(0, 3).widen(Interval(0, 5), {0, 10, 100}), Interval(0, 10));
  EXPECT_EQ(Interval(0, 10).widen(Interval(-1, 10), {0, 10, 100}), Interval(Interval::kMinusInf, 10));
  EXPECT_EQ(Interval(0, 100).widen(Interval(0, 101), {0, 10, 100}), Interval(0, Interval::kPlusInf));
}

TEST(InvariantInterval, TransferNarrowsByGuardsAndComputesAssignments) {
  Fixture f;
  ir::VarId x = f.local("x"), y = f.local("y"), b = f.p.addVariable(f.main, ir::VarRole::Local, "main::b",
                                                                      f.c.bool_sort(), "b");
  ir::LocId l1 = f.loc("l1");
  z3::expr yNext = f.p.var(y).next;
  ir::EdgeId e1 = f.p.addTransition(f.entry, l1, f.cur(x) <= 5 && yNext == f.cur(x) * 2 + 1, {y});
  ir::EdgeId e2 = f.p.addTransition(l1, f.exit, f.p.var(b).next == (f.cur(x) > 3), {b});
  ir::EdgeId e3 = f.p.addTransition(l1, f.error, f.cur(x) > 10 || f.cur(x) < -10, {});
  ir::EdgeId e4 = f.p.addTransition(l1, f.exit, yNext == z3::ite(f.cur(x) > 0, f.cur(x), -f.cur(x)), {y});
  IntervalTransfer t(f.p);
  Box pre = t.topBox();
  pre[x] = Interval(0, 10);
  auto post = t.post(e1, pre);
  ASSERT_TRUE(post);
  EXPECT_EQ((*post)[x], Interval(0, 5));
  EXPECT_EQ((*post)[y], Interval(1, 11));
  auto withBool = t.post(e2, *post);
  ASSERT_TRUE(withBool);
  EXPECT_EQ((*withBool)[b], Interval::boolean());
  Box small = *post;
  small[x] = Interval(4, 5);
  EXPECT_EQ((*t.post(e2, small))[b], Interval::point(1));
  EXPECT_FALSE(t.post(e3, *post));  // x in [0, 5] is neither > 10 nor < -10
  Box wide = t.topBox();
  wide[x] = Interval(-3, 8);
  // The select keeps its two cases apart: |x| for x in [-3, 8] is in [0, 8], not [-8, 8].
  EXPECT_EQ((*t.post(e4, wide))[y], Interval(0, 8));
}
