// Counterexample text: locations, functions, changed C variables with values, inputs; temporaries only
// in detail mode; nothing that could be read as a verdict line.
#include <gtest/gtest.h>

#include <sstream>

#include "ReportTestProgram.h"
#include "report/TraceText.h"
#include "report/ValueText.h"
#include "report/VerdictLine.h"

using namespace argus;
using namespace argus::report;

TEST(TraceText, ShowsLocationsValuesInputsAndCalls) {
  reporttest::ReportFixture f;
  std::string text = traceText(f.p, f.trace(), {});
  for (const char* expected :
       {"t.c:5", "main", "x = 5", "input __VERIFIER_nondet_uint() = 5", "y = 6", "call inc(a = 6)",
        "return from inc", "y = 7", "error reached", "#7", "replay: error function reached"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << " missing in\n" << text;
}

TEST(TraceText, HidesTemporariesUnlessDetailed) {
  reporttest::ReportFixture f;
  std::string plain = traceText(f.p, f.trace(), {false});
  EXPECT_EQ(plain.find("main::t"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("%t"), std::string::npos) << plain;
  std::string detailed = traceText(f.p, f.trace(), {true});
  EXPECT_NE(detailed.find("main::t = 6"), std::string::npos) << detailed;
  EXPECT_NE(detailed.find("[%t = add x, 1]"), std::string::npos) << detailed;
  EXPECT_NE(detailed.find("initial values: y = 0"), std::string::npos) << detailed;
}

TEST(TraceText, PrintsUnsignedVariablesInTheirCReading) {
  reporttest::ReportFixture f;
  std::string text = traceText(f.p, f.trace(-1), {});
  EXPECT_NE(text.find("x = 4294967295"), std::string::npos) << text;
  EXPECT_NE(text.find("__VERIFIER_nondet_uint() = 4294967295"), std::string::npos) << text;
  EXPECT_NE(text.find("y = 0"), std::string::npos) << text;  // int y = x + 1 keeps its signed reading
}

TEST(TraceText, NoLineLooksLikeAVerdict) {
  reporttest::ReportFixture f;
  std::istringstream lines(traceText(f.p, f.trace(), {true}));
  for (std::string line; std::getline(lines, line);) EXPECT_FALSE(parseVerdictLine(line)) << line;
}

TEST(ValueText, ReadsValuesAsTheirCType) {
  z3::context c;
  EXPECT_EQ(valueText(c.int_val(-1), {8, false, "unsigned char"}), "255");
  EXPECT_EQ(valueText(c.int_val(-1), {8, true, "signed char"}), "-1");
  EXPECT_EQ(valueText(c.bv_val(255, 8), {8, true, "signed char"}), "-1");
  EXPECT_EQ(valueText(c.bv_val(255, 8), {8, false, "unsigned char"}), "255");
  EXPECT_EQ(valueText(c.bool_val(true), {1, false, "_Bool"}), "1");
  EXPECT_EQ(valueText(c.bool_val(false), {}), "false");
}
