// certify's own unfolding of calls and the Inlined certificates checked on it: the unfolding keeps the
// program's paths (a copy per calling context, one error location); invariants in the right contexts are
// accepted, in swapped or missing contexts refuted; recursion and malformed certificates are refuted,
// an unfolding over the size limit leaves the certificate undecided.
#include <gtest/gtest.h>

#include <variant>

#include "certify/Certify.h"
#include "certify/ProgramFixtures.h"
#include "certify/Unfolding.h"

using namespace argus;
using namespace argus::testing;

namespace {

/// count(n) { i := 0; while (i < n) i := i + 1; r := i }   main: a := count(3); b := count(5);
/// error if a + b != `total`. Safe for total = 8.
struct TwoCounts : Fixture {
  ir::ProcId count;
  ir::VarId n, r, i, a, b;
  ir::LocId head;
  ir::EdgeId first, second;
  explicit TwoCounts(int total) {
    count = p.addProcedureWithFrame("count");
    n = local(count, "n", ir::VarRole::Param);
    r = local(count, "r", ir::VarRole::Result);
    i = local(count, "i");
    head = loc("head", count);
    ir::LocId body = loc("body", count), done = loc("done", count);
    assign(p.proc(count).entry, head, i, num(0));
    assume(head, body, cur(i) < cur(n));
    assign(body, head, i, cur(i) + 1);
    assume(head, done, cur(i) >= cur(n));
    assign(done, p.proc(count).exit, r, cur(i));
    a = local("a");
    b = local("b");
    ir::LocId l1 = loc("l1"), l2 = loc("l2");
    first = p.addCall(entry, l1, count, {num(3)}, {a});
    second = p.addCall(l1, l2, count, {num(5)}, {b});
    branch(l2, cur(a) + cur(b) != total, error, exit);
  }

  /// The invariants at count's loop head, per call.
  ir::Certificate inlined(const z3::expr& atFirst, const z3::expr& atSecond) const {
    ir::Certificate c;
    c.context = ctx;
    c.form = ir::Certificate::Form::Inlined;
    c.inlined.emplace(ir::ContextLoc{{first}, head}, atFirst);
    c.inlined.emplace(ir::ContextLoc{{second}, head}, atSecond);
    return c;
  }
  ir::Certificate correct() const {
    return inlined(cur(i) <= cur(n) && cur(n) == 3, cur(i) <= cur(n) && cur(n) == 5 && cur(a) == 3);
  }
};

certify::CheckOutcome certified(const ir::Program& p, ir::Certificate c) { return certify::checkCertificate(p, c, {}); }

}  // namespace

TEST(Unfolding, CopiesEveryActivationIntoOneProcedure) {
  TwoCounts t(8);
  auto unfolded = certify::unfoldCalls(t.p);
  ASSERT_TRUE(std::holds_alternative<certify::Unfolding>(unfolded));
  auto& u = std::get<certify::Unfolding>(unfolded);
  EXPECT_EQ(u.program->numProcs(), 1u);
  for (auto& e : u.program->edges()) EXPECT_FALSE(e.isCall());
  EXPECT_NO_THROW(u.program->validate());
  // The head exists once per call, and the two copies differ.
  ASSERT_TRUE(u.copies.count({{t.first}, t.head}));
  ASSERT_TRUE(u.copies.count({{t.second}, t.head}));
  EXPECT_NE(u.copies.at({{t.first}, t.head}), u.copies.at({{t.second}, t.head}));
  EXPECT_FALSE(u.copies.count({{}, t.head}));  // main does not run count's body itself
  // Every error location is the one error location; the entry is fresh.
  const ir::Procedure& main = u.program->proc(u.program->mainProc());
  EXPECT_EQ(u.copies.at({{}, t.error}), main.error);
  EXPECT_TRUE(u.program->loc(main.entry).in.empty());
  for (ir::VarId v = 0; v < t.p.numVars(); ++v) EXPECT_TRUE(z3::eq(u.program->var(v).cur, t.p.var(v).cur));
}

TEST(Unfolding, RefusesRecursionAndStopsAtTheLimit) {
  SumProgram s(3, [](z3::expr, z3::expr sum) { return sum < 0; });
  auto recursive = certify::unfoldCalls(s.p);
  ASSERT_TRUE(std::holds_alternative<certify::UnfoldingRefused>(recursive));
  EXPECT_TRUE(std::get<certify::UnfoldingRefused>(recursive).recursive);
  TwoCounts t(8);
  auto small = certify::unfoldCalls(t.p, 6);
  ASSERT_TRUE(std::holds_alternative<certify::UnfoldingRefused>(small));
  EXPECT_FALSE(std::get<certify::UnfoldingRefused>(small).recursive);
}

TEST(InlinedCertificate, InvariantsInTheirContextsAreAccepted) {
  TwoCounts t(8);
  auto out = certified(t.p, t.correct());
  EXPECT_TRUE(out.accepted()) << out.detail;
  EXPECT_NE(out.detail.find("calling contexts"), std::string::npos) << out.detail;
}

TEST(InlinedCertificate, SwappedOrWeakenedContextsAreRefuted) {
  TwoCounts t(8);
  ir::Certificate swapped = t.inlined(t.cur(t.i) <= t.cur(t.n) && t.cur(t.n) == 5,
                                      t.cur(t.i) <= t.cur(t.n) && t.cur(t.n) == 3 && t.cur(t.a) == 3);
  EXPECT_TRUE(certified(t.p, swapped).refuted());
  // Without a == 3 in the second call, main cannot know a after it returns.
  ir::Certificate forgetful = t.inlined(t.cur(t.i) <= t.cur(t.n) && t.cur(t.n) == 3, t.cur(t.i) <= t.cur(t.n));
  auto out = certified(t.p, forgetful);
  EXPECT_TRUE(out.refuted()) << out.detail;
  // The same invariants on the unsafe variant: the error is reachable.
  TwoCounts bad(7);
  EXPECT_TRUE(certified(bad.p, bad.correct()).refuted());
}

TEST(InlinedCertificate, MalformedOnesAreRefuted) {
  TwoCounts t(8);
  ir::Certificate missingCut = t.correct();  // the second call's loop is left without a cut point
  missingCut.inlined.erase(ir::ContextLoc{{t.second}, t.head});
  auto cut = certified(t.p, missingCut);
  EXPECT_TRUE(cut.refuted());
  EXPECT_NE(cut.detail.find("not a cut set"), std::string::npos) << cut.detail;

  ir::Certificate noSuchContext = t.correct();  // count's head in main's own activation
  noSuchContext.inlined.emplace(ir::ContextLoc{{}, t.head}, t.c.bool_val(true));
  EXPECT_TRUE(certified(t.p, noSuchContext).refuted());

  ir::Certificate deeper = t.correct();  // a call string through an edge that is no call
  deeper.inlined.emplace(ir::ContextLoc{{t.first, t.p.loc(t.head).out[0]}, t.head}, t.c.bool_val(true));
  EXPECT_TRUE(certified(t.p, deeper).refuted());

  ir::Certificate mixed = t.correct();  // modular invariants beside inlined ones
  mixed.invariants.emplace(t.head, t.c.bool_val(true));
  EXPECT_TRUE(certified(t.p, mixed).refuted());

  SumProgram s(3, [](z3::expr, z3::expr sum) { return sum < 0; });
  ir::Certificate recursive;
  recursive.form = ir::Certificate::Form::Inlined;
  EXPECT_TRUE(certified(s.p, recursive).refuted());
}

TEST(InlinedCertificate, KInductiveOnesAreCheckedOnTheUnfolding) {
  // With k = 2 the checker unrolls two blocks on the unfolding (one procedure), which the modular form
  // of a program with calls cannot do.
  TwoCounts t(8);
  ir::Certificate c = t.correct();
  c.k = 2;
  auto out = certified(t.p, c);
  EXPECT_TRUE(out.accepted()) << out.detail;
}
