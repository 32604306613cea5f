// The UNKNOWN a portfolio shows when no engine decided: the program's unsupported construct (with its
// line) before any other reason, "incomplete" and "timeout" last, whatever order the engines ended in.
#include <gtest/gtest.h>

#include "cli/MostTelling.h"

using namespace argus;
using namespace argus::cli;

namespace {

portfolio::RunReport unknown(const std::string& engine, const std::string& inside) {
  portfolio::RunReport r;
  r.engine = engine;
  r.exitCode = 20;
  r.stdoutText = "Verdict: UNKNOWN (" + inside + ")\nStatistics:\n";
  return r;
}

const std::string kFeature = "call of undefined function foo at prog.c:20";

}  // namespace

TEST(MostTelling, TheProgramsUnsupportedConstructBeatsTheReasonsOfEnginesThatEndedLater) {
  std::vector<portfolio::Slot> engines = {{"kind"}, {"predabs", 0.2}, {"recmc"}};
  // Reports in the order the engines ended: the unsupported one first, recmc's reason last.
  std::vector<portfolio::RunReport> reports = {
      unknown("predabs", "unsupported: " + kFeature), unknown("kind", "timeout"),
      unknown("recmc", "incomplete: no conditional invariants prove the program")};
  const portfolio::RunReport* shown = mostTelling(engines, reports, {kFeature});
  ASSERT_NE(shown, nullptr);
  EXPECT_EQ(shown->engine, "predabs");
}

TEST(MostTelling, SpecificReasonsBeatIncompleteWhichBeatsTimeout) {
  std::vector<portfolio::Slot> engines = {{"kind"}, {"bmc"}, {"recmc"}};
  std::vector<portfolio::RunReport> reports = {unknown("kind", "timeout"), unknown("recmc", "incomplete: gave up"),
                                               unknown("bmc", "bound reached: 100")};
  EXPECT_EQ(mostTelling(engines, reports, {})->engine, "bmc");
  reports.pop_back();
  EXPECT_EQ(mostTelling(engines, reports, {})->engine, "recmc");
  reports.pop_back();
  EXPECT_EQ(mostTelling(engines, reports, {})->engine, "kind");
}

TEST(MostTelling, AnEngineThatRefusesTheProgramTellsLessThanATimeout) {
  std::vector<portfolio::Slot> engines = {{"kind"}, {"recmc"}};
  std::vector<portfolio::RunReport> reports = {
      unknown("kind", "unsupported: engine kind does not support this program: recursion"), unknown("recmc", "timeout")};
  EXPECT_EQ(tellingOf(reports[0], {kFeature}), Telling::EngineLimit);
  EXPECT_EQ(mostTelling(engines, reports, {kFeature})->engine, "recmc");
}

TEST(MostTelling, EquallyTellingReportsGoByListOrderAndAProcessWithoutReportComesLast) {
  std::vector<portfolio::Slot> engines = {{"kind"}, {"predabs"}, {"recmc"}};
  portfolio::RunReport crashed;
  crashed.engine = "kind";
  crashed.failure = "the engine's process was killed by signal 9";
  std::vector<portfolio::RunReport> reports = {unknown("recmc", "timeout"), crashed, unknown("predabs", "timeout")};
  EXPECT_EQ(mostTelling(engines, reports, {})->engine, "predabs");
  EXPECT_EQ(mostTelling(engines, {crashed}, {})->engine, "kind");
  EXPECT_EQ(mostTelling(engines, {}, {}), nullptr);
}
