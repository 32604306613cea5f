// The unrolling checkers. Complete unrolling: the right bound is accepted, a bound that cuts off loop
// iterations or recursion, or a program with a reachable error, is rejected. Inlining tree: inlining the
// sites that matter is accepted; an open site is rejected when its havocked results or globals reach an
// error, or when an error is reachable from its location; malformed sites are rejected.
#include <gtest/gtest.h>

#include <set>
#include <vector>

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

using Sites = std::set<ir::UnrollingNode>;
using Stack = decltype(ir::UnrollingNode::stack);

certify::CheckOutcome checkTree(const ir::Program& p, Sites sites) {
  ir::Certificate c;
  c.kind = ir::Certificate::Kind::InliningTree;
  c.inlinedSites = std::move(sites);
  return certify::checkCertificate(p, c, {});
}

void expectTreeAccepted(const ir::Program& p, Sites sites) {
  auto out = checkTree(p, std::move(sites));
  EXPECT_TRUE(out.accepted()) << out.detail;
}

void expectTreeRefuted(const ir::Program& p, Sites sites, const std::string& why) {
  auto out = checkTree(p, std::move(sites));
  EXPECT_TRUE(out.refuted()) << certify::toString(out.status) << ": " << out.detail;
  EXPECT_NE(out.detail.find(why), std::string::npos) << out.detail;
}

/// The entry of `proc` in the activation the calls of `stack` lead to (outside every loop).
ir::UnrollingNode entryNode(const ir::Program& p, ir::ProcId proc, Stack stack) {
  return ir::UnrollingNode{std::move(stack), p.proc(proc).entry, {}};
}

/// The loop head `head` (of a single, unnested loop) after `k` back edges.
ir::UnrollingNode headNode(ir::LocId head, unsigned k, Stack stack = {}) {
  return ir::UnrollingNode{std::move(stack), head, {{head, k}}};
}

/// g() { i := 0; while (i < 3) i := i + 1; r := i; return r }; main: y := g(); error if y != 3.  Safe; the
/// error needs g's result, which only the loop's iterations fix.
struct LoopInCallee : Fixture {
  ir::ProcId g;
  ir::VarId i, r, y;
  ir::LocId head;
  ir::EdgeId call;
  LoopInCallee() {
    g = p.addProcedureWithFrame("g");
    r = local(g, "r", ir::VarRole::Result);
    i = local(g, "i");
    head = loc("head", g);
    ir::LocId body = loc("body", g), after = loc("after", g);
    assign(p.proc(g).entry, head, i, num(0));
    assume(head, body, cur(i) < 3);
    assign(body, head, i, cur(i) + 1);
    assume(head, after, cur(i) >= 3);
    assign(after, p.proc(g).exit, r, cur(i));
    y = local("y");
    ir::LocId l1 = loc("l1");
    call = p.addCall(entry, l1, g, {}, {y});
    branch(l1, cur(y) != 3, error, exit);
  }
};

/// Global v; spin() { j := 0; loop: j := j + 1, or leave }; main: x := 0; v := 0; spin(); error if
/// `bad(x, v)`.  spin's loop writes neither x nor v, and spin has no error.
struct LoopThatDoesNotMatter : Fixture {
  ir::ProcId spin;
  ir::VarId v, j, x;
  ir::LocId head;
  ir::EdgeId call;
  template <typename Bad>
  explicit LoopThatDoesNotMatter(Bad bad) {
    v = p.addGlobal("v", c.int_sort(), "v");
    spin = p.addProcedureWithFrame("spin");
    j = local(spin, "j");
    head = loc("head", spin);
    assign(p.proc(spin).entry, head, j, num(0));
    assign(head, head, j, cur(j) + 1);
    assume(head, p.proc(spin).exit, c.bool_val(true));
    x = local("x");
    ir::LocId l1 = loc("l1"), l2 = loc("l2"), l3 = loc("l3");
    assign(entry, l1, x, num(0));
    assign(l1, l2, v, num(0));
    call = p.addCall(l2, l3, spin, {}, {});
    branch(l3, bad(cur(x), cur(v)), error, exit);
  }
};

/// x := 0; if (x != 0) error; loop forever: x := x + 1.  The error lies before the loop: not reachable
/// from its head.
struct ErrorBeforeLoop : Fixture {
  ir::VarId x = local("x");
  ir::LocId head = loc("head");
  ErrorBeforeLoop() {
    ir::LocId l1 = loc("l1");
    assign(entry, l1, x, num(0));
    assume(l1, error, cur(x) != 0);
    assume(l1, head, cur(x) == 0);
    assign(head, head, x, cur(x) + 1);
  }
};

/// f(a) { if (a < 0) error }; main: x := nondet; assume x > 0; f(x).  f's error needs a negative argument.
struct GuardedErrorInCallee : Fixture {
  ir::ProcId f;
  ir::VarId a, x;
  ir::EdgeId call;
  GuardedErrorInCallee() {
    f = p.addProcedureWithFrame("f");
    a = local(f, "a", ir::VarRole::Param);
    branch(p.proc(f).entry, cur(a) < 0, p.proc(f).error, p.proc(f).exit);
    x = local("x");
    ir::LocId l1 = loc("l1"), l2 = loc("l2"), l3 = loc("l3");
    nondet(entry, l1, x);
    assume(l1, l2, cur(x) > 0);
    call = p.addCall(l2, l3, f, {cur(x)}, {});
    assume(l3, exit, c.bool_val(true));
  }
};

/// The call edges of `s`: main's call of sum, and sum's recursive call.
std::pair<ir::EdgeId, ir::EdgeId> sumCalls(const SumProgram& s) {
  ir::EdgeId outer = ir::kNone, inner = ir::kNone;
  for (const ir::Edge& e : s.p.edges())
    if (e.isCall()) (e.proc == s.main ? outer : inner) = e.id;
  return {outer, inner};
}

}  // namespace

TEST(UnrollingCheck, JudgesNoProgramThatBreaksTheIrRules) {
  // x := s; y := s; error if x != y, with s a constant that neither edge lists as its own (an input a
  // front end forgot to declare). Read as one value for the whole run, the program is safe; as a fresh
  // input on each edge (what it stands for) the error is reachable. certify judges neither reading.
  Fixture f;
  ir::VarId x = f.local("x"), y = f.local("y");
  ir::LocId l1 = f.loc("l1"), l2 = f.loc("l2");
  z3::expr stray = f.c.int_const("s");
  f.assign(f.entry, l1, x, stray);
  f.assign(l1, l2, y, stray);
  f.branch(l2, f.cur(x) != f.cur(y), f.error, f.exit);
  auto out = checkBound(f.p, 4);
  EXPECT_FALSE(out.accepted());
  EXPECT_FALSE(out.refuted());
  EXPECT_NE(out.detail.find("breaks the IR's rules"), std::string::npos) << out.detail;
  EXPECT_NE(out.detail.find("mentions s"), std::string::npos) << out.detail;
}

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

TEST(InliningTreeCheck, AnInlinedCallIsAcceptedAnOpenOneHavocsItsResult) {
  CallProgram prog([](auto x, auto y) { return y != x + 1; });
  ir::UnrollingNode inc = entryNode(prog.p, prog.inc, {{prog.call, {}}});
  expectTreeAccepted(prog.p, {inc});
  // Open, inc's result is arbitrary: y != x + 1 is possible.
  expectTreeRefuted(prog.p, {}, "an error location is reachable in the inlining tree");
  // The root is no site, and nodes that are no sites are ignored.
  expectTreeRefuted(prog.p, {entryNode(prog.p, prog.main, {}), ir::UnrollingNode{{}, prog.exit, {}}},
                    "an error location is reachable");
  // A site in another calling context is another node.
  expectTreeRefuted(prog.p, {entryNode(prog.p, prog.inc, {{prog.call, {{prog.entry, 0}}}})},
                    "an error location is reachable");
}

TEST(InliningTreeCheck, AnOpenSiteMayReachTheErrorsOfItsCallee) {
  GuardedErrorInCallee prog;
  expectTreeRefuted(prog.p, {}, "the open site at f::entry may reach an error");
  // Inlined, f's error needs a < 0, which the positive argument excludes.
  expectTreeAccepted(prog.p, {entryNode(prog.p, prog.f, {{prog.call, {}}})});
}

TEST(InliningTreeCheck, OpenLoopHeadsHavocTheResultsAtTheirActivationsExit) {
  LoopInCallee prog;
  Stack inG{{prog.call, {}}};
  ir::UnrollingNode g = entryNode(prog.p, prog.g, inG);
  // All four visits of the head inlined (the fifth is unreachable: open, but never taken).
  expectTreeAccepted(prog.p, {g, headNode(prog.head, 0, inG), headNode(prog.head, 1, inG),
                              headNode(prog.head, 2, inG), headNode(prog.head, 3, inG)});
  // The fourth visit open: g returns an arbitrary r.
  expectTreeRefuted(prog.p, {g, headNode(prog.head, 0, inG), headNode(prog.head, 1, inG), headNode(prog.head, 2, inG)},
                    "an error location is reachable in the inlining tree");
  expectTreeRefuted(prog.p, {g}, "an error location is reachable");
  // Counters of main's activation name other nodes.
  expectTreeRefuted(prog.p, {g, headNode(prog.head, 0), headNode(prog.head, 1), headNode(prog.head, 2),
                             headNode(prog.head, 3)},
                    "an error location is reachable");
}

TEST(InliningTreeCheck, AnOpenLoopKeepsTheCallersLocalsButNotTheGlobals) {
  LoopThatDoesNotMatter local([](auto x, auto v) { return x != 0; });
  ir::UnrollingNode spin = entryNode(local.p, local.spin, {{local.call, {}}});
  expectTreeAccepted(local.p, {});
  expectTreeAccepted(local.p, {spin});
  expectTreeAccepted(local.p, {spin, headNode(local.head, 0, {{local.call, {}}})});
  // spin's loop does not write v, but an open site over-approximates: every global is arbitrary.
  LoopThatDoesNotMatter global([](auto x, auto v) { return v != 0; });
  expectTreeRefuted(global.p, {}, "an error location is reachable");
  expectTreeRefuted(global.p, {entryNode(global.p, global.spin, {{global.call, {}}})},
                    "an error location is reachable");
}

TEST(InliningTreeCheck, AnOpenLoopHeadIsBadOnlyIfAnErrorIsReachableFromIt) {
  ErrorBeforeLoop before;
  expectTreeAccepted(before.p, {});
  expectTreeAccepted(before.p, {headNode(before.head, 0), headNode(before.head, 1)});
  // The error in the loop: whatever is inlined, the last open head may reach it.
  EndlessLoop inside;
  expectTreeRefuted(inside.p, {}, "the open site at main::head may reach an error");
  expectTreeRefuted(inside.p, {headNode(inside.head, 0), headNode(inside.head, 1), headNode(inside.head, 2)},
                    "the open site at main::head may reach an error");
}

TEST(InliningTreeCheck, ReachabilityOfAnErrorFollowsCallsInAndOut) {
  // main: loop: f(1), where f(a) { if (a < 0) error }: an open head may reach f's error through the call.
  {
    Fixture prog;
    ir::ProcId f = prog.p.addProcedureWithFrame("f");
    ir::VarId a = prog.local(f, "a", ir::VarRole::Param);
    prog.branch(prog.p.proc(f).entry, prog.cur(a) < 0, prog.p.proc(f).error, prog.p.proc(f).exit);
    ir::LocId head = prog.loc("head"), back = prog.loc("back");
    prog.assume(prog.entry, head, prog.c.bool_val(true));
    ir::EdgeId call = prog.p.addCall(head, back, f, {prog.num(1)}, {});
    prog.assume(back, head, prog.c.bool_val(true));
    expectTreeRefuted(prog.p, {}, "the open site at main::head may reach an error");
    // Inlined, f(1) cannot reach its error; the next head, open, still may.
    expectTreeRefuted(prog.p, {headNode(head, 0), entryNode(prog.p, f, {{call, {{head, 0}}}})},
                      "the open site at main::head may reach an error");
  }
  // main: x := 0; loop: nop(); if (x != 0) error: an open head may reach the error after the call returns.
  {
    Fixture prog;
    ir::ProcId nop = prog.p.addProcedureWithFrame("nop");
    prog.assume(prog.p.proc(nop).entry, prog.p.proc(nop).exit, prog.c.bool_val(true));
    ir::VarId x = prog.local("x");
    ir::LocId head = prog.loc("head"), back = prog.loc("back");
    prog.assign(prog.entry, head, x, prog.num(0));
    ir::EdgeId call = prog.p.addCall(head, back, nop, {}, {});
    prog.assume(back, prog.error, prog.cur(x) != 0);
    prog.assume(back, head, prog.cur(x) == 0);
    expectTreeRefuted(prog.p, {}, "the open site at main::head may reach an error");
    expectTreeRefuted(prog.p, {headNode(head, 0), entryNode(prog.p, nop, {{call, {{head, 0}}}})},
                      "the open site at main::head may reach an error");
  }
}

TEST(InliningTreeCheck, RecursionIsInlinedPerActivation) {
  SumProgram s(3, [](auto n, auto r) { return r < n; });
  auto [outer, inner] = sumCalls(s);
  std::vector<ir::UnrollingNode> activations;  // sum(n) for n = 3 (depth 1) .. n = 0 (depth 4)
  Stack stack{{outer, {}}};
  for (int depth = 1; depth <= 4; ++depth) {
    activations.push_back(entryNode(s.p, s.sum, stack));
    stack.push_back({inner, {}});
  }
  expectTreeAccepted(s.p, Sites(activations.begin(), activations.end()));
  // The deepest activation open: sum(0) returns anything, so sum(1) may return less than 1.
  expectTreeRefuted(s.p, Sites(activations.begin(), activations.end() - 1), "an error location is reachable");
}

TEST(InliningTreeCheck, RefutesSitesThatNameNoLocationOfTheProgram) {
  CallProgram prog([](auto x, auto y) { return y != x + 1; });
  ir::UnrollingNode inc = entryNode(prog.p, prog.inc, {{prog.call, {}}});
  ir::LocId noLoc = static_cast<ir::LocId>(prog.p.numLocs() + 7);
  ir::EdgeId noEdge = static_cast<ir::EdgeId>(prog.p.numEdges() + 7);
  expectTreeRefuted(prog.p, {inc, ir::UnrollingNode{{}, noLoc, {}}}, "names no location of the program");
  expectTreeRefuted(prog.p, {inc, ir::UnrollingNode{{{noEdge, {}}}, prog.p.proc(prog.inc).entry, {}}},
                    "names no location of the program");
  expectTreeRefuted(prog.p, {inc, ir::UnrollingNode{{}, prog.entry, {{noLoc, 0}}}}, "names no location of the program");
  expectTreeRefuted(prog.p, {inc, ir::UnrollingNode{{{prog.call, {{noLoc, 1}}}}, prog.p.proc(prog.inc).entry, {}}},
                    "names no location of the program");
}
