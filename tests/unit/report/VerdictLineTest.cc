// The verdict line: what argus prints and what argus bench reads back.
#include <gtest/gtest.h>

#include "report/VerdictLine.h"

using namespace argus;
using namespace argus::report;

TEST(VerdictLine, WritesTheThreeForms) {
  EXPECT_EQ(verdictLine(ir::Result::safe({})), "Verdict: TRUE");
  EXPECT_EQ(verdictLine(ir::Result::unsafe({})), "Verdict: FALSE(unreach-call)");
  EXPECT_EQ(verdictLine(ir::Result::unknown(ir::UnknownReason::Timeout, "20 s")),
            "Verdict: UNKNOWN (timeout: 20 s)");
  EXPECT_EQ(verdictLine(ir::Result::unknown(ir::UnknownReason::BoundReached, "")),
            "Verdict: UNKNOWN (bound reached)");
  EXPECT_EQ(verdictLine(ir::Result::unknown(ir::UnknownReason::Timeout, "timeout")), "Verdict: UNKNOWN (timeout)");
}

TEST(VerdictLine, FlattensAMultiLineDetail) {
  auto line =
      verdictLine(ir::Result::unknown(ir::UnknownReason::EvidenceRejected, "trace failed\nat step 3\n"));
  EXPECT_EQ(line, "Verdict: UNKNOWN (evidence rejected: trace failed at step 3)");
}

TEST(VerdictLine, ParsesWhatItWrites) {
  for (auto result : {ir::Result::safe({}), ir::Result::unsafe({}),
                      ir::Result::unknown(ir::UnknownReason::EvidenceRejected, "x: y (z)")}) {
    auto parsed = parseVerdictLine(verdictLine(result));
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(parsed->verdict, result.verdict);
  }
  auto unknown = parseVerdictLine("Verdict: UNKNOWN (evidence rejected: x: y (z))");
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->reason, "evidence rejected");
  EXPECT_EQ(unknown->detail, "x: y (z)");
}

TEST(VerdictLine, ReadsChcWords) {
  EXPECT_EQ(parseVerdictLine("Verdict: sat")->verdict, ir::Verdict::Safe);
  EXPECT_EQ(parseVerdictLine("Verdict: unsat")->verdict, ir::Verdict::Unsafe);
  EXPECT_EQ(parseVerdictLine("Verdict: unknown")->verdict, ir::Verdict::Unknown);
}

TEST(VerdictLine, RejectsLinesThatOnlyLookSimilar) {
  EXPECT_FALSE(parseVerdictLine("  Verdict: TRUE"));
  EXPECT_FALSE(parseVerdictLine("verdict: TRUE"));
  EXPECT_FALSE(parseVerdictLine("Verdict: MAYBE"));
  EXPECT_FALSE(parseVerdictLine("The Verdict: TRUE"));
}

TEST(VerdictLine, FindsTheFirstVerdictInAnOutput) {
  auto found = findVerdict("some text\nVerdict: FALSE(unreach-call)\nCounterexample:\nVerdict: TRUE\n");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->verdict, ir::Verdict::Unsafe);
  EXPECT_FALSE(findVerdict("no verdict here\n  Verdict: TRUE\n"));
  EXPECT_EQ(findVerdict("Verdict: TRUE")->verdict, ir::Verdict::Safe);
}

TEST(VerdictLine, NamesAndReadsTheViolatedProperty) {
  EXPECT_EQ(verdictLine(ir::Result::unsafe({}), "no-overflow"), "Verdict: FALSE(no-overflow)");
  EXPECT_EQ(parseVerdictLine("Verdict: FALSE(no-overflow)")->violated, "no-overflow");
  EXPECT_EQ(parseVerdictLine(verdictLine(ir::Result::unsafe({})))->violated, "unreach-call");
  EXPECT_EQ(parseVerdictLine("Verdict: FALSE")->violated, "");
  EXPECT_EQ(parseVerdictLine("Verdict: TRUE")->violated, "");
}
