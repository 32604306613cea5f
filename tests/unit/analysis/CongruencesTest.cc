// The affine congruence analysis (analysis/invariants/Congruences.h): the residues a loop keeps, and only
// those, found from the cut-point system's steps.
#include <gtest/gtest.h>

#include "analysis/invariants/Congruences.h"
#include "smt/Terms.h"
#include "testing/SmallPrograms.h"

using namespace argus;
using namespace argus::testing;

namespace {

bool valid(const z3::expr& e) { return smt::checkSat(e.ctx(), {!e}) == smt::SatResult::Unsat; }
bool satisfiable(const z3::expr& e) { return smt::checkSat(e.ctx(), {e}) == smt::SatResult::Sat; }

}  // namespace

TEST(Congruences, FindsTheParitiesALoopKeeps) {
  auto [p, x, y, z] = parityLoop();
  transforms::CutPointSystem ts(*p, p->mainProc());
  transforms::StepEncoder encoder(ts);
  EXPECT_EQ(analysis::moduliPrimes(*p), std::vector<unsigned>{2});
  analysis::CongruenceStats stats;
  auto facts = analysis::affineCongruences(encoder, smt::SolverConfig{}, {}, &stats);
  ir::LocId head = ts.loopHeads().front();
  ASSERT_TRUE(facts.count(head));
  z3::expr xs = p->var(x).cur, ys = p->var(y).cur, zs = p->var(z).cur;
  z3::expr fact = smt::mkAnd(p->ctx(), facts.at(head));
  EXPECT_TRUE(valid(z3::implies(fact, z3::mod(zs, 2) == 1))) << fact;
  EXPECT_TRUE(valid(z3::implies(fact, z3::mod(xs - ys, 2) == 0))) << fact;
  // Only what holds: x itself takes both parities, and a state reachable after three rounds (x = y = 3,
  // z odd) satisfies the facts.
  EXPECT_FALSE(valid(z3::implies(fact, z3::mod(xs, 2) == 0))) << fact;
  EXPECT_TRUE(satisfiable(fact && xs == 3 && ys == 3 && zs == 13)) << fact;
  EXPECT_EQ(stats.primes, 1u);
}

TEST(Congruences, ModuloThreeAndNothingWithoutRemainders) {
  // k := 0; while (*) k := k + 3; (k % 3 read once): k ≡ 0 (mod 3) at the head. Without any remainder in
  // the program nothing is computed.
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId k = intVar(*p, "k");
  LocId h = p->addLocation(0, "h");
  addAssign(*p, entryOf(*p), h, {{k, c.int_val(0)}});
  addAssign(*p, h, h, {{k, p->var(k).cur + 3}});
  addAssume(*p, h, errorOf(*p), z3::mod(p->var(k).cur, 3) != 0);
  addAssume(*p, h, exitOf(*p), z3::mod(p->var(k).cur, 3) == 0);
  transforms::CutPointSystem ts(*p, p->mainProc());
  transforms::StepEncoder encoder(ts);
  EXPECT_EQ(analysis::moduliPrimes(*p), std::vector<unsigned>{3});
  auto facts = analysis::affineCongruences(encoder, smt::SolverConfig{});
  ir::LocId head = ts.loopHeads().front();
  ASSERT_TRUE(facts.count(head));
  EXPECT_TRUE(valid(z3::implies(smt::mkAnd(c, facts.at(head)), z3::mod(p->var(k).cur, 3) == 0)));

  auto plain = countUp(1);
  transforms::CutPointSystem plainTs(*plain, plain->mainProc());
  transforms::StepEncoder plainEncoder(plainTs);
  EXPECT_TRUE(analysis::moduliPrimes(*plain).empty());
  EXPECT_TRUE(analysis::affineCongruences(plainEncoder, smt::SolverConfig{}).empty());
}
