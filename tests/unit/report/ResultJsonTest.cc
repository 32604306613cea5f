// The JSON report: verdict, reason, run facts, statistics, and trace or certificate.
#include <gtest/gtest.h>

#include "ReportTestProgram.h"
#include "report/CertificateText.h"
#include "report/ResultJson.h"

using namespace argus;
using namespace argus::report;

TEST(ResultJson, DescribesACounterexample) {
  reporttest::ReportFixture f;
  Stats stats;
  stats.add("bmc.bound", 3);
  RunInfo info;
  info.inputFile = "t.c";
  info.expectedSafe = false;
  info.exitCode = 10;
  info.engineSeconds = 0.25;
  auto json = resultJson(ir::Result::unsafe(f.trace()), &f.p, stats, info);
  EXPECT_EQ(json["verdict"], "FALSE");
  EXPECT_EQ(json["verdict_line"], "Verdict: FALSE(unreach-call)");
  EXPECT_EQ(json["exit_code"], 10);
  EXPECT_EQ(json["task"]["expected"], "false");
  EXPECT_EQ(json["statistics"]["bmc.bound"], 3);
  EXPECT_DOUBLE_EQ(json["times"]["engine"].get<double>(), 0.25);
  auto& steps = json["trace"]["steps"];
  ASSERT_EQ(steps.size(), 7u);
  EXPECT_EQ(steps[0]["location"], "t.c:5");
  EXPECT_EQ(steps[0]["inputs"][0]["function"], "__VERIFIER_nondet_uint");
  EXPECT_EQ(steps[0]["inputs"][0]["value"], "5");
  EXPECT_EQ(steps[0]["values"][0]["name"], "x");
  EXPECT_EQ(steps[3]["kind"], "call");
  EXPECT_EQ(steps[3]["callee"], "inc");
  EXPECT_TRUE(steps[6]["reaches_error"].get<bool>());
  EXPECT_EQ(steps[6]["edge"], f.fail);
  EXPECT_EQ(steps[5]["edge"], f.call);  // a return step names the call edge
  EXPECT_TRUE(json["trace"]["replayed"].get<bool>());
  EXPECT_FALSE(json.contains("certificate"));
}

TEST(ResultJson, DescribesACertificate) {
  reporttest::ReportFixture f;
  ir::Certificate c;
  c.context = f.p.sharedCtx();
  ir::LocId l4 = f.p.edge(f.fail).from;
  c.invariants.emplace(l4, f.p.var(f.y).cur != 7);
  c.checked = true;
  c.checkDetail = "inductive";
  auto json = resultJson(ir::Result::safe(c), &f.p, Stats{}, RunInfo{});
  EXPECT_EQ(json["verdict"], "TRUE");
  EXPECT_TRUE(json["reason"].is_null());
  EXPECT_EQ(json["certificate"]["kind"], "invariants");
  ASSERT_EQ(json["certificate"]["invariants"].size(), 1u);
  EXPECT_EQ(json["certificate"]["invariants"][0]["location"], "main.l4");
  EXPECT_EQ(json["certificate"]["invariants"][0]["loc"], l4);
  EXPECT_EQ(json["certificate"]["invariants"][0]["source"], "");  // l4 has no source line
  EXPECT_TRUE(json["certificate"]["checked"].get<bool>());
  std::string text = certificateText(f.p, c, true);
  EXPECT_NE(text.find("1 invariant (k = 1)"), std::string::npos) << text;
  EXPECT_NE(text.find("at main.l4: (distinct |main::y| 7)"), std::string::npos) << text;
}

TEST(ResultJson, DescribesAnUnknownWithoutProgram) {
  auto json =
      resultJson(ir::Result::unknown(ir::UnknownReason::Timeout, "20 s"), nullptr, Stats{}, RunInfo{});
  EXPECT_EQ(json["verdict"], "UNKNOWN");
  EXPECT_EQ(json["reason"], "timeout");
  EXPECT_EQ(json["detail"], "20 s");
  EXPECT_FALSE(json.contains("trace"));
  EXPECT_TRUE(json["task"]["expected"].is_null());
}
