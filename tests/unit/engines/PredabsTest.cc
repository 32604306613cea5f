// Predicate abstraction on hand-built programs: safe programs proved with an inductive certificate (and a
// tampered certificate rejected), unsafe ones found with a feasible trace, refinement where the program
// needs it, the FMCAD 2009 effect on the lock pattern (LBE + Boolean: no refinement, ARG constant in the
// number of locks), Boolean versus Cartesian abstraction, lazy pruning, and every block encoding.
#include <gtest/gtest.h>

#include "engines/predabs/PredabsEngine.h"
#include "engines/predabs/PredicateAnalysis.h"
#include "engines/predabs/Settings.h"
#include "certify/Certify.h"
#include "CpaEngineTestSupport.h"
#include "testing/SmallPrograms.h"

using namespace argus;
using namespace argus::testing;
namespace predabs = argus::engines::predabs;

namespace {

struct PredabsHarness : EngineHarness {
  explicit PredabsHarness(const std::vector<std::string>& settings = {}) : EngineHarness("predabs", settings) {}
};

/// c := nondet; if (c > 0) { x := true; y := true } else { x := false; y := false }; while (*) { x := !x;
/// y := !y }; if (x != y) error. With the predicates x and y only a disjunction proves it.
std::unique_ptr<Program> flipFlop() {
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId x = p->addVariable(0, VarRole::Local, "main::x", c.bool_sort(), "x");
  VarId y = p->addVariable(0, VarRole::Local, "main::y", c.bool_sort(), "y");
  VarId k = intVar(*p, "c");
  LocId a = p->addLocation(0, "a"), head = p->addLocation(0, "head");
  addNondet(*p, entryOf(*p), a, k, c.bool_val(true), "__VERIFIER_nondet_int");
  addAssign(*p, a, head, {{x, p->var(k).cur > 0}, {y, p->var(k).cur > 0}});
  addAssign(*p, head, head, {{x, !p->var(x).cur}, {y, !p->var(y).cur}});
  addAssume(*p, head, errorOf(*p), p->var(x).cur != p->var(y).cur);
  addAssume(*p, head, exitOf(*p), p->var(x).cur == p->var(y).cur);
  return p;
}

struct LockRuns {
  std::vector<int64_t> argSizes, refinements;
};

/// Proves locks(n) for each count with the named configuration, checking the evidence. (Interpolation by
/// projection keeps the many refinements of single-edge blocks fast.)
LockRuns proveLocks(const std::string& config, const std::vector<int>& counts) {
  LockRuns runs;
  for (int n : counts) {
    PredabsHarness h({"cpa.config=" + config, "predabs.interpolation=weakest"});
    auto p = locks(n);
    auto r = h.run(*p);
    EXPECT_EQ(r.verdict, Verdict::Safe) << config << " " << n << ": " << r.detail;
    if (r.verdict == Verdict::Safe) expectEvidenceHolds(*p, r);
    runs.argSizes.push_back(h.stats.getInt("predabs.arg_nodes"));
    runs.refinements.push_back(h.stats.getInt("predabs.refinements"));
  }
  return runs;
}

}  // namespace

TEST(Predabs, ProvesTheSafeDiamondInEveryConfiguration) {
  for (auto& block : kBlockEncodings)
    for (std::string abstraction : {"cartesian", "boolean"}) {
      PredabsHarness h({"predabs.block=" + block, "predabs.abstraction=" + abstraction});
      auto p = diamond(0);
      auto r = h.run(*p);
      ASSERT_EQ(r.verdict, Verdict::Safe) << block << "/" << abstraction << ": " << r.detail;
      expectEvidenceHolds(*p, r);
    }
}

TEST(Predabs, ATamperedCertificateIsRejected) {
  PredabsHarness h;
  auto p = countUp(1);
  auto r = h.run(*p);
  ASSERT_EQ(r.verdict, Verdict::Safe) << r.detail;
  ASSERT_EQ(certificateRejection(*p, *r.certificate()), "");
  // Weakening the loop head's invariant to `true` must break inductiveness at the error check.
  bool tampered = false;
  for (auto& [loc, inv] : r.certificate()->invariants) {
    if (p->loc(loc).name != "head") continue;
    ir::Certificate weakened = *r.certificate();
    weakened.invariants.at(loc) = p->ctx().bool_val(true);
    EXPECT_NE(certificateRejection(*p, weakened), "");
    tampered = true;
  }
  EXPECT_TRUE(tampered) << "the certificate has no invariant at the loop head";
}

TEST(Predabs, FindsTheBugsWithFeasibleTraces) {
  for (auto& block : kBlockEncodings) {
    PredabsHarness h({"predabs.block=" + block});
    for (auto* make : {+[] { return diamond(2); }, +[] { return countUp(2); }}) {
      auto p = make();
      auto r = h.run(*p);
      EXPECT_EQ(r.verdict, Verdict::Unsafe) << block << ": " << r.detail;
      expectEvidenceHolds(*p, r);
    }
  }
}

TEST(Predabs, RefinesUntilTheLoopInvariantIsFound) {
  for (auto& block : kBlockEncodings)
    for (std::string precision : {"location", "global"}) {
      PredabsHarness h({"predabs.block=" + block, "predabs.precision=" + precision});
      auto p = countUp(1);
      auto r = h.run(*p);
      ASSERT_EQ(r.verdict, Verdict::Safe) << block << "/" << precision << ": " << r.detail;
      expectEvidenceHolds(*p, r);
      EXPECT_GE(h.stats.getInt("predabs.refinements"), 1);
      EXPECT_GE(h.stats.getInt("predabs.predicates"), 1);
    }
}

TEST(Predabs, EveryTraversalAndStopDecidesAlike) {
  for (std::string order : {"dfs", "bfs", "rpo"})
    for (std::string stop : {"sep", "join"})
      for (int step : {1, 2}) {
        PredabsHarness h({"cpa.traversal=" + order, "cpa.stop=" + stop});
        auto p = countUp(step);
        auto r = h.run(*p);
        EXPECT_EQ(r.verdict, step == 1 ? Verdict::Safe : Verdict::Unsafe) << order << "/" << stop << ": " << r.detail;
        expectEvidenceHolds(*p, r);
      }
}

TEST(Predabs, RefusesMergeJoin) {
  // Refinement needs the path that produced an abstract state; merged states have many.
  PredabsHarness h({"cpa.merge=join"});
  auto r = h.run(*countUp(1));
  EXPECT_EQ(r.verdict, Verdict::Unknown);
  EXPECT_EQ(r.reason, UnknownReason::Unsupported);
}

TEST(Predabs, LargeBlocksProveTheLockPatternWithoutRefinementInConstantSpace) {
  auto runs = proveLocks("predicate-lbe", {2, 4, 6});
  EXPECT_EQ(runs.refinements, (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(runs.argSizes[0], runs.argSizes[1]);
  EXPECT_EQ(runs.argSizes[1], runs.argSizes[2]);
}

TEST(Predabs, SingleEdgesNeedRefinementsAndGrowingArgsOnTheLockPattern) {
  auto runs = proveLocks("predicate-sbe", {2, 3, 4});
  for (auto r : runs.refinements) EXPECT_GE(r, 1);
  EXPECT_LT(runs.argSizes[0], runs.argSizes[1]);
  EXPECT_LT(runs.argSizes[1], runs.argSizes[2]);
}

TEST(Predabs, FindsTheLockBug) {
  for (std::string config : {"predicate-lbe", "predicate-sbe", "predicate-abe"}) {
    PredabsHarness h({"cpa.config=" + config});
    auto p = locks(3, true);
    auto r = h.run(*p);
    EXPECT_EQ(r.verdict, Verdict::Unsafe) << config << ": " << r.detail;
    expectEvidenceHolds(*p, r);
  }
}

TEST(Predabs, OnlyBooleanAbstractionProvesTheFlipFlopWithoutRefinement) {
  auto p = flipFlop();
  for (std::string abstraction : {"boolean", "cartesian"}) {
    PredabsHarness h({"predabs.abstraction=" + abstraction, "predabs.max_refinements=0"});
    auto settings = predabs::Settings::from(h.options);
    auto prepared = predabs::prepareProgram(*p, settings);
    predabs::BddSession bdds(nullptr);
    predabs::PredicateAnalysis analysis(*prepared.encoded, settings, h.context, bdds);
    analysis.seedPredicates({p->var(0).cur, p->var(1).cur});
    auto r = analysis.run();
    if (abstraction == "boolean") {
      ASSERT_EQ(r.verdict, Verdict::Safe) << r.detail;
      r = cpa::translateEvidence(std::move(r), prepared, h.context.solverConfig("test"));
      expectEvidenceHolds(*p, r);
    } else {
      EXPECT_EQ(r.verdict, Verdict::Unknown) << "Cartesian abstraction cannot express x = y over x and y";
    }
  }
}

TEST(Predabs, RefinementPrunesLazilyInsteadOfRestarting) {
  // z := 1; z := z + 1; then the counting loop. No interpolant speaks about the z prefix, so its ARG
  // nodes are never stale and survive every refinement, while the loop's subtree is pruned and rebuilt.
  auto p = newMain();
  z3::context& c = p->ctx();
  VarId z = intVar(*p, "z"), i = intVar(*p, "i"), n = intVar(*p, "n");
  LocId z1 = p->addLocation(0, "z1"), z2 = p->addLocation(0, "z2"), a = p->addLocation(0, "a"),
        head = p->addLocation(0, "head"), body = p->addLocation(0, "body");
  addAssign(*p, entryOf(*p), z1, {{z, c.int_val(1)}});
  addAssign(*p, z1, z2, {{z, p->var(z).cur + 1}});
  addAssign(*p, z2, a, {{i, c.int_val(0)}});
  addNondet(*p, a, head, n, p->var(n).next >= 0);
  addAssume(*p, head, body, p->var(i).cur < p->var(n).cur);
  addAssign(*p, body, head, {{i, p->var(i).cur + 1}});
  addAssume(*p, head, errorOf(*p), p->var(i).cur > p->var(n).cur);
  PredabsHarness h({"predabs.block=sbe"});
  auto settings = predabs::Settings::from(h.options);
  auto prepared = predabs::prepareProgram(*p, settings);
  predabs::BddSession bdds(nullptr);
  predabs::PredicateAnalysis analysis(*prepared.encoded, settings, h.context, bdds);
  auto r = analysis.run();
  ASSERT_EQ(r.verdict, Verdict::Safe) << r.detail;
  ASSERT_GE(analysis.refinements(), 1);
  const cpa::Arg& arg = analysis.reached().arg();
  ASSERT_NE(arg.root(), nullptr);
  EXPECT_EQ(arg.root()->id, 0u);
  EXPECT_FALSE(arg.allNodes().at(1)->removed);  // after z := 1
  EXPECT_FALSE(arg.allNodes().at(2)->removed);  // after z := z + 1
  EXPECT_LT(arg.size(), arg.allNodes().size());  // something was pruned
}

TEST(Predabs, InlinesCallsAndRejectsRecursion) {
  predabs::PredabsEngine engine;
  for (int bad : {4, 5})
    for (std::string abeCalls : {"false", "true"}) {
      auto p = callInc(bad);
      EXPECT_TRUE(engine.supports(*p).ok);
      PredabsHarness h({"predabs.block=abe", "predabs.abe_calls=" + abeCalls});
      auto r = h.run(*p);
      ASSERT_EQ(r.verdict, bad == 5 ? Verdict::Unsafe : Verdict::Safe) << r.detail;
      expectEvidenceHolds(*p, r);
      // The evidence speaks about the input's procedures: a trace enters inc, a certificate names
      // locations in calling contexts.
      if (auto* t = r.trace()) {
        bool entersInc = false;
        for (auto& step : t->steps) entersInc |= step.kind == ir::TraceStep::Kind::Call;
        EXPECT_TRUE(entersInc);
      } else {
        EXPECT_EQ(r.certificate()->form, ir::Certificate::Form::Inlined);
      }
      // Abstraction at the call and the return keeps inc's entry and exit as locations.
      EXPECT_EQ(h.stats.getInt("predabs.locations"), abeCalls == "true" ? 5 : 3);
    }
  auto p = callIncRecursively();
  EXPECT_FALSE(engine.supports(*p).ok);
  PredabsHarness h;
  EXPECT_EQ(h.run(*p).reason, UnknownReason::Unsupported);
}

TEST(Predabs, StopsWhenCancelled) {
  PredabsHarness h;
  h.shutdown->requestStop("test");
  auto r = h.run(*countUp(1));
  EXPECT_EQ(r.verdict, Verdict::Unknown);
  EXPECT_EQ(r.reason, UnknownReason::Cancelled);
}

