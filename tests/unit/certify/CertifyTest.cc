// certify(): results pass unchanged when their evidence holds, become UNKNOWN(evidence rejected) when
// a check refutes it, UNKNOWN(certification undecided) when a check cannot decide, and UNKNOWN(unsupported)
// when a trace ends on an unsupported edge; evidence is only ever checked on the input program. Also the
// C value texts handed to the native replay.
#include <gtest/gtest.h>

#include "certify/Certify.h"
#include "certify/Checks.h"
#include "certify/ProgramFixtures.h"

using namespace argus;
using namespace argus::testing;
using Kind = ir::TraceStep::Kind;

namespace {

struct Judge {
  Logger log{-1};
  Stats stats;
  ir::Result run(const ir::Program& p, ir::Result r, certify::CertifyOptions o = {}) {
    return certify::certify(p, std::move(r), o, log, stats);
  }
};

ir::Trace doubleTrace(const DoubleProgram& d) {
  ir::Trace t;
  t.context = d.ctx;
  for (ir::EdgeId e : {d.input, d.doubling, d.toError}) t.steps.push_back({Kind::Edge, e, {}, {}});
  return t;
}

ir::Result unrolled(const Fixture& f, unsigned bound) {
  ir::Certificate c;
  c.context = f.ctx;
  c.kind = ir::Certificate::Kind::CompleteUnrolling;
  c.bound = bound;
  return ir::Result::safe(c);
}

}  // namespace

TEST(Certify, PassesAResultWhoseTraceHolds) {
  DoubleProgram d;
  Judge j;
  ir::Result r = j.run(d.p, ir::Result::unsafe(doubleTrace(d)));
  ASSERT_EQ(r.verdict, ir::Verdict::Unsafe) << r.detail;
  EXPECT_TRUE(r.trace()->pathChecked);
  EXPECT_FALSE(r.trace()->replayed);  // not a C program: no native replay
  EXPECT_EQ(j.stats.getInt("certify.traces"), 1);
}

TEST(Certify, RejectsATamperedTrace) {
  DoubleProgram d;
  ir::Trace t = doubleTrace(d);
  std::swap(t.steps[0], t.steps[1]);
  Judge j;
  ir::Result r = j.run(d.p, ir::Result::unsafe(t));
  EXPECT_EQ(r.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(r.reason, ir::UnknownReason::EvidenceRejected);
  EXPECT_NE(r.detail.find("malformed trace"), std::string::npos) << r.detail;
  EXPECT_EQ(j.stats.getInt("certify.rejected"), 1);
  ir::Trace empty;
  empty.context = d.ctx;
  EXPECT_EQ(j.run(d.p, ir::Result::unsafe(empty)).reason, ir::UnknownReason::EvidenceRejected);
}

TEST(Certify, UnsupportedEndOfTraceGivesUnknownUnsupported) {
  UnsupportedProgram u([](auto x) { return x > 0; }, false);
  ir::Trace t;
  t.context = u.ctx;
  t.steps.push_back({Kind::Edge, u.p.loc(u.entry).out[0], {}, {}});
  t.steps.push_back({Kind::Edge, u.unsupported, {}, {}});
  Judge j;
  ir::Result r = j.run(u.p, ir::Result::unsafe(t));
  EXPECT_EQ(r.reason, ir::UnknownReason::Unsupported);
  EXPECT_EQ(r.detail, "inline assembly");
}

TEST(Certify, ChecksCertificates) {
  BoundedLoop b(4);
  Judge j;
  ir::Result ok = j.run(b.p, unrolled(b, 4));
  ASSERT_EQ(ok.verdict, ir::Verdict::Safe) << ok.detail;
  EXPECT_TRUE(ok.certificate()->checked);
  ir::Result bad = j.run(b.p, unrolled(b, 3));
  EXPECT_EQ(bad.reason, ir::UnknownReason::EvidenceRejected);
  EXPECT_NE(bad.detail.find("certificate: bound 3"), std::string::npos) << bad.detail;
  ir::Result missing;
  missing.verdict = ir::Verdict::Safe;  // no certificate at all
  EXPECT_EQ(j.run(b.p, missing).reason, ir::UnknownReason::EvidenceRejected);
}

TEST(Certify, ChecksTheEvidenceOnTheInputProgramOnly) {
  // A trace of another program means nothing in the input: edge ids that name other edges, or none.
  MaxProgram input;
  DoubleProgram other;
  Judge j;
  EXPECT_EQ(j.run(other.p, ir::Result::unsafe(doubleTrace(other))).verdict, ir::Verdict::Unsafe);
  EXPECT_EQ(j.run(input.p, ir::Result::unsafe(doubleTrace(other))).reason, ir::UnknownReason::EvidenceRejected);
}

TEST(Certify, WhatTheCheckerCannotDecideIsUndecidedNotRejected) {
  // k-induction with k > 1 is checked on single-procedure programs only: on a program with calls the
  // certificate is neither accepted nor refuted.
  CallProgram call([](auto x, auto y) { return y != x + 1; });
  ir::Certificate c;
  c.context = call.ctx;
  c.k = 2;
  Judge j;
  ir::Result r = j.run(call.p, ir::Result::safe(c));
  EXPECT_EQ(r.reason, ir::UnknownReason::Undecided) << r.detail;
  EXPECT_NE(r.detail.find("single-procedure"), std::string::npos) << r.detail;
  EXPECT_EQ(j.stats.getInt("certify.undecided"), 1);
  EXPECT_EQ(j.stats.getInt("certify.rejected"), 0);
  c.k = 1;  // with k = 1 the same (empty) certificate is decided: inc's missing contract is too weak
  EXPECT_EQ(j.run(call.p, ir::Result::safe(c)).reason, ir::UnknownReason::EvidenceRejected);
}

TEST(Certify, AProgramThatContinuesAfterAnExitIsNotJudged) {
  BoundedLoop b(2);
  b.assume(b.exit, b.error, b.c.bool_val(true));  // past the exit the error is reachable
  Judge j;
  ir::Result r = j.run(b.p, unrolled(b, 2));
  EXPECT_EQ(r.reason, ir::UnknownReason::Undecided) << r.detail;
  EXPECT_NE(r.detail.find("exit"), std::string::npos) << r.detail;
}

TEST(Certify, CProgramsNeedAReplayThatReachesTheError) {
  DoubleProgram d;
  d.p.origin().language = ir::Language::C;
  d.p.origin().file = "/nonexistent/argus-certify-test.c";
  Judge j;
  // A C file that does not exist cannot be built: the replay decides nothing, and nothing is printed.
  ir::Result replayed = j.run(d.p, ir::Result::unsafe(doubleTrace(d)));
  EXPECT_EQ(replayed.reason, ir::UnknownReason::Undecided);
  EXPECT_NE(replayed.detail.find("native replay"), std::string::npos) << replayed.detail;
  certify::CertifyOptions noReplay;
  noReplay.nativeReplay = false;
  EXPECT_EQ(j.run(d.p, ir::Result::unsafe(doubleTrace(d)), noReplay).verdict, ir::Verdict::Unsafe);
}

TEST(Certify, CValueTextsFollowTheCType) {
  z3::context c;
  ir::ValueType u8{8, false, "unsigned char"}, s8{8, true, "signed char"}, u32{32, false, "unsigned int"};
  EXPECT_EQ(certify::cValueText(c.int_val(-1), u8), "255");
  EXPECT_EQ(certify::cValueText(c.int_val(-1), s8), "-1");
  EXPECT_EQ(certify::cValueText(c.int_val(-2), u32), "4294967294");
  EXPECT_EQ(certify::cValueText(c.int_val(17), s8), "17");
  EXPECT_EQ(certify::cValueText(c.bv_val(255, 8), s8), "-1");
  EXPECT_EQ(certify::cValueText(c.bv_val(255, 8), u8), "255");
  EXPECT_EQ(certify::cValueText(c.bool_val(true), {}), "1");
  EXPECT_EQ(certify::cValueText(c.int_val(-7), {}), "-7");
}
