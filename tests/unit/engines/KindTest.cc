// The k-induction engine on hand-built programs: proofs that need k > 1, proofs that need auxiliary
// invariants (failing with the generator off), bugs found by the base case with traces certify accepts,
// the forward condition, inlined procedures, recursion refused, tampered certificates rejected.
#include <gtest/gtest.h>

#include "certify/ProgramFixtures.h"
#include "engines/KindTestSupport.h"
#include "engines/kind/KInduction.h"
#include "smt/Terms.h"

using namespace argus;
using namespace argus::testing;

namespace {

const std::map<std::string, std::string> kGeneratorOff{{"kind.invariants", "none"}};

/// a, b, c := 0; loop: (a, b, c) := (0, a, b); error if c != 0. Safe; without invariants the error
/// check needs four blocks of history (c comes from a three steps back, plus the step into the error).
struct ShiftRegister : Fixture {
  ir::VarId a = local("a"), b = local("b"), c = local("c");
  ir::LocId head = loc("head");
  ShiftRegister() {
    ir::addAssign(p, entry, head, {{a, num(0)}, {b, num(0)}, {c, num(0)}});
    ir::addAssign(p, head, head, {{a, num(0)}, {b, cur(a)}, {c, cur(b)}});
    assume(head, error, cur(c) != 0);
  }
};

/// x := 0; loop: x := x < 10 ? x + 1 : x; error if x > 10. Safe, but no k makes x > 10 unreachable
/// from an arbitrary state (x = 11 stays 11): the proof needs the invariant 0 <= x <= 10.
struct SaturatingCounter : Fixture {
  ir::VarId x = local("x");
  ir::LocId head = loc("head");
  SaturatingCounter() {
    assign(entry, head, x, num(0));
    assign(head, head, x, z3::ite(cur(x) < 10, cur(x) + 1, cur(x)));
    assume(head, error, cur(x) > 10);
  }
};

/// i := 0; x := 0; while (i < n) { i++; x += 2; } error if x != 2n. Safe; x is unrelated to i in an
/// arbitrary state, so only the forward condition (or a relational invariant) proves it.
struct DoubleCounter : Fixture {
  ir::VarId i = local("i"), x = local("x");
  ir::LocId head = loc("head"), body = loc("body"), after = loc("after");
  explicit DoubleCounter(int n) {
    ir::addAssign(p, entry, head, {{i, num(0)}, {x, num(0)}});
    branch(head, cur(i) < n, body, after);
    ir::addAssign(p, body, head, {{i, cur(i) + 1}, {x, cur(x) + 2}});
    branch(after, cur(x) != 2 * n, error, exit);
  }
};

/// x := 0; while (x < 5) x++; y := x; while (y > 0) y--; error if y != 0. Two loops in sequence.
struct TwoLoops : Fixture {
  ir::VarId x = local("x"), y = local("y");
  ir::LocId head1 = loc("head1"), body1 = loc("body1"), mid = loc("mid"), head2 = loc("head2"),
            body2 = loc("body2"), after = loc("after");
  TwoLoops() {
    assign(entry, head1, x, num(0));
    branch(head1, cur(x) < 5, body1, mid);
    assign(body1, head1, x, cur(x) + 1);
    assign(mid, head2, y, cur(x));
    branch(head2, cur(y) > 0, body2, after);
    assign(body2, head2, y, cur(y) - 1);
    branch(after, cur(y) != 0, error, exit);
  }
};

/// inc(a) returns a + 1; main: i := 0; while (i < 10) i := inc(i); error if `bad(i)`.
struct LoopWithCall : Fixture {
  ir::ProcId inc;
  ir::VarId i;
  template <typename Bad>
  explicit LoopWithCall(Bad bad) {
    inc = p.addProcedureWithFrame("inc");
    ir::VarId a = local(inc, "a", ir::VarRole::Param), r = local(inc, "r", ir::VarRole::Result);
    assign(p.proc(inc).entry, p.proc(inc).exit, r, cur(a) + 1);
    i = local("i");
    ir::LocId head = loc("head"), body = loc("body"), after = loc("after");
    assign(entry, head, i, num(0));
    branch(head, cur(i) < 10, body, after);
    p.addCall(body, head, inc, {cur(i)}, {i});
    branch(after, bad(cur(i)), error, exit);
  }
};

}  // namespace

TEST(Kind, ProvesAPropertyThatIsFourInductiveButNotThreeInductive) {
  ShiftRegister s;
  auto run = runKind(s.p, kGeneratorOff);
  ir::Certificate cert = expectCertifiedSafe(s.p, *run);
  EXPECT_EQ(cert.kind, ir::Certificate::Kind::Invariants);
  EXPECT_EQ(cert.k, 4u);
  EXPECT_EQ(run->stats.getString("kind.proof"), "step");
  EXPECT_EQ(run->stats.getInt("kind.k"), 4);
  EXPECT_EQ(cert.form, ir::Certificate::Form::Modular);  // one procedure without calls: used as it is
  // The same certificate claimed 3-inductive is rejected.
  cert.k = 3;
  EXPECT_FALSE(certify::checkCertificate(s.p, cert, {}).accepted());
  auto bounded = runKind(s.p, {{"kind.invariants", "none"}, {"kind.max_k", "3"}});
  EXPECT_EQ(bounded->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(bounded->result.reason, ir::UnknownReason::BoundReached);
}

TEST(Kind, NeedsTheAuxiliaryInvariantAndFailsWithoutIt) {
  SaturatingCounter s;
  auto off = runKind(s.p, {{"kind.invariants", "none"}, {"kind.max_k", "8"}});
  EXPECT_EQ(off->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(off->result.reason, ir::UnknownReason::BoundReached);
  for (const char* domains : {"intervals", "all"}) {
    auto on = runKind(s.p, {{"kind.invariants", domains}});
    ir::Certificate cert = expectCertifiedSafe(s.p, *on);
    // However far k had run when the invariant arrived, the certificate needs only k = 1.
    EXPECT_EQ(cert.k, 1u);
    EXPECT_GE(on->stats.getInt("kind.proof_invariants_used"), 1) << domains;
    EXPECT_GE(on->stats.getInt("kind.invariants_injected"), 1) << domains;
    EXPECT_FALSE(on->stats.getString("kind.injections").empty());
    // Without its invariants the certificate is not inductive.
    for (auto& [loc, inv] : cert.invariants) inv = s.c.bool_val(true);
    EXPECT_FALSE(certify::checkCertificate(s.p, cert, {}).accepted());
  }
}

TEST(Kind, FindsBugsAtDepthWithTracesCertifyAccepts) {
  for (int n : {0, 2, 5}) {
    CountToBug prog(n);
    for (auto settings : {kGeneratorOff, std::map<std::string, std::string>{}}) {
      auto run = runKind(prog.p, settings);
      ir::Trace t = expectCheckedTrace(prog.p, *run);
      // init, a test and an increment per iteration, the final test into the error.
      EXPECT_EQ(t.steps.size(), static_cast<size_t>(2 + 2 * n));
      // Blocks: the init, one per iteration, the test into the error.
      EXPECT_EQ(run->stats.getInt("kind.k"), n + 2);
    }
  }
  DoubleProgram d;
  auto run = runKind(d.p);
  ir::Trace t = expectCheckedTrace(d.p, *run);
  ASSERT_FALSE(t.steps.empty());
  ASSERT_EQ(t.steps[0].inputs.size(), 1u);
  EXPECT_EQ(t.steps[0].inputs[0].get_numeral_int64(), 5);
}

TEST(Kind, ForwardConditionProvesBoundedLoops) {
  for (int n : {1, 4}) {
    DoubleCounter d(n);
    auto run = runKind(d.p, kGeneratorOff);
    ir::Certificate cert = expectCertifiedSafe(d.p, *run);
    EXPECT_EQ(cert.kind, ir::Certificate::Kind::BlockBound);
    EXPECT_EQ(run->stats.getString("kind.proof"), "forward");
    // The init, n iterations, the exit test: no execution has n + 3 blocks, but some have n + 2. (Later
    // than n + 2 is possible: beyond k = 4 a forward check that costs more than the base case waits.)
    EXPECT_GE(run->stats.getInt("kind.k"), n + 2);
    EXPECT_EQ(cert.bound, static_cast<unsigned>(run->stats.getInt("kind.k")));
    // One block fewer than the executions need is refuted.
    ir::Certificate tooShort = cert;
    tooShort.bound = static_cast<unsigned>(n + 1);
    auto shortOutcome = certify::checkCertificate(d.p, tooShort, {});
    EXPECT_TRUE(shortOutcome.refuted()) << shortOutcome.detail;
    EXPECT_NE(shortOutcome.detail.find("runs more than"), std::string::npos) << shortOutcome.detail;
    auto noForward = runKind(d.p, {{"kind.invariants", "none"}, {"kind.forward", "false"}, {"kind.max_k", "12"}});
    EXPECT_EQ(noForward->result.verdict, ir::Verdict::Unknown);
    EXPECT_EQ(noForward->result.reason, ir::UnknownReason::BoundReached);
  }
}

TEST(Kind, TwoStepsOfHistoryBoundTheLoopCounter) {
  // i := 0; while (i < n) i++; error if i != n: i ≤ n holds after any block into the loop head, so
  // the property is 2-inductive without any invariant.
  BoundedLoop b(7);
  auto run = runKind(b.p, kGeneratorOff);
  ir::Certificate cert = expectCertifiedSafe(b.p, *run);
  EXPECT_EQ(cert.kind, ir::Certificate::Kind::Invariants);
  EXPECT_EQ(cert.k, 2u);
}

TEST(Kind, ProvesLoopsInSequenceWithAndWithoutInvariants) {
  TwoLoops t;
  expectCertifiedSafe(t.p, *runKind(t.p, kGeneratorOff));
  auto run = runKind(t.p);
  ir::Certificate cert = expectCertifiedSafe(t.p, *run);
  EXPECT_EQ(cert.invariants.size(), 2u);  // one per loop head
}

TEST(Kind, InlinesProcedures) {
  CallProgram safe([](z3::expr x, z3::expr y) { return y != x + 1; });
  expectCertifiedSafe(safe.p, *runKind(safe.p));
  CallProgram unsafe([](z3::expr x, z3::expr y) { return y == x + 1; });
  expectCheckedTrace(unsafe.p, *runKind(unsafe.p));
  GlobalProgram globalsSafe([](z3::expr g) { return g != 2; });
  expectCertifiedSafe(globalsSafe.p, *runKind(globalsSafe.p));
  GlobalProgram globalsUnsafe([](z3::expr g) { return g == 2; });
  expectCheckedTrace(globalsUnsafe.p, *runKind(globalsUnsafe.p));
  LoopWithCall loopSafe([](z3::expr i) { return i != 10; });
  auto run = runKind(loopSafe.p);
  ir::Certificate cert = expectCertifiedSafe(loopSafe.p, *run);
  EXPECT_EQ(cert.form, ir::Certificate::Form::Inlined);  // about the input's procedures, in calling contexts
  LoopWithCall loopUnsafe([](z3::expr i) { return i == 10; });
  ir::Trace t = expectCheckedTrace(loopUnsafe.p, *runKind(loopUnsafe.p));
  EXPECT_GT(t.steps.size(), 30u);  // ten inlined calls and returns
}

TEST(Kind, RefusesRecursion) {
  SumProgram s(3, [](z3::expr n, z3::expr sum) { return sum < 0; });
  engines::kind::KInductionEngine engine;
  EXPECT_FALSE(engine.supports(s.p).ok);
  auto run = runKind(s.p);
  EXPECT_EQ(run->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(run->result.reason, ir::UnknownReason::Unsupported);
}

TEST(Kind, ReachableUnsupportedEdgeEndsAsUnknownAfterCertify) {
  UnsupportedProgram u([](z3::expr x) { return x > 3; }, false);
  auto run = runKind(u.p);
  Logger log(0);
  Stats stats;
  ir::Result checked = certify::certify(u.p, run->result, {}, log, stats);
  EXPECT_EQ(checked.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(checked.reason, ir::UnknownReason::Unsupported);
  UnsupportedProgram unreachable([&](z3::expr x) { return x != x; }, false);
  expectCertifiedSafe(unreachable.p, *runKind(unreachable.p));
}

TEST(Kind, StopsAtTheDeadlineWhenNothingProves) {
  EndlessLoop e;
  auto run = runKind(e.p, kGeneratorOff, 1.0);
  EXPECT_EQ(run->result.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(run->result.reason, ir::UnknownReason::Timeout);
  // The generator finds x >= 0, which makes the property inductive.
  expectCertifiedSafe(e.p, *runKind(e.p));
}

TEST(Kind, EntryWithIncomingEdgesGetsAFreshEntry) {
  // entry: x := x + 1 back to entry, or on to error if x < x (never).
  Fixture f;
  ir::VarId x = f.local("x");
  f.assign(f.entry, f.entry, x, f.cur(x) + 1);
  f.assume(f.entry, f.error, f.cur(x) < f.cur(x));
  auto prepared = engines::kind::prepareProgram(f.p);
  const ir::Program& inlined = *prepared->result().program;
  EXPECT_TRUE(inlined.loc(inlined.proc(inlined.mainProc()).entry).in.empty());
  expectCertifiedSafe(f.p, *runKind(f.p));
}

TEST(Kind, RelationalPropertyNeedsTheEqualityRound) {
  // i := 0; j := 0; loop: i++, j += 2 (or leave); error if j != 2i. Intervals alone cannot prove it.
  Fixture f;
  ir::VarId i = f.local("i"), j = f.local("j");
  ir::LocId head = f.loc("head"), after = f.loc("after");
  ir::addAssign(f.p, f.entry, head, {{i, f.num(0)}, {j, f.num(0)}});
  ir::addAssign(f.p, head, head, {{i, f.cur(i) + 1}, {j, f.cur(j) + 2}});
  f.assume(head, after, f.c.bool_val(true));
  f.branch(after, f.cur(j) != 2 * f.cur(i), f.error, f.exit);
  auto intervals = runKind(f.p, {{"kind.invariants", "intervals"}}, 3.0);
  EXPECT_EQ(intervals->result.verdict, ir::Verdict::Unknown);
  auto all = runKind(f.p, {{"kind.invariants", "all"}});
  expectCertifiedSafe(f.p, *all);
  EXPECT_NE(all->stats.getString("kind.proof_invariants").find("equalities"), std::string::npos);
}
