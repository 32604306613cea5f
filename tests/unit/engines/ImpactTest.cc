// Impact (lazy abstraction with interpolants) on hand-built programs: safe programs proved with a
// certificate that certify accepts (and a tampered one rejected), bugs found with feasible traces, the
// loop that needs refinement and coverage, forced covering on and off, every block encoding, the lock
// pattern, recursion refused, limits and cancellation honoured.
#include <gtest/gtest.h>

#include <map>

#include "CpaEngineTestSupport.h"
#include "engines/impact/ImpactEngine.h"
#include "testing/SmallPrograms.h"

using namespace argus;
using namespace argus::testing;
namespace impact = argus::engines::impact;

namespace {

struct ImpactHarness : EngineHarness {
  explicit ImpactHarness(const std::vector<std::string>& settings = {}) : EngineHarness("impact", settings) {}
  int64_t count(const std::string& key) const { return stats.getInt(key); }
};

}  // namespace

TEST(Impact, ProvesTheSafeDiamondInEveryEncoding) {
  for (auto& block : kBlockEncodings) {
    ImpactHarness h({"impact.block=" + block});
    auto p = diamond(0);
    auto r = h.run(*p);
    ASSERT_EQ(r.verdict, Verdict::Safe) << block << ": " << r.detail;
    EXPECT_EQ(r.engine, "impact");
    expectEvidenceHolds(*p, r);
  }
}

TEST(Impact, ATamperedCertificateIsRejected) {
  for (std::string block : {"sbe", "lbe"}) {
    ImpactHarness h({"impact.block=" + block});
    auto p = countUp(1);
    auto r = h.run(*p);
    ASSERT_EQ(r.verdict, Verdict::Safe) << r.detail;
    ASSERT_EQ(certificateRejection(*p, *r.certificate()), "");
    // Weakening the loop head's invariant to `true` breaks inductiveness at the error check.
    bool tampered = false;
    for (auto& [loc, inv] : r.certificate()->invariants) {
      if (p->loc(loc).name != "head") continue;
      ir::Certificate weakened = *r.certificate();
      weakened.invariants.at(loc) = p->ctx().bool_val(true);
      EXPECT_NE(certificateRejection(*p, weakened), "") << block;
      tampered = true;
    }
    EXPECT_TRUE(tampered) << block << ": the encoded program has no loop head";
  }
}

TEST(Impact, FindsTheBugsWithFeasibleTraces) {
  for (auto& block : kBlockEncodings)
    for (bool forced : {true, false}) {
      ImpactHarness h({"impact.block=" + block, std::string("impact.forced_covering=") + (forced ? "true" : "false")});
      for (auto* make : {+[] { return diamond(2); }, +[] { return countUp(2); }, +[] { return locks(3, true); }}) {
        auto p = make();
        auto r = h.run(*p);
        EXPECT_EQ(r.verdict, Verdict::Unsafe) << block << ": " << r.detail;
        expectEvidenceHolds(*p, r);
      }
    }
}

TEST(Impact, RefinesAndCoversUntilTheLoopIsClosed) {
  for (std::string block : {"sbe", "lbe"})
    for (std::string interpolation : {"smt", "weakest"}) {
      ImpactHarness h({"impact.block=" + block, "impact.interpolation=" + interpolation});
      auto p = countUp(1);
      auto r = h.run(*p);
      ASSERT_EQ(r.verdict, Verdict::Safe) << block << "/" << interpolation << ": " << r.detail;
      expectEvidenceHolds(*p, r);
      EXPECT_GE(h.count("impact.refinements"), 1);
      EXPECT_GE(h.count("impact.strengthened_labels"), 1);
      EXPECT_GE(h.count("impact.covered") + h.count("impact.forced_covers"), 1);
      EXPECT_GE(h.count("impact.label_atoms"), 1);
    }
}

TEST(Impact, ProvesTheLockPattern) {
  for (std::string block : {"sbe", "lbe"}) {
    ImpactHarness h({"impact.block=" + block});
    auto p = locks(3);
    auto r = h.run(*p);
    ASSERT_EQ(r.verdict, Verdict::Safe) << block << ": " << r.detail;
    expectEvidenceHolds(*p, r);
  }
}

TEST(Impact, ForcedCoveringClosesTheLoopWithFewerRefinements) {
  // On the counting loop the first refinement labels the loop head's second visit with i <= n; forced
  // covering sees that this label follows from the first visit's label and the loop body, and covers
  // without the refinement that plain coverage needs.
  std::vector<std::vector<std::string>> configurations{
      {"impact.block=lbe"}, {"impact.block=lbe", "impact.interpolation=strongest"},
      {"impact.block=sbe", "impact.interpolation=strongest"}};
  for (auto& configuration : configurations) {
    std::map<bool, int64_t> refinements;
    for (bool forced : {true, false}) {
      auto settings = configuration;
      settings.push_back(std::string("impact.forced_covering=") + (forced ? "true" : "false"));
      ImpactHarness h(settings);
      auto p = countUp(1);
      auto r = h.run(*p);
      ASSERT_EQ(r.verdict, Verdict::Safe) << settings.back() << ": " << r.detail;
      expectEvidenceHolds(*p, r);
      refinements[forced] = h.count("impact.refinements");
      EXPECT_EQ(h.count("impact.forced_covers") > 0, forced) << settings.back();
    }
    EXPECT_LT(refinements[true], refinements[false]) << configuration.back();
  }
}

TEST(Impact, InlinesCallsAndRejectsRecursion) {
  impact::ImpactEngine engine;
  for (int bad : {4, 5}) {
    auto p = callInc(bad);
    EXPECT_TRUE(engine.supports(*p).ok);
    ImpactHarness h;
    auto r = h.run(*p);
    ASSERT_EQ(r.verdict, bad == 5 ? Verdict::Unsafe : Verdict::Safe) << r.detail;
    expectEvidenceHolds(*p, r);
  }
  auto p = callIncRecursively();
  EXPECT_FALSE(engine.supports(*p).ok);
  ImpactHarness h;
  EXPECT_EQ(h.run(*p).reason, UnknownReason::Unsupported);
}

TEST(Impact, HonoursTheRefinementLimitAndCancellation) {
  ImpactHarness limited({"impact.max_refinements=0"});
  auto r = limited.run(*countUp(1));
  EXPECT_EQ(r.verdict, Verdict::Unknown);
  EXPECT_EQ(r.reason, UnknownReason::BoundReached);

  ImpactHarness cancelled;
  cancelled.shutdown->requestStop("test");
  r = cancelled.run(*countUp(1));
  EXPECT_EQ(r.verdict, Verdict::Unknown);
  EXPECT_EQ(r.reason, UnknownReason::Cancelled);
}

TEST(Impact, RefusesMergeJoin) {
  ImpactHarness h({"cpa.merge=join"});
  auto r = h.run(*countUp(1));
  EXPECT_EQ(r.verdict, Verdict::Unknown);
  EXPECT_EQ(r.reason, UnknownReason::Unsupported);
}
