// The static analyses behind the BMC unwinding: loop nesting and counters, liveness, and where join
// nodes must merge a variable (only where its incoming definitions may differ).
#include <gtest/gtest.h>

#include "certify/ProgramFixtures.h"
#include "ir/Liveness.h"
#include "engines/bmc/LoopNest.h"
#include "engines/bmc/MergePoints.h"
#include "ir/Instantiate.h"

using namespace argus;
using namespace argus::testing;
using namespace argus::engines::bmc;

namespace {

/// x, y, z := 0; outer: while (x < 3) { inner: while (y < x) y++; x++ }; if (z > 0) y := 1 else x := 2;
/// join: error if x + y + z == 100.
struct Nest : Fixture {
  ir::VarId x = local("x"), y = local("y"), z = local("z");
  ir::LocId outer = loc("outer"), inner = loc("inner"), incY = loc("incY"), incX = loc("incX"),
            after = loc("after"), thenL = loc("then"), elseL = loc("else"), join = loc("join");
  ir::EdgeId backInner, backOuter, leaveInner, leaveOuter;
  Nest() {
    ir::LocId i1 = loc("i1"), i2 = loc("i2");
    assign(entry, i1, x, num(0));
    assign(i1, i2, y, num(0));
    assign(i2, outer, z, num(0));
    assume(outer, inner, cur(x) < 3);
    leaveOuter = assume(outer, after, cur(x) >= 3);
    assume(inner, incY, cur(y) < cur(x));
    leaveInner = assume(inner, incX, cur(y) >= cur(x));
    backInner = assign(incY, inner, y, cur(y) + 1);
    backOuter = assign(incX, outer, x, cur(x) + 1);
    branch(after, cur(z) > 0, thenL, elseL);
    assign(thenL, join, y, num(1));
    assign(elseL, join, x, num(2));
    branch(join, cur(x) + cur(y) + cur(z) == 100, error, exit);
  }
};

}  // namespace

TEST(LoopNest, ChainsBackEdgesAndCounters) {
  Nest n;
  LoopNest loops(n.p);
  EXPECT_EQ(loops.chain(n.incY), (std::vector<ir::LocId>{n.outer, n.inner}));
  EXPECT_EQ(loops.chain(n.incX), (std::vector<ir::LocId>{n.outer}));
  EXPECT_TRUE(loops.chain(n.after).empty());
  EXPECT_TRUE(loops.isBackEdge(n.p.edge(n.backInner)));
  EXPECT_TRUE(loops.isBackEdge(n.p.edge(n.backOuter)));
  EXPECT_FALSE(loops.isBackEdge(n.p.edge(n.leaveInner)));
  EXPECT_TRUE(loops.leavesLoop(n.p.edge(n.leaveInner)));
  EXPECT_TRUE(loops.leavesLoop(n.p.edge(n.leaveOuter)));
  // Back edge of the inner loop: its counter grows; leaving it drops the counter; re-entering starts at 0.
  EXPECT_EQ(loops.countersAfter(n.p.edge(n.backInner), {2, 4}), (std::vector<uint32_t>{2, 5}));
  EXPECT_EQ(loops.countersAfter(n.p.edge(n.leaveInner), {2, 4}), (std::vector<uint32_t>{2}));
  EXPECT_EQ(loops.countersAfter(n.p.edge(n.backOuter), {2}), (std::vector<uint32_t>{3}));
  ir::EdgeId enterInner = n.p.loc(n.outer).out[0];
  EXPECT_EQ(loops.countersAfter(n.p.edge(enterInner), {3}), (std::vector<uint32_t>{3, 0}));
}

TEST(Liveness, VariablesAreLiveUntilTheirLastRead) {
  Nest n;
  ir::Instantiator inst(n.p);
  ir::Liveness live(n.p, inst);
  EXPECT_FALSE(live.live(n.entry, n.x));  // written before read
  EXPECT_TRUE(live.live(n.outer, n.z));   // read after the loops
  EXPECT_FALSE(live.live(n.thenL, n.y));  // overwritten on this branch
  EXPECT_TRUE(live.live(n.thenL, n.x));
  EXPECT_FALSE(live.live(n.error, n.x));
}

TEST(MergePoints, MergeWhereDefinitionsDiffer) {
  Nest n;
  LoopNest loops(n.p);
  MergePoints merges(n.p, loops);
  // Loop heads merge what their loop writes, not what it only reads.
  EXPECT_TRUE(merges.needsMerge(n.outer, n.x));
  EXPECT_TRUE(merges.needsMerge(n.outer, n.y));
  EXPECT_FALSE(merges.needsMerge(n.outer, n.z));
  EXPECT_TRUE(merges.needsMerge(n.inner, n.y));
  EXPECT_FALSE(merges.needsMerge(n.inner, n.x));
  // Leaving the inner loop from different iterations: y differs, x (defined outside it) does not.
  EXPECT_TRUE(merges.needsMerge(n.incX, n.y));
  EXPECT_FALSE(merges.needsMerge(n.incX, n.x));
  // The diamond's join merges exactly what its branches write.
  EXPECT_TRUE(merges.needsMerge(n.join, n.x));
  EXPECT_TRUE(merges.needsMerge(n.join, n.y));
  EXPECT_FALSE(merges.needsMerge(n.join, n.z));
}
