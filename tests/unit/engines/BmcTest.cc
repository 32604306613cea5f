// The BMC engine on hand-built programs: verdicts, bounds, traces accepted by certify's trace checker,
// certificates accepted by its unrolling checker, unsupported edges, options and cancellation.
#include <gtest/gtest.h>

#include "certify/ProgramFixtures.h"
#include "engines/BmcTestSupport.h"
#include "ir/Queries.h"

using namespace argus;
using namespace argus::testing;

namespace {

certify::CertifyOptions opts() { return {}; }

/// The result is Unsafe and its trace passes the trace checker; returns the checked trace.
ir::Trace expectCheckedTrace(const ir::Program& p, const ir::Result& r) {
  EXPECT_EQ(r.verdict, ir::Verdict::Unsafe) << r.detail;
  if (!r.trace()) return {};
  ir::Trace t = *r.trace();
  auto out = certify::checkTrace(p, t, opts());
  EXPECT_TRUE(out.accepted()) << out.detail;
  EXPECT_TRUE(t.pathChecked);
  return t;
}

/// The result is Safe with a complete-unrolling certificate of `bound` that the checker accepts.
void expectCertifiedSafe(const ir::Program& p, const ir::Result& r, unsigned bound) {
  ASSERT_EQ(r.verdict, ir::Verdict::Safe) << r.detail;
  ir::Certificate c = *r.certificate();
  EXPECT_EQ(c.kind, ir::Certificate::Kind::CompleteUnrolling);
  EXPECT_EQ(c.bound, bound);
  auto out = certify::checkCertificate(p, c, opts());
  EXPECT_TRUE(out.accepted()) << out.detail;
}

int64_t inputValue(const ir::Trace& t, size_t which = 0) {
  for (auto& s : t.steps)
    for (auto& v : s.inputs)
      if (which-- == 0) return v.get_numeral_int64();
  ADD_FAILURE() << "the trace has too few inputs";
  return 0;
}

/// n := nondet in [0, max]; i := 0; while (i < n) i++; error if i > max inside the loop. Safe; every bound
/// up to max leaves an execution that runs on, so only the forward condition at max + 1 proves it.
struct LoopUpToNondet : Fixture {
  ir::VarId n = local("n"), i = local("i");
  ir::LocId read = loc("read"), head = loc("head"), body = loc("body");
  explicit LoopUpToNondet(int max) {
    nondet(entry, read, n);
    assume(read, head, cur(n) >= 0 && cur(n) <= max && cur(i) == 0);
    branch(head, cur(i) < cur(n), body, exit);
    assign(body, head, i, cur(i) + 1);
    assume(body, error, cur(i) > max);
  }
};

}  // namespace

TEST(Bmc, ProvesALoopFreeProgramByTheForwardCondition) {
  MaxProgram m;
  auto run = runBmc(m.p);
  expectCertifiedSafe(m.p, run->result, 1);
  EXPECT_EQ(run->result.engine, "bmc");
  EXPECT_GT(run->stats.getInt("bmc.nodes"), 0);
  EXPECT_GT(run->stats.getInt("bmc.checks"), 0);
}

TEST(Bmc, FindsALoopFreeBugWithItsInput) {
  DoubleProgram d;
  auto run = runBmc(d.p);
  ir::Trace t = expectCheckedTrace(d.p, run->result);
  ASSERT_EQ(t.steps.size(), 3u);
  EXPECT_EQ(t.steps[0].edge, d.input);
  EXPECT_EQ(t.steps[2].edge, d.toError);
  EXPECT_EQ(inputValue(t), 5);
}

TEST(Bmc, FindsABugThatNeedsExactlyNIterationsAtBoundN) {
  for (int n : {1, 3, 6}) {
    CountToBug prog(n);
    auto run = runBmc(prog.p);
    ir::Trace t = expectCheckedTrace(prog.p, run->result);
    EXPECT_EQ(run->stats.getInt("bmc.bound"), n);
    // init, then per iteration a test and an increment, then the final test into the error.
    EXPECT_EQ(t.steps.size(), static_cast<size_t>(2 + 2 * n));
    auto missed = runBmc(prog.p, {{"bmc.max_bound", std::to_string(n - 1 > 0 ? n - 1 : 1)}});
    if (n > 1) {
      EXPECT_EQ(missed->result.verdict, ir::Verdict::Unknown);
      EXPECT_EQ(missed->result.reason, ir::UnknownReason::BoundReached);
    }
  }
}

TEST(Bmc, StepSkipsBoundsButStillFindsTheBug) {
  CountToBug prog(4);
  auto run = runBmc(prog.p, {{"bmc.step", "3"}});
  expectCheckedTrace(prog.p, run->result);
  EXPECT_EQ(run->stats.getInt("bmc.bound"), 4);
}

TEST(Bmc, UnboundedLoopStaysUnknownAtTheMaximalBound) {
  EndlessLoop e;
  auto run = runBmc(e.p, {{"bmc.max_bound", "5"}});
  EXPECT_EQ(run->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(run->result.reason, ir::UnknownReason::BoundReached);
  EXPECT_NE(run->result.detail.find("bound 5"), std::string::npos) << run->result.detail;
}

TEST(Bmc, BoundedLoopIsCompleteAtItsTripCount) {
  BoundedLoop b(5);
  auto run = runBmc(b.p);
  expectCertifiedSafe(b.p, run->result, 5);
}

TEST(Bmc, WithoutTheForwardConditionOnlyAFoldedLoopIsProved) {
  // A constant trip count: constant propagation folds the loop's guards, so the unwinding is
  // structurally complete at bound 3 and needs no forward condition.
  BoundedLoop b(3);
  auto folded = runBmc(b.p, {{"bmc.forward_condition", "false"}, {"bmc.max_bound", "6"}});
  expectCertifiedSafe(b.p, folded->result, 3);
  // The same loop up to a nondet n in [0, 3]: every bound leaves a continuation the unwinding cannot cut.
  LoopUpToNondet f(3);
  auto open = runBmc(f.p, {{"bmc.forward_condition", "false"}, {"bmc.max_bound", "6"}});
  EXPECT_EQ(open->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(open->result.reason, ir::UnknownReason::BoundReached);
  // With the forward condition it is proved.
  EXPECT_EQ(runBmc(f.p)->result.verdict, ir::Verdict::Safe);
}

TEST(Bmc, ProceduresSafeAndUnsafe) {
  CallProgram safe([](auto x, auto y) { return y != x + 1; });
  expectCertifiedSafe(safe.p, runBmc(safe.p)->result, 1);

  CallProgram unsafe([](auto, auto y) { return y == 7; });
  ir::Trace t = expectCheckedTrace(unsafe.p, runBmc(unsafe.p)->result);
  EXPECT_EQ(inputValue(t), 6);
  bool sawCall = false, sawReturn = false;
  for (auto& s : t.steps) {
    sawCall |= s.kind == ir::TraceStep::Kind::Call;
    sawReturn |= s.kind == ir::TraceStep::Kind::Return;
  }
  EXPECT_TRUE(sawCall && sawReturn);
}

TEST(Bmc, RecursionSafeWithinItsDepth) {
  SumProgram safe(3, [](auto n, auto s) { return s < n; });
  auto run = runBmc(safe.p);
  expectCertifiedSafe(safe.p, run->result, 4);  // sum(3) -> sum(2) -> sum(1) -> sum(0)
}

TEST(Bmc, RecursionBugAtDepth) {
  SumProgram unsafe(3, [](auto, auto s) { return s == 6; });
  auto run = runBmc(unsafe.p);
  ir::Trace t = expectCheckedTrace(unsafe.p, run->result);
  EXPECT_EQ(inputValue(t), 3);
  EXPECT_EQ(run->stats.getInt("bmc.bound"), 4);
}

TEST(Bmc, GlobalsFlowThroughCalls) {
  GlobalProgram unsafe([](auto g) { return g == 2; });
  expectCheckedTrace(unsafe.p, runBmc(unsafe.p)->result);
  GlobalProgram safe([](auto g) { return g != 2; });
  expectCertifiedSafe(safe.p, runBmc(safe.p)->result, 1);
}

TEST(Bmc, ReachableUnsupportedEdgeGivesUnknownUnsupported) {
  UnsupportedProgram u([](auto x) { return x > 0; }, false);
  auto run = runBmc(u.p);
  EXPECT_EQ(run->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(run->result.reason, ir::UnknownReason::Unsupported);
  EXPECT_EQ(run->result.detail, "inline assembly");
}

TEST(Bmc, UnreachableUnsupportedEdgeDoesNotMatter) {
  UnsupportedProgram u([](auto x) { return x > 0 && x < 0; }, false);
  expectCertifiedSafe(u.p, runBmc(u.p)->result, 1);
}

TEST(Bmc, RealBugIsFoundPastAReachableUnsupportedEdge) {
  UnsupportedProgram u([](auto x) { return x > 0; }, true);
  ir::Trace t = expectCheckedTrace(u.p, runBmc(u.p)->result);
  EXPECT_TRUE(u.p.edge(t.steps.back().edge).unsupported.empty());
  EXPECT_EQ(inputValue(t), 42);
}

TEST(Bmc, IrreducibleControlFlowIsUnsupported) {
  Fixture f;
  ir::VarId b = f.local("b");
  ir::LocId l1 = f.loc("l1"), l2 = f.loc("l2");
  f.branch(f.entry, f.cur(b) > 0, l1, l2);
  f.assume(l1, l2, f.c.bool_val(true));
  f.assume(l2, l1, f.c.bool_val(true));
  ASSERT_FALSE(ir::isReducible(f.p, f.main));
  auto run = runBmc(f.p);
  EXPECT_EQ(run->result.reason, ir::UnknownReason::Unsupported);
  EXPECT_NE(run->result.detail.find("irreducible control flow in main"), std::string::npos);
  EXPECT_FALSE(engines::findEngine("bmc")->make()->supports(f.p).ok);
}

TEST(Bmc, StopsWhenCancelled) {
  EndlessLoop e;
  auto token = std::make_shared<ShutdownToken>();
  token->requestStop("cancelled");
  auto run = runBmc(e.p, {}, token);
  EXPECT_EQ(run->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(run->result.reason, ir::UnknownReason::Cancelled);
}

TEST(Bmc, NestedLoopsAndLoopExitsMergeCorrectly) {
  // i := 0; while (i < 3) { j := 0; while (j < i) j := j + 1; i := i + 1 }; error if i + j != 5.
  // At the end i = 3 and j = 2, so the error is unreachable; both loops are bounded (bound 3).
  Fixture f;
  ir::VarId i = f.local("i"), j = f.local("j");
  ir::LocId outer = f.loc("outer"), initJ = f.loc("initJ"), inner = f.loc("inner"), incJ = f.loc("incJ"),
            incI = f.loc("incI"), after = f.loc("after");
  f.assign(f.entry, outer, i, f.num(0));
  f.branch(outer, f.cur(i) < 3, initJ, after);
  f.assign(initJ, inner, j, f.num(0));
  f.branch(inner, f.cur(j) < f.cur(i), incJ, incI);
  f.assign(incJ, inner, j, f.cur(j) + 1);
  f.assign(incI, outer, i, f.cur(i) + 1);
  f.branch(after, f.cur(i) + f.cur(j) != 5, f.error, f.exit);
  expectCertifiedSafe(f.p, runBmc(f.p)->result, 3);

  // The same loops with the error when i + j == 5: reachable after the last outer iteration.
  f.p.mutableEdge(f.p.loc(after).out[0]).formula = f.cur(i) + f.cur(j) == 5;
  f.p.mutableEdge(f.p.loc(after).out[1]).formula = f.cur(i) + f.cur(j) != 5;
  expectCheckedTrace(f.p, runBmc(f.p)->result);
}

TEST(Bmc, CallOnABackEdgeAndALoopAtAProcedureEntry) {
  // f(a): its entry is a loop head (a > 100: a := a - 1, back to the entry); else r := a + 1.
  // main: i := 0; while (i < 3) i := f(i) -- the call edge is the loop's back edge; error if `bad(i)`.
  auto build = [](Fixture& f, bool unsafe) {
    ir::ProcId callee = f.p.addProcedureWithFrame("f");
    ir::VarId a = f.local(callee, "a", ir::VarRole::Param), r = f.local(callee, "r", ir::VarRole::Result);
    ir::LocId fEntry = f.p.proc(callee).entry;
    f.p.addTransition(fEntry, fEntry, f.cur(a) > 100 && f.p.var(a).next == f.cur(a) - 1, {a});
    f.p.addTransition(fEntry, f.p.proc(callee).exit, f.cur(a) <= 100 && f.p.var(r).next == f.cur(a) + 1, {r});
    ir::VarId i = f.local("i");
    ir::LocId head = f.loc("head"), body = f.loc("body"), after = f.loc("after");
    f.assign(f.entry, head, i, f.num(0));
    f.branch(head, f.cur(i) < 3, body, after);
    f.p.addCall(body, head, callee, {f.cur(i)}, {i});
    f.branch(after, unsafe ? f.cur(i) == 3 : f.cur(i) != 3, f.error, f.exit);
  };
  Fixture safe;
  build(safe, false);
  expectCertifiedSafe(safe.p, runBmc(safe.p)->result, 3);
  Fixture unsafe;
  build(unsafe, true);
  ir::Trace t = expectCheckedTrace(unsafe.p, runBmc(unsafe.p)->result);
  size_t calls = 0;
  for (auto& s : t.steps) calls += s.kind == ir::TraceStep::Kind::Call;
  EXPECT_EQ(calls, 3u);
}

TEST(Bmc, TheForwardConditionOfALongLoopIsNotAskedAtEveryBound) {
  // while (i < n) i++ for a nondet n in [0, 40]: the forward condition first holds at bound 41. Asking it at
  // every bound costs a satisfiable query per bound; past bound 8 it is asked once the bound has grown by a
  // quarter, so the proof comes at a bound in [41, 52] with far fewer queries. Bugs are still looked for at
  // every bound: CountToBug(30) is found at exactly 30.
  LoopUpToNondet f(40);
  auto run = runBmc(f.p);
  ASSERT_EQ(run->result.verdict, ir::Verdict::Safe) << run->result.detail;
  unsigned bound = run->result.certificate()->bound;
  EXPECT_GE(bound, 41u);
  EXPECT_LE(bound, 52u);
  expectCertifiedSafe(f.p, run->result, bound);
  EXPECT_GE(run->stats.getInt("bmc.forward_skipped"), 25);
  EXPECT_LT(run->stats.getInt("bmc.checks"), static_cast<int64_t>(bound + 20));
  CountToBug bug(30);
  auto found = runBmc(bug.p);
  expectCheckedTrace(bug.p, found->result);
  EXPECT_EQ(found->stats.getInt("bmc.bound"), 30);
  EXPECT_GT(found->stats.getInt("bmc.forward_skipped"), 0);
}
