// Inlining: the result has one procedure and no calls, validates, and has the same feasible paths to
// exit and error as the original (checked by enumerating the loop-free paths of small programs).
#include <gtest/gtest.h>

#include <map>

#include "ir/Builder.h"
#include "ir/Instantiate.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "transforms/Inline.h"
#include "testing/SmallPrograms.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::ir;
using argus::testing::feasiblePathTo;

namespace {

/// main: x := inc(x0); x := inc(x); if (x != x0 + 2) error. inc(a) { t := a; r := t + 1 }.
/// `bug` makes inc add 2 once the global g is set; main sets g between the calls.
std::unique_ptr<Program> twoCalls(bool bug) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  VarId g = p->addGlobal("g", c.int_sort());
  ProcId inc = p->addProcedureWithFrame("inc");
  VarId a = p->addVariable(inc, VarRole::Param, "inc::a", c.int_sort());
  VarId r = p->addVariable(inc, VarRole::Result, "inc::r", c.int_sort());
  VarId t = p->addVariable(inc, VarRole::Local, "inc::t", c.int_sort());
  LocId mid = p->addLocation(inc, "mid");
  addAssign(*p, p->proc(inc).entry, mid, {{t, p->var(a).cur}});
  z3::expr step = bug ? z3::ite(p->var(g).cur == 1, c.int_val(2), c.int_val(1)) : c.int_val(1);
  addAssign(*p, mid, p->proc(inc).exit, {{r, p->var(t).cur + step}});
  ProcId m = p->addProcedureWithFrame("main");
  VarId x0 = p->addVariable(m, VarRole::Local, "main::x0", c.int_sort());
  VarId x = p->addVariable(m, VarRole::Local, "main::x", c.int_sort());
  LocId l0 = p->addLocation(m, "l0"), l1 = p->addLocation(m, "l1"), l2 = p->addLocation(m, "l2"),
        l3 = p->addLocation(m, "l3");
  addAssign(*p, p->proc(m).entry, l0, {{g, c.int_val(0)}});
  p->addCall(l0, l1, inc, {p->var(x0).cur}, {x});
  addAssign(*p, l1, l2, {{g, c.int_val(1)}});
  p->addCall(l2, l3, inc, {p->var(x).cur}, {x});
  addAssume(*p, l3, p->proc(m).error, p->var(x).cur != p->var(x0).cur + 2);
  addAssume(*p, l3, p->proc(m).exit, p->var(x).cur == p->var(x0).cur + 2);
  p->setMain(m);
  return p;
}

}  // namespace

TEST(Inline, ProducesOneProcedureWithoutCalls) {
  auto p = twoCalls(false);
  auto r = transforms::inlineAll(*p);
  EXPECT_EQ(r.program->numProcs(), 1u);
  for (auto& e : r.program->edges()) EXPECT_FALSE(e.isCall());
  EXPECT_NO_THROW(r.program->validate());
  EXPECT_EQ(r.originalEdge.size(), r.program->numEdges());
  EXPECT_EQ(r.originalLoc.size(), r.program->numLocs());
  // 2 call sites x (entry, mid, exit; error merged) + main's 7 locations.
  EXPECT_EQ(r.program->numLocs(), 7u + 2u * 3u);
}

TEST(Inline, PreservesSafety) {
  auto p = twoCalls(false);
  auto r = transforms::inlineAll(*p);
  const Program& q = *r.program;
  EXPECT_FALSE(feasiblePathTo(q, q.proc(q.mainProc()).error));
  EXPECT_TRUE(feasiblePathTo(q, q.proc(q.mainProc()).exit));
}

TEST(Inline, PreservesTheBugThroughGlobals) {
  auto p = twoCalls(true);
  auto r = transforms::inlineAll(*p);
  const Program& q = *r.program;
  EXPECT_TRUE(feasiblePathTo(q, q.proc(q.mainProc()).error));
}

TEST(Inline, RejectsRecursion) {
  auto p = twoCalls(false);
  ProcId inc = p->findProc("inc");
  LocId extra = p->addLocation(inc, "extra");
  p->addCall(p->proc(inc).entry, extra, inc, {p->var(p->proc(inc).params[0]).cur}, {p->proc(inc).results[0]});
  EXPECT_THROW(transforms::inlineAll(*p), UnsupportedError);
}

TEST(Inline, RecordsTheCallingContextOfEveryCopy) {
  auto p = twoCalls(false);
  auto r = transforms::inlineAll(*p);
  ASSERT_EQ(r.context.size(), r.program->numLocs());
  ASSERT_EQ(r.glue.size(), r.program->numEdges());
  ProcId inc = p->findProc("inc");
  std::vector<EdgeId> calls;
  for (auto& e : p->edges())
    if (e.isCall()) calls.push_back(e.id);
  ASSERT_EQ(calls.size(), 2u);
  std::map<EdgeId, int> copiesOfIncMid;
  for (LocId l = 0; l < r.program->numLocs(); ++l) {
    LocId original = r.originalLoc[l];
    bool inInc = p->loc(original).proc == inc;
    // Main's own locations have the empty context, inc's copies the call they were inlined for.
    EXPECT_EQ(r.context[l].size(), inInc ? 1u : 0u) << r.program->loc(l).name;
    if (inInc && p->loc(original).name == "mid") ++copiesOfIncMid[r.context[l].at(0)];
  }
  EXPECT_EQ(copiesOfIncMid, (std::map<EdgeId, int>{{calls[0], 1}, {calls[1], 1}}));
  int callGlue = 0, returnGlue = 0;
  for (EdgeId e = 0; e < r.program->numEdges(); ++e) {
    bool copy = r.originalEdge[e] != kNone;
    EXPECT_EQ(copy, r.glue[e].kind == transforms::InlineGlue::Kind::None);
    callGlue += r.glue[e].kind == transforms::InlineGlue::Kind::Call;
    returnGlue += r.glue[e].kind == transforms::InlineGlue::Kind::Return;
  }
  EXPECT_EQ(callGlue, 2);
  EXPECT_EQ(returnGlue, 2);
}

TEST(Inline, EvidenceTranslatesBackToTheInput) {
  auto p = twoCalls(true);
  auto inlined = transforms::inlineAll(*p);
  const Program& q = *inlined.program;
  transforms::InlineBackTranslator back(inlined);
  // A certificate: one invariant per inlined location becomes one per (context, location).
  Certificate c;
  c.context = q.sharedCtx();
  for (LocId l = 0; l < q.numLocs(); ++l) c.invariants.emplace(l, q.ctx().bool_val(true));
  Certificate onInput = back.certificate(c);
  EXPECT_EQ(onInput.form, Certificate::Form::Inlined);
  EXPECT_TRUE(onInput.invariants.empty());
  EXPECT_EQ(onInput.inlined.size(), q.numLocs());
  for (auto& [at, formula] : onInput.inlined) {
    ProcId proc = at.context.empty() ? p->mainProc() : p->edge(at.context.back()).callee;
    EXPECT_EQ(p->loc(at.loc).proc, proc);
  }
  // A trace of the inlined program: copies become the copied edges, glue becomes Call and Return steps.
  Trace t;
  for (EdgeId e = 0; e < q.numEdges(); ++e) t.steps.push_back({TraceStep::Kind::Edge, e, {}, {}});
  auto mapped = back.trace(t, {});
  ASSERT_TRUE(mapped);
  ASSERT_EQ(mapped->steps.size(), t.steps.size());
  for (size_t i = 0; i < t.steps.size(); ++i) {
    const TraceStep& s = mapped->steps[i];
    switch (inlined.glue[i].kind) {
      case transforms::InlineGlue::Kind::None:
        EXPECT_EQ(s.kind, TraceStep::Kind::Edge);
        EXPECT_EQ(s.edge, inlined.originalEdge[i]);
        break;
      case transforms::InlineGlue::Kind::Call:
      case transforms::InlineGlue::Kind::Return:
        EXPECT_EQ(s.kind, inlined.glue[i].kind == transforms::InlineGlue::Kind::Call ? TraceStep::Kind::Call
                                                                                     : TraceStep::Kind::Return);
        EXPECT_TRUE(p->edge(s.edge).isCall());
        break;
      case transforms::InlineGlue::Kind::Entry:
        ADD_FAILURE() << "no fresh entry expected";
    }
  }
}

TEST(Inline, AnEntryOnALoopGetsAFreshEntryThatEvidenceForgets) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  ProcId m = p->addProcedureWithFrame("main");
  p->setMain(m);
  VarId x = p->addVariable(m, VarRole::Local, "main::x", c.int_sort());
  addAssign(*p, p->proc(m).entry, p->proc(m).entry, {{x, p->var(x).cur + 1}});
  addAssume(*p, p->proc(m).entry, p->proc(m).exit, c.bool_val(true));
  auto r = transforms::inlineAll(*p);
  const Program& q = *r.program;
  LocId entry = q.proc(q.mainProc()).entry;
  EXPECT_TRUE(q.loc(entry).in.empty());
  EXPECT_EQ(r.originalLoc[entry], kNone);
  transforms::InlineBackTranslator back(r);
  Certificate cert;
  cert.context = q.sharedCtx();
  cert.invariants.emplace(entry, c.bool_val(true));
  cert.invariants.emplace(q.edge(q.loc(entry).out[0]).to, p->var(x).cur >= 0);
  Certificate onInput = back.certificate(cert);
  EXPECT_EQ(onInput.form, Certificate::Form::Modular);  // no call was inlined
  ASSERT_EQ(onInput.invariants.size(), 1u);
  EXPECT_EQ(onInput.invariants.begin()->first, p->proc(m).entry);
  Trace t;
  t.steps.push_back({TraceStep::Kind::Edge, q.loc(entry).out[0], {}, {}});
  EXPECT_TRUE(back.trace(t, {})->steps.empty());
}
