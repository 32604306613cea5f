// The invariant checker: correct certificates (loop invariants, contracts, recursion, 2-induction) are
// accepted; non-inductive, too weak, non-cut-set, ill-formed and wrong-contract certificates are
// rejected with a detail that says why.
#include <gtest/gtest.h>

#include "certify/Certify.h"
#include "certify/ProgramFixtures.h"

using namespace argus;
using namespace argus::testing;

namespace {

certify::CheckOutcome check(const ir::Program& p, ir::Certificate c) {
  auto out = certify::checkCertificate(p, c, {});
  EXPECT_EQ(c.checked, out.accepted());
  return out;
}

void expectRejected(const ir::Program& p, const ir::Certificate& c, const std::string& why) {
  auto out = check(p, c);
  EXPECT_FALSE(out.accepted());
  EXPECT_NE(out.detail.find(why), std::string::npos) << out.detail;
}

ir::Certificate invariants(std::map<ir::LocId, z3::expr> inv, unsigned k = 1) {
  ir::Certificate c;
  c.invariants = std::move(inv);
  c.k = k;
  return c;
}

/// x := 0; loop: if x > 1 error; x := 1 - x.  "x <= 1" at the head is 2-inductive, not 1-inductive.
struct Toggle : Fixture {
  ir::VarId x = local("x");
  ir::LocId head = loc("head"), body = loc("body");
  Toggle() {
    assign(entry, head, x, num(0));
    branch(head, cur(x) > 1, error, body);
    assign(body, head, x, 1 - cur(x));
  }
};

}  // namespace

TEST(InvariantCheck, AcceptsAnInductiveLoopInvariant) {
  BoundedLoop b(10);
  auto out = check(b.p, invariants({{b.head, b.cur(b.i) >= 0 && b.cur(b.i) <= 10}}));
  EXPECT_TRUE(out.accepted()) << out.detail;
}

TEST(InvariantCheck, RejectsANonInductiveInvariant) {
  BoundedLoop b(10);
  expectRejected(b.p, invariants({{b.head, b.cur(b.i) == 0}}), "is not inductive");
}

TEST(InvariantCheck, RejectsAnInvariantThatIsNotEstablished) {
  BoundedLoop b(10);
  expectRejected(b.p, invariants({{b.head, b.cur(b.i) >= 1 && b.cur(b.i) <= 10}}), "not initiated");
}

TEST(InvariantCheck, RejectsATooWeakInvariant) {
  BoundedLoop b(10);
  expectRejected(b.p, invariants({{b.head, b.cur(b.i) >= 0}}), "error location of main is reachable");
}

TEST(InvariantCheck, RejectsLocationsThatAreNotACutSet) {
  BoundedLoop b(10);
  expectRejected(b.p, invariants({{b.after, b.cur(b.i) == 10}}), "not a cut set");
}

TEST(InvariantCheck, RejectsAnInvariantOverAnotherProceduresVariables) {
  CallProgram c([](auto x, auto y) { return y != x + 1; });
  expectRejected(c.p, invariants({{c.afterCall, c.cur(c.a) > 0}}), "mentions inc::a");
}

TEST(InvariantCheck, ContractsSummariseCalls) {
  CallProgram c([](auto x, auto y) { return y != x + 1; });
  auto withPost = [&](z3::expr pre, z3::expr post) {
    ir::Certificate cert;
    cert.contracts.emplace(c.inc, ir::Contract{pre, post});
    return cert;
  };
  z3::expr t = c.c.bool_val(true);
  z3::expr right = c.cur(c.r) == c.p.var(c.a).old + 1;
  auto ok = check(c.p, withPost(t, right));
  EXPECT_TRUE(ok.accepted()) << ok.detail;
  // Without a contract the call may return anything.
  expectRejected(c.p, ir::Certificate{}, "error location of main is reachable");
  expectRejected(c.p, withPost(t, c.cur(c.r) == c.p.var(c.a).old + 2), "post-condition of inc fails");
  expectRejected(c.p, withPost(c.cur(c.a) > 0, right), "precondition of inc may fail");
  expectRejected(c.p, withPost(t, c.cur(c.a) == 0), "postcondition of inc mentions inc::a");
}

TEST(InvariantCheck, RecursiveProcedureWithAContract) {
  SumProgram s(3, [](auto n, auto r) { return r < n; });
  ir::Certificate cert;
  cert.contracts.emplace(s.sum, ir::Contract{s.cur(s.n) >= 0, s.cur(s.res) >= s.p.var(s.n).old});
  auto out = check(s.p, cert);
  EXPECT_TRUE(out.accepted()) << out.detail;
  // Too strong a post-condition fails in the base case (sum(0) = 0).
  ir::Certificate strong;
  strong.contracts.emplace(s.sum, ir::Contract{s.cur(s.n) >= 0, s.cur(s.res) >= s.p.var(s.n).old + 1});
  expectRejected(s.p, strong, "post-condition of sum fails");
  // Too strong a precondition fails at the recursive call (sum(0) calls nothing, sum(1) calls sum(0)).
  ir::Certificate narrow;
  narrow.contracts.emplace(s.sum, ir::Contract{s.cur(s.n) >= 1, s.cur(s.res) >= s.p.var(s.n).old});
  expectRejected(s.p, narrow, "precondition of sum may fail");
}

TEST(InvariantCheck, TwoInductionProvesWhatOneInductionCannot) {
  Toggle t;
  auto cert = invariants({{t.head, t.cur(t.x) <= 1}}, 2);
  auto out = check(t.p, cert);
  EXPECT_TRUE(out.accepted()) << out.detail;
  expectRejected(t.p, invariants({{t.head, t.cur(t.x) <= 1}}, 1), "not inductive");
  // Too weak even for 2-induction: nothing bounds x.
  expectRejected(t.p, invariants({{t.head, t.c.bool_val(true)}}, 2), "error location of main is reachable");
}

TEST(InvariantCheck, KInductionIsLimitedToSingleProcedurePrograms) {
  CallProgram c([](auto x, auto y) { return y != x + 1; });
  expectRejected(c.p, invariants({}, 2), "single-procedure");
}

TEST(InvariantCheck, MainsPreconditionMustBeValid) {
  GlobalProgram g([](auto g) { return g != 2; });
  ir::Certificate cert;
  cert.contracts.emplace(g.bump, ir::Contract{g.c.bool_val(true), g.cur(g.g) == g.p.var(g.g).old + 1});
  EXPECT_TRUE(check(g.p, cert).accepted());
  cert.contracts.emplace(g.main, ir::Contract{g.cur(g.g) > 0, g.c.bool_val(true)});
  expectRejected(g.p, cert, "must hold in every initial state");
  // Locals of main are no part of a precondition.
  MaxProgram m;
  ir::Certificate local;
  local.contracts.emplace(m.main, ir::Contract{m.cur(m.x) > 0, m.c.bool_val(true)});
  expectRejected(m.p, local, "the precondition of main mentions main::x");
}

TEST(InvariantCheck, ABlockBoundCoversEveryExecution) {
  // entry -> head (1 block), 4 iterations (4 blocks), head -> exit (1 block): 6 blocks in all.
  BoundedLoop b(4);
  ir::Certificate c = invariants({{b.head, b.c.bool_val(true)}});
  c.kind = ir::Certificate::Kind::BlockBound;
  c.bound = 6;
  auto out = check(b.p, c);
  EXPECT_TRUE(out.accepted()) << out.detail;
  c.bound = 5;
  expectRejected(b.p, c, "runs more than 5 blocks");
  // An invariant the executions break on the way is refuted, even within the bound.
  c.bound = 6;
  c.invariants.at(b.head) = b.cur(b.i) <= 2;
  expectRejected(b.p, c, "violated");
  // The error within the bound is refuted too.
  CountToBug bug(2);
  ir::Certificate reaches = invariants({{bug.head, bug.c.bool_val(true)}});
  reaches.kind = ir::Certificate::Kind::BlockBound;
  reaches.bound = 10;
  expectRejected(bug.p, reaches, "error location");
}
