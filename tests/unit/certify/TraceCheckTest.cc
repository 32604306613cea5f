// The trace checker: correct traces are accepted with values, inputs and initial state filled in from
// its own model; tampered ones (wrong order, infeasible, unmatched returns, wrong end) are rejected with
// a detail that says why; a trace ending on an unsupported edge is reported as such.
#include <gtest/gtest.h>

#include "certify/Certify.h"
#include "certify/ProgramFixtures.h"

using namespace argus;
using namespace argus::testing;
using Kind = ir::TraceStep::Kind;

namespace {

ir::Trace traceOf(std::initializer_list<std::pair<Kind, ir::EdgeId>> steps) {
  ir::Trace t;
  for (auto [k, e] : steps) {
    ir::TraceStep s;
    s.kind = k;
    s.edge = e;
    t.steps.push_back(s);
  }
  return t;
}

certify::CheckOutcome check(const ir::Program& p, ir::Trace& t) { return certify::checkTrace(p, t, {}); }

void expectRejected(const ir::Program& p, ir::Trace t, const std::string& why) {
  auto out = check(p, t);
  EXPECT_FALSE(out.accepted());
  EXPECT_NE(out.detail.find(why), std::string::npos) << out.detail;
  EXPECT_FALSE(t.pathChecked);
}

ir::EdgeId edgeBetween(const ir::Program& p, ir::LocId from, ir::LocId to) {
  for (ir::EdgeId e : p.loc(from).out)
    if (p.edge(e).to == to) return e;
  ADD_FAILURE() << "no such edge";
  return ir::kNone;
}

}  // namespace

TEST(TraceCheck, AcceptsAFeasibleTraceAndFillsValuesAndInputs) {
  DoubleProgram d;
  ir::Trace t = traceOf({{Kind::Edge, d.input}, {Kind::Edge, d.doubling}, {Kind::Edge, d.toError}});
  auto out = check(d.p, t);
  ASSERT_TRUE(out.accepted()) << out.detail;
  EXPECT_TRUE(t.pathChecked);
  ASSERT_EQ(t.steps[0].inputs.size(), 1u);
  EXPECT_EQ(t.steps[0].inputs[0].get_numeral_int64(), 5);
  ASSERT_EQ(t.steps[1].values.size(), 1u);
  EXPECT_EQ(t.steps[1].values[0].first, d.y);
  EXPECT_EQ(t.steps[1].values[0].second.get_numeral_int64(), 10);
}

TEST(TraceCheck, ReportsTheInitialValuesThePathReads) {
  Fixture f;
  ir::VarId x = f.local("x"), y = f.local("y");
  ir::LocId l1 = f.loc("l1");
  ir::EdgeId e0 = f.assign(f.entry, l1, y, f.cur(x) + 1);
  ir::EdgeId e1 = f.assume(l1, f.error, f.cur(y) == 3);
  ir::Trace t = traceOf({{Kind::Edge, e0}, {Kind::Edge, e1}});
  ASSERT_TRUE(check(f.p, t).accepted());
  ASSERT_EQ(t.initial.size(), 1u);
  EXPECT_EQ(t.initial[0].first, x);
  EXPECT_EQ(t.initial[0].second.get_numeral_int64(), 2);
}

TEST(TraceCheck, RejectsStepsInTheWrongOrder) {
  DoubleProgram d;
  expectRejected(d.p, traceOf({{Kind::Edge, d.doubling}, {Kind::Edge, d.input}, {Kind::Edge, d.toError}}),
                 "does not leave the current location");
}

TEST(TraceCheck, RejectsAnInfeasiblePathNamingTheStep) {
  BoundedLoop b(3);
  // Leaving the loop at once contradicts i = 0 < 3.
  expectRejected(b.p, traceOf({{Kind::Edge, b.init}, {Kind::Edge, b.leave}, {Kind::Edge, b.toError}}),
                 "infeasible trace: step 1");
}

TEST(TraceCheck, RejectsATraceThatDoesNotEndAtAnError) {
  DoubleProgram d;
  expectRejected(d.p, traceOf({{Kind::Edge, d.input}, {Kind::Edge, d.doubling}, {Kind::Edge, d.toExit}}),
                 "not at an error location");
  expectRejected(d.p, ir::Trace{}, "no steps");
}

TEST(TraceCheck, MatchesCallsAndReturns) {
  CallProgram c([](auto, auto y) { return y == 7; });
  ir::EdgeId input = c.p.loc(c.entry).out[0];
  ir::EdgeId body = c.p.loc(c.p.proc(c.inc).entry).out[0];
  ir::EdgeId bad = edgeBetween(c.p, c.afterCall, c.error);
  ir::Trace good = traceOf({{Kind::Edge, input}, {Kind::Call, c.call}, {Kind::Edge, body}, {Kind::Return, c.call},
                            {Kind::Edge, bad}});
  auto out = check(c.p, good);
  ASSERT_TRUE(out.accepted()) << out.detail;
  EXPECT_EQ(good.steps[0].inputs[0].get_numeral_int64(), 6);
  ASSERT_EQ(good.steps[3].values.size(), 1u);  // the result; no global changed
  EXPECT_EQ(good.steps[3].values[0].second.get_numeral_int64(), 7);

  expectRejected(c.p, traceOf({{Kind::Edge, input}, {Kind::Return, c.call}, {Kind::Edge, bad}}),
                 "return without a call");
  expectRejected(c.p, traceOf({{Kind::Edge, input}, {Kind::Call, c.call}, {Kind::Return, c.call}, {Kind::Edge, bad}}),
                 "return before the callee reached its exit");
  expectRejected(c.p, traceOf({{Kind::Edge, input}, {Kind::Edge, c.call}}), "step kind does not match");
}

TEST(TraceCheck, ReportsATraceEndingOnAnUnsupportedEdge) {
  UnsupportedProgram u([](auto x) { return x > 0; }, false);
  ir::Trace t = traceOf({{Kind::Edge, u.p.loc(u.entry).out[0]}, {Kind::Edge, u.unsupported}});
  auto out = check(u.p, t);
  EXPECT_FALSE(out.accepted());
  EXPECT_NE(out.detail.find("unsupported edge: inline assembly"), std::string::npos) << out.detail;
  EXPECT_TRUE(t.pathChecked);  // the path itself is feasible
}

namespace {

/// unsigned i := 0; while (i < 3n) i := (i + 3) mod 2^32; error if i == 3n; and its path through n iterations
/// of the loop, or through `iterations` of them.
struct WrappingLoop : Fixture {
  ir::VarId i = local("i");
  ir::LocId head = loc("head"), body = loc("body"), after = loc("after");
  ir::EdgeId init, enter, leave, increment, toError;
  explicit WrappingLoop(int n) {
    init = assign(entry, head, i, num(0));
    enter = assume(head, body, cur(i) < 3 * n);
    leave = assume(head, after, !(cur(i) < 3 * n));
    increment = assign(body, head, i, z3::mod(cur(i) + 3, c.int_val(int64_t{1} << 32)));
    toError = assume(after, error, cur(i) == 3 * n);
  }
  ir::Trace pathThrough(int iterations) const {
    ir::Trace t = traceOf({{Kind::Edge, init}});
    for (int k = 0; k < iterations; ++k)
      for (ir::EdgeId e : {enter, increment}) t.steps.push_back(traceOf({{Kind::Edge, e}}).steps[0]);
    for (ir::EdgeId e : {leave, toError}) t.steps.push_back(traceOf({{Kind::Edge, e}}).steps[0]);
    return t;
  }
};

}  // namespace

// A long deterministic path over wrapping arithmetic (700 iterations; the solver takes more than a minute on
// such a chain of mod terms, loop-acceleration/const_1-2) is decided by running it: each value computed from
// the ones before, then every step's constraint evaluated. A path the run contradicts goes to the solver,
// which names the step (on a short loop, which it decides).
TEST(TraceCheck, ALongDeterministicPathIsDecidedByRunningIt) {
  WrappingLoop loop(700);
  ir::Trace t = loop.pathThrough(700);
  auto out = check(loop.p, t);
  ASSERT_TRUE(out.accepted()) << out.detail;
  EXPECT_NE(out.detail.find("by running it"), std::string::npos) << out.detail;
  EXPECT_TRUE(t.pathChecked);
  ASSERT_EQ(t.steps[2].values.size(), 1u);
  EXPECT_EQ(t.steps[2].values[0].second.get_numeral_int64(), 3);
  ASSERT_EQ(t.steps[2 * 700].values.size(), 1u);
  EXPECT_EQ(t.steps[2 * 700].values[0].second.get_numeral_int64(), 2100);

  WrappingLoop shortLoop(4);
  ir::Trace early = shortLoop.pathThrough(3);  // leaves the loop at i = 9 < 12, and 9 is not 12 either
  expectRejected(shortLoop.p, early, "infeasible trace: step");
  ir::Trace exact = shortLoop.pathThrough(4);
  EXPECT_TRUE(check(shortLoop.p, exact).accepted());
}
