// Block encodings: the shapes LBE and ABE produce (a loop-free diamond becomes one edge, a loop keeps its
// head), the reachability of error and exit preserved, and the trace-relevant facts kept on merged
// edges (inputs in order, unsupported features never merged away).
#include <gtest/gtest.h>

#include "ir/Queries.h"
#include "smt/Terms.h"
#include "testing/SmallPrograms.h"
#include "transforms/BlockEncoding.h"
#include "transforms/BlockTrace.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::ir;
using namespace argus::testing;
using transforms::BlockEncoding;
using transforms::encodeBlocks;

namespace {

transforms::EncodedProgram encode(const Program& p, BlockEncoding kind, std::vector<LocId> keep = {}) {
  transforms::BlockEncodingOptions o;
  o.kind = kind;
  o.keep = std::move(keep);
  auto r = encodeBlocks(p, o);
  r.program->validate();
  return r;
}

std::vector<EdgeId> edgesBetween(const Program& p, LocId from, LocId to) {
  std::vector<EdgeId> out;
  for (EdgeId e : p.loc(from).out)
    if (p.edge(e).to == to) out.push_back(e);
  return out;
}

LocId encodedLoc(const transforms::EncodedProgram& r, LocId source) {
  for (LocId l = 0; l < r.sourceLoc.size(); ++l)
    if (r.sourceLoc[l] == source) return l;
  return kNone;
}

}  // namespace

TEST(BlockEncoding, SbeKeepsTheProgram) {
  auto p = diamond(0);
  auto r = encode(*p, BlockEncoding::Sbe);
  EXPECT_EQ(r.program->numLocs(), p->numLocs());
  EXPECT_EQ(r.program->numEdges(), p->numEdges());
  for (EdgeId e = 0; e < r.program->numEdges(); ++e) EXPECT_EQ(r.sourceEdges[e], std::vector<EdgeId>{e});
}

TEST(BlockEncoding, LbeTurnsALoopFreeDiamondIntoOneEdgePerTarget) {
  auto p = diamond(0);
  auto r = encode(*p, BlockEncoding::Lbe);
  const Program& q = *r.program;
  EXPECT_EQ(q.numLocs(), 3u);  // entry, exit, error
  ASSERT_EQ(q.numEdges(), 2u);
  auto toError = edgesBetween(q, entryOf(q), errorOf(q));
  ASSERT_EQ(toError.size(), 1u);
  EXPECT_EQ(r.sourceEdges[toError[0]].size(), 6u);  // nondet, both branches, both assignments, the check
  EXPECT_EQ(edgesBetween(q, entryOf(q), exitOf(q)).size(), 1u);
}

TEST(BlockEncoding, LbePreservesReachabilityOfErrorAndExit) {
  for (int bad : {0, 1, 2}) {
    auto p = diamond(bad);
    for (auto kind : {BlockEncoding::Sbe, BlockEncoding::Lbe, BlockEncoding::Abe}) {
      auto r = encode(*p, kind);
      EXPECT_EQ(feasiblePathTo(*r.program, errorOf(*r.program)), bad != 0) << toString(kind) << " bad=" << bad;
      EXPECT_TRUE(feasiblePathTo(*r.program, exitOf(*r.program))) << toString(kind);
    }
  }
}

TEST(BlockEncoding, LbeKeepsTheLoopHead) {
  auto p = countUp(1);
  auto r = encode(*p, BlockEncoding::Lbe);
  const Program& q = *r.program;
  EXPECT_EQ(q.numLocs(), 4u);  // entry, exit, error, head
  auto heads = loopHeads(q, q.mainProc());
  ASSERT_EQ(heads.size(), 1u);
  EXPECT_EQ(q.loc(heads[0]).name, "head");
  EXPECT_EQ(edgesBetween(q, heads[0], heads[0]).size(), 1u);  // the body became a self-loop
  EXPECT_EQ(edgesBetween(q, heads[0], errorOf(q)).size(), 1u);
  EXPECT_EQ(edgesBetween(q, entryOf(q), heads[0]).size(), 1u);
}

TEST(BlockEncoding, LbeOfTheLockPatternIsConstantInSize) {
  for (int n : {2, 5, 9}) {
    auto r = encode(*locks(n), BlockEncoding::Lbe);
    // entry, loop head, exit, error; entry→head, head→head, head→exit, head→error.
    EXPECT_EQ(r.program->numLocs(), 4u) << n;
    EXPECT_EQ(r.program->numEdges(), 4u) << n;
  }
}

TEST(BlockEncoding, MergedEdgesListTheInputsTheirPathsConsume) {
  auto p = diamond(2);
  auto r = encode(*p, BlockEncoding::Lbe);
  const Program& q = *r.program;
  EdgeId toError = edgesBetween(q, entryOf(q), errorOf(q)).at(0);
  ASSERT_EQ(q.edge(toError).inputs.size(), 1u);
  EXPECT_EQ(q.edge(toError).inputs[0].function, "__VERIFIER_nondet_int");
  // Along the error edge the input must be non-positive (the else branch sets y := 2).
  Instantiator inst(q);
  auto step = inst.transition(toError, freshState(q, q.scope(q.mainProc())));
  smt::Solver s(q.ctx());
  s.add(step.formula);
  ASSERT_EQ(s.check(), smt::SatResult::Sat);
  s.add(step.inputTerms.at(0) > 0);
  EXPECT_EQ(s.check(), smt::SatResult::Unsat);
}

TEST(BlockEncoding, ChoiceKeepsEdgesWithDifferentInputsApart) {
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId x = intVar(*p, "x"), y = intVar(*p, "y");
  LocId a = p->addLocation(0, "a"), b = p->addLocation(0, "b"), j = p->addLocation(0, "j");
  addAssume(*p, entryOf(*p), a, p->var(x).cur > 0);
  addAssume(*p, entryOf(*p), b, p->var(x).cur <= 0);
  addNondet(*p, a, j, x, c.bool_val(true), "__VERIFIER_nondet_int");
  addNondet(*p, b, j, y, c.bool_val(true), "__VERIFIER_nondet_int");
  addAssume(*p, j, errorOf(*p), p->var(x).cur == p->var(y).cur);
  auto r = encode(*p, BlockEncoding::Lbe);
  const Program& q = *r.program;
  auto toJoin = edgesBetween(q, entryOf(q), encodedLoc(r, j));
  ASSERT_EQ(toJoin.size(), 2u);  // so the join stays
  ASSERT_EQ(q.edge(toJoin[0]).inputs.size(), 1u);
  ASSERT_EQ(q.edge(toJoin[1]).inputs.size(), 1u);
  EXPECT_FALSE(z3::eq(q.edge(toJoin[0]).inputs[0].term, q.edge(toJoin[1]).inputs[0].term));
}

TEST(BlockEncoding, UnsupportedErrorEdgesAreNotMergedWithRealOnes) {
  auto p = newMain();
  VarId x = intVar(*p, "x");
  LocId a = p->addLocation(0, "a");
  addAssume(*p, entryOf(*p), a, p->var(x).cur > 0);
  addAssume(*p, a, errorOf(*p), p->var(x).cur > 5);
  EdgeId marked = addAssume(*p, a, errorOf(*p), p->var(x).cur <= 5);
  p->mutableEdge(marked).unsupported = "inline assembly";
  auto r = encode(*p, BlockEncoding::Lbe);
  auto toError = edgesBetween(*r.program, entryOf(*r.program), errorOf(*r.program));
  ASSERT_EQ(toError.size(), 2u);
  EXPECT_NE(r.program->edge(toError[0]).unsupported, r.program->edge(toError[1]).unsupported);
}

TEST(BlockEncoding, AbeRemovesJoinsThatLbeKeeps) {
  // if (x > 100) goto out; head: if (x > 0) goto out; x := x + 1; goto head;  out: if (x == -5) error.
  auto p = newMain();
  VarId x = intVar(*p, "x");
  z3::expr xc = p->var(x).cur;
  LocId head = p->addLocation(0, "head"), b = p->addLocation(0, "b"), out = p->addLocation(0, "out");
  addAssume(*p, entryOf(*p), out, xc > 100);
  addAssume(*p, entryOf(*p), head, xc <= 100);
  addAssume(*p, head, out, xc > 0);
  addAssume(*p, head, b, xc <= 0);
  addAssign(*p, b, head, {{x, xc + 1}});
  addAssume(*p, out, errorOf(*p), xc == -5);
  addAssume(*p, out, exitOf(*p), xc != -5);
  auto lbe = encode(*p, BlockEncoding::Lbe);
  auto abe = encode(*p, BlockEncoding::Abe);
  EXPECT_NE(encodedLoc(lbe, out), kNone);
  EXPECT_EQ(encodedLoc(abe, out), kNone);
  EXPECT_NE(encodedLoc(abe, head), kNone);
  auto kept = encode(*p, BlockEncoding::Abe, {out});
  EXPECT_NE(encodedLoc(kept, out), kNone);
  for (auto* r : {&lbe, &abe, &kept}) {
    EXPECT_FALSE(feasiblePathTo(*r->program, errorOf(*r->program), 6));
    EXPECT_TRUE(feasiblePathTo(*r->program, exitOf(*r->program), 6));
  }
}

TEST(BlockEncoding, AddsAFreshEntryWhenTheEntryIsALoopHead) {
  auto p = newMain();
  VarId x = intVar(*p, "x");
  addAssign(*p, entryOf(*p), entryOf(*p), {{x, p->var(x).cur + 1}});
  addAssume(*p, entryOf(*p), errorOf(*p), p->var(x).cur == 3);
  for (auto kind : {BlockEncoding::Sbe, BlockEncoding::Lbe}) {
    auto r = encode(*p, kind);
    EXPECT_TRUE(r.program->loc(entryOf(*r.program)).in.empty());
    EXPECT_EQ(r.sourceLoc[entryOf(*r.program)], kNone);
  }
}

TEST(BlockEncoding, RejectsCalls) {
  auto p = newMain();
  ProcId f = p->addProcedureWithFrame("f");
  p->addCall(entryOf(*p), exitOf(*p), f, {}, {});
  EXPECT_THROW(encodeBlocks(*p, {}), UnsupportedError);
}

TEST(BlockEncoding, MergingAllChoicesNeedsTracesMappedBack) {
  // if (x > 0) x := nondet positive else y := nondet; if (x < 0 && y == 7) error: only the else branch
  // gets there.
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId x = intVar(*p, "x"), y = intVar(*p, "y");
  LocId a = p->addLocation(0, "a"), b = p->addLocation(0, "b"), j = p->addLocation(0, "j");
  addAssume(*p, entryOf(*p), a, p->var(x).cur > 0);
  addAssume(*p, entryOf(*p), b, p->var(x).cur <= 0);
  EdgeId thenInput = addNondet(*p, a, j, x, p->var(x).next > 0, "__VERIFIER_nondet_int");
  EdgeId elseInput = addNondet(*p, b, j, y, c.bool_val(true), "__VERIFIER_nondet_int");
  EdgeId check = addAssume(*p, j, errorOf(*p), p->var(x).cur < 0 && p->var(y).cur == 7);
  transforms::BlockEncodingOptions o;
  o.exactInputs = false;
  auto r = encodeBlocks(*p, o);
  r.program->validate();
  const Program& q = *r.program;
  auto toError = edgesBetween(q, entryOf(q), errorOf(q));
  ASSERT_EQ(toError.size(), 1u);  // both branches in one edge, with the inputs of both
  EXPECT_EQ(q.edge(toError[0]).inputs.size(), 2u);
  ir::Trace encodedTrace;
  encodedTrace.steps.push_back({TraceStep::Kind::Edge, toError[0], {}, {}});
  auto source = transforms::expandTrace(*p, r, encodedTrace, {});
  ASSERT_TRUE(source.has_value());
  std::vector<EdgeId> taken;
  for (auto& s : source->steps) taken.push_back(s.edge);
  EXPECT_EQ(taken.size(), 3u);
  EXPECT_EQ(taken.at(1), elseInput);
  EXPECT_NE(taken.at(1), thenInput);
  EXPECT_EQ(taken.at(2), check);
}

TEST(BlockEncoding, ExpandingAnInfeasibleTraceFails) {
  auto p = diamond(0);
  transforms::BlockEncodingOptions o;
  o.exactInputs = false;
  auto r = encodeBlocks(*p, o);
  auto toError = edgesBetween(*r.program, entryOf(*r.program), errorOf(*r.program));
  ASSERT_EQ(toError.size(), 1u);
  ir::Trace t;
  t.steps.push_back({TraceStep::Kind::Edge, toError[0], {}, {}});
  EXPECT_FALSE(transforms::expandTrace(*p, r, t, {}).has_value());
}

TEST(BlockEncoding, ExpandedTracesPreferARealErrorToAnUnsupportedOne) {
  auto p = newMain();
  VarId x = intVar(*p, "x");
  LocId a = p->addLocation(0, "a");
  addAssume(*p, entryOf(*p), a, p->var(x).cur > 0);
  EdgeId marked = addAssume(*p, a, errorOf(*p), p->var(x).cur > 1);
  p->mutableEdge(marked).unsupported = "inline assembly";
  EdgeId real = addAssume(*p, a, errorOf(*p), p->var(x).cur > 1);  // whenever one is possible, both are
  transforms::BlockEncodingOptions o;
  o.exactInputs = false;
  auto r = encodeBlocks(*p, o);
  auto toError = edgesBetween(*r.program, entryOf(*r.program), errorOf(*r.program));
  ASSERT_EQ(toError.size(), 1u);
  EXPECT_EQ(r.program->edge(toError[0]).unsupported, "inline assembly");  // conservatively marked
  ir::Trace t;
  t.steps.push_back({TraceStep::Kind::Edge, toError[0], {}, {}});
  auto source = transforms::expandTrace(*p, r, t, {});
  ASSERT_TRUE(source.has_value());
  EXPECT_EQ(source->steps.back().edge, real);
}
