// The complete-unrolling checker: the right bound is accepted, a bound that cuts off loop iterations or
// recursion, or a program with a reachable error, is rejected.
#include <gtest/gtest.h>

#include "certify/Certify.h"
#include "certify/ProgramFixtures.h"

using namespace argus;
using namespace argus::testing;

namespace {

certify::CheckOutcome checkBound(const ir::Program& p, unsigned bound) {
  ir::Certificate c;
  c.kind = ir::Certificate::Kind::CompleteUnrolling;
  c.bound = bound;
  return certify::checkCertificate(p, c, {});
}

void expectRejected(const ir::Program& p, unsigned bound, const std::string& why) {
  auto out = checkBound(p, bound);
  EXPECT_FALSE(out.accepted());
  EXPECT_NE(out.detail.find(why), std::string::npos) << out.detail;
}

}  // namespace

TEST(UnrollingCheck, AcceptsTheTripCountOfABoundedLoop) {
  BoundedLoop b(5);
  auto out = checkBound(b.p, 5);
  EXPECT_TRUE(out.accepted()) << out.detail;
  EXPECT_TRUE(checkBound(b.p, 7).accepted());
  expectRejected(b.p, 4, "can iterate more than 4 times");
}

TEST(UnrollingCheck, CountsRecursionDepth) {
  SumProgram s(3, [](auto n, auto r) { return r < n; });
  auto out = checkBound(s.p, 4);
  EXPECT_TRUE(out.accepted()) << out.detail;
  expectRejected(s.p, 3, "recursion of sum can be deeper than 3");
}

TEST(UnrollingCheck, RejectsAReachableError) {
  DoubleProgram d;
  expectRejected(d.p, 1, "an error location is reachable");
  CountToBug c(2);
  expectRejected(c.p, 2, "an error location is reachable");
}

TEST(UnrollingCheck, RejectsBoundZeroAndEndlessLoops) {
  MaxProgram m;
  expectRejected(m.p, 0, "at least 1");
  EXPECT_TRUE(checkBound(m.p, 1).accepted());
  EndlessLoop e;
  expectRejected(e.p, 3, "can iterate more than 3 times");
}

TEST(UnrollingCheck, GlobalsAndCallsAreFollowed) {
  GlobalProgram safe([](auto g) { return g != 2; });
  EXPECT_TRUE(checkBound(safe.p, 1).accepted());
  GlobalProgram unsafe([](auto g) { return g == 2; });
  expectRejected(unsafe.p, 1, "an error location is reachable");
}
