// Fault injection: the transforms the engines run on are broken on purpose (a wrong binding when
// inlining, a dropped edge in the large-block encoding, an invariant weakened after back-translation),
// and certify — which only sees the input program — must refuse the resulting evidence, while it accepts
// the evidence of the intact transforms. This is what makes the judge independent of the engines' code:
// a bug in a transform can cost a proof, never produce a certified wrong answer.
#include <gtest/gtest.h>

#include "CpaEngineTestSupport.h"
#include "analysis/cpa/Preparation.h"
#include "certify/Certify.h"
#include "testing/SmallPrograms.h"
#include "transforms/BlockEncoding.h"
#include "transforms/Inline.h"

using namespace argus;
using namespace argus::testing;

namespace {

const std::vector<std::string> kEngines{"kind", "predabs", "impact"};

/// inc(a) returns a + 1.  main: i := 0; while (i < 10) i := inc(i); error if i == bad.
/// Unsafe for bad = 10, safe for bad = 11.
std::unique_ptr<Program> loopOfCalls(int bad) {
  auto p = newMain();
  z3::context& c = p->ctx();
  ProcId inc = addInc(*p);
  VarId i = intVar(*p, "i");
  LocId head = p->addLocation(0, "head"), body = p->addLocation(0, "body"), done = p->addLocation(0, "done");
  addAssign(*p, entryOf(*p), head, {{i, c.int_val(0)}});
  addAssume(*p, head, body, p->var(i).cur < 10);
  p->addCall(body, head, inc, {p->var(i).cur}, {i});
  addAssume(*p, head, done, p->var(i).cur >= 10);
  addAssume(*p, done, errorOf(*p), p->var(i).cur == bad);
  addAssume(*p, done, exitOf(*p), p->var(i).cur != bad);
  return p;
}

/// What certify says about `r`'s evidence on `input` (the result must be decided).
certify::CheckOutcome judge(const Program& input, const ir::Result& r) {
  if (r.verdict == Verdict::Safe) {
    ir::Certificate c = *r.certificate();
    return certify::checkCertificate(input, c, {});
  }
  EXPECT_EQ(r.verdict, Verdict::Unsafe) << r.detail;
  if (!r.trace()) return certify::CheckOutcome::refute("no trace");
  ir::Trace t = *r.trace();
  return certify::checkTrace(input, t, {});
}

/// The inlined program of `input`, with the parameter of the first call bound to `argument` instead.
transforms::InlineResult inlineWithWrongBinding(const Program& input, int argument) {
  transforms::InlineResult inlined = transforms::inlineAll(input);
  Program& q = *inlined.program;
  for (EdgeId e = 0; e < q.numEdges(); ++e) {
    if (inlined.glue[e].kind != transforms::InlineGlue::Kind::Call) continue;
    const Edge& call = input.edge(inlined.glue[e].call);
    VarId param = input.proc(call.callee).params.at(0);
    q.mutableEdge(e).formula = q.var(param).next == q.ctx().int_val(argument);
    break;
  }
  return inlined;
}

}  // namespace

TEST(FaultInjection, IntactInliningGivesEvidenceCertifyAccepts) {
  for (auto& engine : kEngines)
    for (int bad : {10, 11}) {
      auto p = loopOfCalls(bad);
      transforms::InlineResult inlined = transforms::inlineAll(*p);
      EngineHarness h(engine, {});
      ir::Result r = h.run(*inlined.program);  // one procedure: the engine's evidence is about it
      ASSERT_EQ(r.verdict, bad == 10 ? Verdict::Unsafe : Verdict::Safe) << engine << ": " << r.detail;
      transforms::InlineBackTranslator back(inlined);
      if (auto* c = r.certificate()) *c = back.certificate(*c);
      if (auto* t = r.trace()) r.evidence = *back.trace(*t, {});
      auto out = judge(*p, r);
      EXPECT_TRUE(out.accepted()) << engine << ", bad = " << bad << ": " << out.detail;
    }
}

TEST(FaultInjection, AWrongBindingWhenInliningIsCaught) {
  // Binding inc's parameter to 20 makes the first call return 21: the loop ends at once with i = 21.
  // With the error at i == 10 the broken program looks safe and the engines prove it; with the error at
  // i == 21 it looks unsafe and they find a trace that the input does not have. certify, which unfolds
  // the calls itself, refutes both kinds of evidence on the input.
  for (auto& engine : kEngines)
    for (int bad : {10, 21}) {
      auto p = loopOfCalls(bad);
      transforms::InlineResult broken = inlineWithWrongBinding(*p, 20);
      transforms::InlineBackTranslator back(broken);
      EngineHarness h(engine, {});
      ir::Result r = h.run(*broken.program);
      ASSERT_EQ(r.verdict, bad == 10 ? Verdict::Safe : Verdict::Unsafe) << engine << ": " << r.detail;
      if (auto* c = r.certificate()) *c = back.certificate(*c);
      if (auto* t = r.trace()) r.evidence = *back.trace(*t, {});
      auto out = judge(*p, r);
      EXPECT_TRUE(out.refuted()) << engine << ", bad = " << bad << ": " << out.detail;
    }
}

TEST(FaultInjection, ADroppedEdgeInTheLargeBlockEncodingIsCaught) {
  // countUp(2) is unsafe (n odd); with the encoded edges into the error location dropped, predabs proves
  // the encoding safe. Mapped back through the intact location map, the certificate is refuted.
  auto p = countUp(2);
  transforms::BlockEncodingOptions options;
  options.kind = transforms::BlockEncoding::Lbe;
  transforms::BlockBackTranslator intact(*p, transforms::encodeBlocks(*p, options));
  auto broken = std::make_shared<Program>(intact.encoded().program->translate(p->sharedCtx()));
  int dropped = 0;
  for (EdgeId e = 0; e < broken->numEdges(); ++e)
    if (broken->isErrorLoc(broken->edge(e).to)) broken->mutableEdge(e).formula = broken->ctx().bool_val(false), ++dropped;
  ASSERT_GE(dropped, 1);
  for (auto& engine : kEngines) {
    EngineHarness h(engine, {});
    ir::Result r = h.run(*broken);
    ASSERT_EQ(r.verdict, Verdict::Safe) << engine << ": " << r.detail;
    *r.certificate() = intact.certificate(*r.certificate());
    auto out = judge(*p, r);
    EXPECT_TRUE(out.refuted()) << engine << ": " << out.detail;
  }
  // The intact encoding: the bug is found, and its trace expands onto the input.
  EngineHarness h("predabs", {});
  ir::Result r = h.run(*intact.encoded().program);
  ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.detail;
  auto expanded = intact.trace(*r.trace(), h.context.solverConfig("test"));
  ASSERT_TRUE(expanded);
  r.evidence = *expanded;
  EXPECT_TRUE(judge(*p, r).accepted());
}

TEST(FaultInjection, AWeakenedInvariantAfterBackTranslationIsCaught) {
  int tamperedEngines = 0;
  for (auto& engine : kEngines) {
    auto p = loopOfCalls(11);
    EngineHarness h(engine, {});
    ir::Result r = h.run(*p);  // the engine inlines and translates back itself
    ASSERT_EQ(r.verdict, Verdict::Safe) << engine << ": " << r.detail;
    ASSERT_TRUE(judge(*p, r).accepted()) << engine;
    const ir::Certificate& original = *r.certificate();
    // kind may prove by complete unrolling, or 2-inductively, where the loop needs no invariant at all.
    if (original.kind != ir::Certificate::Kind::Invariants || original.k != 1) continue;
    ASSERT_EQ(original.form, ir::Certificate::Form::Inlined) << engine;
    int weakened = 0;
    for (auto& [at, formula] : original.inlined) {
      if (p->loc(at.loc).name != "head") continue;
      ir::Result tampered = r;
      tampered.certificate()->inlined.at(at) = p->ctx().bool_val(true);
      auto out = judge(*p, tampered);
      EXPECT_TRUE(out.refuted()) << engine << ": " << out.detail;
      ++weakened;
    }
    EXPECT_GE(weakened, 1) << engine << ": no invariant at the loop head";
    ++tamperedEngines;
  }
  EXPECT_GE(tamperedEngines, 2);  // predabs and impact always give 1-inductive invariants
}
