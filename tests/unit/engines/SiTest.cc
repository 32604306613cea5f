// The stratified-inlining engine (si; corral = overref, legion = underwiden) on hand-built programs:
// verdicts, which sites get inlined (a call whose result the error does not depend on stays open), the
// recursion bound, unsupported edges, and evidence judged by certify's independent checkers (InliningTree
// certificates, traces).
#include <gtest/gtest.h>

#include "certify/ProgramFixtures.h"
#include "engines/CpaEngineTestSupport.h"
#include "engines/KindTestSupport.h"

using namespace argus;
using namespace argus::testing;

namespace {

class Si : public ::testing::TestWithParam<const char*> {
 protected:
  std::unique_ptr<KindOutcome> run(const ir::Program& p, std::map<std::string, std::string> settings = {}) {
    return runEngine(GetParam(), p, settings, 60);
  }
  /// Safe with an InliningTree certificate that certify accepts; returns the number of inlined sites.
  size_t expectCertifiedSafe(const ir::Program& p, const KindOutcome& out) {
    EXPECT_EQ(out.result.verdict, ir::Verdict::Safe) << ir::toString(out.result.reason) << ": " << out.result.detail;
    if (!out.result.certificate()) return SIZE_MAX;
    EXPECT_EQ(out.result.certificate()->kind, ir::Certificate::Kind::InliningTree);
    EXPECT_EQ(certificateRejection(p, *out.result.certificate()), "");
    return out.result.certificate()->inlinedSites.size();
  }
  /// Unsafe with a trace that certify's trace checker accepts; returns the first input of the trace.
  int64_t expectCheckedBug(const ir::Program& p, const KindOutcome& out) {
    EXPECT_EQ(out.result.verdict, ir::Verdict::Unsafe) << ir::toString(out.result.reason) << ": " << out.result.detail;
    if (!out.result.trace()) return INT64_MIN;
    ir::Trace t = *out.result.trace();
    auto checked = certify::checkTrace(p, t, {});
    EXPECT_TRUE(checked.accepted()) << checked.detail;
    for (auto& s : t.steps)
      for (auto& v : s.inputs) return v.get_numeral_int64();
    return INT64_MIN;
  }
};

}  // namespace

TEST_P(Si, InlinesTheCallTheErrorDependsOn) {
  CallProgram prog([](const z3::expr& x, const z3::expr& y) { return y != x + 1; });
  auto out = run(prog.p);
  EXPECT_EQ(expectCertifiedSafe(prog.p, *out), 1u);
  EXPECT_EQ(out->result.engine, GetParam());
  EXPECT_EQ(out->stats.getInt("si.inlined_sites"), 1);
}

TEST_P(Si, LeavesACallOpenWhenItsHavocSummaryProvesTheProgram) {
  // The error depends on x alone: the open call to inc, whose result is arbitrary, cannot reach it.
  CallProgram prog([](const z3::expr& x, const z3::expr&) { return x > 5 && x < 3; });
  auto out = run(prog.p);
  EXPECT_EQ(expectCertifiedSafe(prog.p, *out), 0u);
  EXPECT_FALSE(out->stats.has("si.inlined_sites"));
}

TEST_P(Si, FindsABugThroughACallee) {
  CallProgram prog([](const z3::expr&, const z3::expr& y) { return y == 8; });
  auto out = run(prog.p);
  EXPECT_EQ(expectCheckedBug(prog.p, *out), 7);
}

TEST_P(Si, InlinesGlobalsThroughEveryCall) {
  GlobalProgram prog([](const z3::expr& g) { return g != 2; });
  EXPECT_EQ(expectCertifiedSafe(prog.p, *run(prog.p)), 2u);
  GlobalProgram buggy([](const z3::expr& g) { return g == 2; });
  auto out = run(buggy.p);
  EXPECT_EQ(out->result.verdict, ir::Verdict::Unsafe);
  expectEvidenceHolds(buggy.p, out->result);
}

TEST_P(Si, ProvesBoundedRecursionByInliningEveryActivation) {
  // n <= 3: the activations for n = 3, 2, 1, 0; the call below 0 is never taken.
  SumProgram prog(3, [](const z3::expr&, const z3::expr& s) { return s < 0; });
  auto out = run(prog.p);
  EXPECT_EQ(expectCertifiedSafe(prog.p, *out), 4u);
  EXPECT_GE(out->stats.getInt("si.bound"), 4);
}

TEST_P(Si, FindsADeepRecursiveBug) {
  SumProgram prog(3, [](const z3::expr&, const z3::expr& s) { return s == 6; });
  EXPECT_EQ(expectCheckedBug(prog.p, *run(prog.p)), 3);
}

TEST_P(Si, StopsAtTheRecursionBound) {
  SumProgram prog(3, [](const z3::expr&, const z3::expr& s) { return s == 6; });
  auto out = run(prog.p, {{"si.max_bound", "2"}});
  EXPECT_EQ(out->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(out->result.reason, ir::UnknownReason::BoundReached) << out->result.detail;
}

TEST_P(Si, UnrollsABoundedLoopAsTailRecursion) {
  BoundedLoop prog(4);
  auto out = run(prog.p);
  EXPECT_GE(expectCertifiedSafe(prog.p, *out), 5u);  // the head, iterations 0..4
  CountToBug bug(3);
  auto found = run(bug.p);
  EXPECT_EQ(found->result.verdict, ir::Verdict::Unsafe);
  expectEvidenceHolds(bug.p, found->result);
}

TEST_P(Si, NeverProvesAnEndlessLoopWhoseErrorStaysReachableFromItsHead) {
  EndlessLoop prog;
  auto out = run(prog.p, {{"si.max_bound", "6"}});
  EXPECT_EQ(out->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(out->result.reason, ir::UnknownReason::BoundReached) << out->result.detail;
}

TEST_P(Si, AnUnsupportedEdgeIsNoBug) {
  UnsupportedProgram onlyUnsupported([](const z3::expr& x) { return x > 0; }, false);
  auto out = run(onlyUnsupported.p);
  EXPECT_EQ(out->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(out->result.reason, ir::UnknownReason::Unsupported);
  UnsupportedProgram withBug([](const z3::expr& x) { return x > 0; }, true);
  EXPECT_EQ(expectCheckedBug(withBug.p, *run(withBug.p)), 42);
}

INSTANTIATE_TEST_SUITE_P(Strategies, Si, ::testing::Values("corral", "legion"));

TEST_P(Si, FindsALoopBugBeforeInliningPastIt) {
  // loops/sum01-1 in small: n := nondet; s := 0; i := 1; while (i <= n) { if (i < 4) s := s + 2; i := i + 1 }
  // error if s != 2n and s != 0. The bug (n = 4, s = 6) needs four iterations; the loop's open site
  // always offers a model through its havoc summary, so overref must query the under-approximation
  // first (Corral) to stop there rather than inline iteration after iteration up to the bound.
  Fixture f;
  ir::VarId n = f.local("n"), s = f.local("s"), i = f.local("i");
  ir::LocId read = f.loc("read"), init = f.loc("init"), head = f.loc("head"), body = f.loc("body"),
            add = f.loc("add"), step = f.loc("step"), after = f.loc("after");
  f.nondet(f.entry, read, n);
  f.assign(read, init, s, f.num(0));
  f.assign(init, head, i, f.num(1));
  f.branch(head, f.cur(i) <= f.cur(n), body, after);
  f.branch(body, f.cur(i) < 4, add, step);
  f.assign(add, step, s, f.cur(s) + 2);
  f.assign(step, head, i, f.cur(i) + 1);
  f.branch(after, f.cur(s) != 2 * f.cur(n) && f.cur(s) != 0, f.error, f.exit);
  auto out = run(f.p, {{"si.max_bound", "12"}});
  EXPECT_EQ(expectCheckedBug(f.p, *out), 4);
}

TEST(SiStrategies, TheDefaultIsUnderwidenAndMinimisesItsCores) {
  CallProgram prog([](const z3::expr& x, const z3::expr& y) { return y != x + 1; });
  auto out = runEngine("si", prog.p, {}, 60);
  EXPECT_EQ(out->result.verdict, ir::Verdict::Safe);
  EXPECT_EQ(out->stats.getInt("si.core_literals"), 1);
  auto overref = runEngine("si", prog.p, {{"si.strategy", "overref"}}, 60);
  EXPECT_EQ(overref->result.verdict, ir::Verdict::Safe);
  EXPECT_FALSE(overref->stats.has("si.core_literals"));
}

TEST(SiStrategies, InlineFewerCallsThanBmcWhenMostCalleesCannotMatter) {
  // main: x := nondet; ten calls inc(x + i) into a variable the error does not read; y := inc(x);
  // error if y != x + 1. bmc inlines all eleven calls; so does overref, since every call lies on the
  // first counterexample of the havoc summaries (what the Legion paper holds against Corral); underwiden
  // inlines only the call its unsat core names.
  Fixture f;
  ir::Program& p = f.p;
  ir::ProcId inc = p.addProcedureWithFrame("inc");
  ir::VarId a = f.local(inc, "a", ir::VarRole::Param), r = f.local(inc, "r", ir::VarRole::Result);
  f.assign(p.proc(inc).entry, p.proc(inc).exit, r, f.cur(a) + 1);
  ir::VarId x = f.local("x"), y = f.local("y"), unused = f.local("unused");
  ir::LocId at = f.loc("c0");
  f.nondet(f.entry, at, x);
  for (int i = 1; i <= 10; ++i) {
    ir::LocId next = f.loc("c" + std::to_string(i));
    p.addCall(at, next, inc, {f.cur(x) + i}, {unused});
    at = next;
  }
  ir::LocId check = f.loc("check");
  p.addCall(at, check, inc, {f.cur(x)}, {y});
  f.branch(check, f.cur(y) != f.cur(x) + 1, f.error, f.exit);
  p.validate();
  auto bmc = runEngine("bmc", p, {}, 60);
  ASSERT_EQ(bmc->result.verdict, ir::Verdict::Safe);
  EXPECT_EQ(bmc->stats.getInt("bmc.inlined_calls"), 11);
  for (auto [engine, calls] : {std::pair{"corral", 11}, std::pair{"legion", 1}}) {
    auto si = runEngine(engine, p, {}, 60);
    ASSERT_EQ(si->result.verdict, ir::Verdict::Safe) << engine << ": " << si->result.detail;
    EXPECT_EQ(si->stats.getInt("si.inlined_calls"), calls) << engine;
    EXPECT_EQ(certificateRejection(p, *si->result.certificate()), "") << engine;
  }
}
