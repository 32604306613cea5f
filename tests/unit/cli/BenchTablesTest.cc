// Tallies, Markdown summaries, the comparison of runs, and the TSV.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/bench/Tables.h"

using namespace argus;
using namespace argus::cli::bench;

namespace {

BenchTask task(const std::string& category, const std::string& name, std::optional<bool> expected) {
  BenchTask t;
  t.path = category + "/" + name;
  t.display = t.path;
  t.category = category;
  t.expectedSafe = expected;
  return t;
}

TaskOutcome outcome(Judgement j, ir::Verdict v, double cpu, Status s = Status::Ok) {
  TaskOutcome o;
  o.judgement = j;
  o.verdict = v;
  o.cpuSeconds = cpu;
  o.status = s;
  return o;
}

struct Sample {
  std::vector<BenchTask> tasks = {task("loops", "a.yml", true), task("loops", "b.yml", false),
                                  task("locks", "c.yml", true), task("locks", "d.yml", false)};
  RunResults base{"bmc",
                  "--engine bmc",
                  {outcome(Judgement::CorrectTrue, ir::Verdict::Safe, 1),
                   outcome(Judgement::WrongTrue, ir::Verdict::Safe, 2),
                   outcome(Judgement::Timeout, ir::Verdict::Unknown, 10, Status::Timeout),
                   outcome(Judgement::CorrectFalse, ir::Verdict::Unsafe, 1)}};
  RunResults other{"kind",
                   "--engine kind",
                   {outcome(Judgement::CorrectTrue, ir::Verdict::Safe, 1),
                    outcome(Judgement::CorrectFalse, ir::Verdict::Unsafe, 1),
                    outcome(Judgement::CorrectTrue, ir::Verdict::Safe, 1),
                    outcome(Judgement::CorrectFalse, ir::Verdict::Unsafe, 4)}};
};

}  // namespace

TEST(BenchTables, TalliesPerCategoryAndInTotal) {
  Sample s;
  auto tallies = tallyByCategory(s.tasks, s.base.outcomes);
  ASSERT_EQ(tallies.size(), 3u);
  EXPECT_EQ(tallies[0].first, "loops");
  EXPECT_EQ(tallies[0].second.score, 2 - 32);
  EXPECT_EQ(tallies[1].first, "locks");
  EXPECT_EQ(tallies[1].second.timeouts, 1);
  const Tally& total = tallies[2].second;
  EXPECT_EQ(tallies[2].first, "total");
  EXPECT_EQ(total.tasks, 4);
  EXPECT_EQ(total.solved(), 2);
  EXPECT_EQ(total.wrongTrue, 1);
  EXPECT_EQ(total.score, 2 - 32 + 1);
  EXPECT_DOUBLE_EQ(total.cpuSeconds, 14);
}

TEST(BenchTables, SummaryIsAMarkdownTable) {
  Sample s;
  std::string md = summaryMarkdown(s.tasks, s.base);
  EXPECT_NE(md.find("### bmc (`--engine bmc`)"), std::string::npos) << md;
  EXPECT_NE(
      md.find("| category | tasks | correct TRUE | correct FALSE | wrong TRUE | wrong FALSE | unknown | "
              "undecided | timeouts | errors | evidence rejected | score | CPU time (s) |"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"), std::string::npos)
      << md;
  EXPECT_NE(md.find("| loops | 2 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | -30 | 3.0 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| **total** | **4** | **1** | **1** | **1** | **0** | **0** | **0** | **1** | **0** | **0** | "
                    "**-29** | **14.0** |"),
            std::string::npos)
      << md;
}

TEST(BenchTables, UndecidedErrorsAndRejectedEvidenceHaveTheirColumns) {
  std::vector<BenchTask> tasks = {task("x", "stood.c", true), task("x", "undecided.c", false),
                                  task("x", "rejected.c", true), task("x", "error.c", true)};
  RunResults run{"kind", "", {outcome(Judgement::CorrectTrue, ir::Verdict::Safe, 1),
                              outcome(Judgement::Undecided, ir::Verdict::Unknown, 1, Status::Undecided),
                              outcome(Judgement::Rejected, ir::Verdict::Unknown, 1, Status::Rejected),
                              outcome(Judgement::Error, ir::Verdict::Unknown, 1, Status::Error)}};
  run.outcomes[0].certifyRejected = 2;
  Tally total = tallyByCategory(tasks, run.outcomes).back().second;
  EXPECT_EQ(total.correctTrue, 1);  // the verdict that stood still counts as correct ...
  EXPECT_EQ(total.rejected, 2);     // ... and as evidence rejected, next to the UNKNOWN (evidence rejected)
  EXPECT_EQ(total.undecided, 1);
  EXPECT_EQ(total.unknown, 0);
  EXPECT_EQ(total.errors, 1);
  EXPECT_EQ(total.score, 2);
  std::string md = summaryMarkdown(tasks, run);
  EXPECT_NE(md.find("| **total** | **4** | **1** | **0** | **0** | **0** | **0** | **1** | **0** | **1** | **2** | "
                    "**2** | **4.0** |"),
            std::string::npos)
      << md;
  std::string text = tsv(tasks, run, {});
  EXPECT_NE(text.find("x/stood.c\tx\ttrue\tTRUE\tcorrect\tok\t0.000\t1.000\t0.0\t\t2\t\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\tundecided\t"), std::string::npos) << text;
}

TEST(BenchTables, ComparisonGivesRatiosAgainstTheFirstRun) {
  Sample s;
  EXPECT_EQ(comparisonMarkdown(s.tasks, {s.base}), "");
  std::string md = comparisonMarkdown(s.tasks, {s.base, s.other});
  EXPECT_NE(md.find("baseline: bmc"), std::string::npos);
  EXPECT_NE(md.find("| kind solved ratio | kind CPU ratio |"), std::string::npos) << md;
  // total: bmc solved 2 in 14 s, kind solved 4 in 7 s.
  EXPECT_NE(
      md.find("| **total** | **2** | **-29** | **14.0** | **4** | **6** | **7.0** | **2.00** | **0.50** |"),
      std::string::npos)
      << md;
}

TEST(BenchTables, VirtualBestTakesTheBestOutcomeOfEachTask) {
  Sample s;
  s.base.outcomes[0].wallSeconds = 3;
  s.other.outcomes[0].wallSeconds = 1;
  std::vector<size_t> from;
  RunResults best = virtualBest("vbs", {&s.base, &s.other}, &from);
  EXPECT_EQ(best.description, "virtual best of bmc, kind");
  // a: both correct, kind faster; b: bmc wrong, kind correct; c: bmc timed out; d: both correct, bmc faster
  // (both took 0 s: the first member on a tie).
  EXPECT_EQ(from, (std::vector<size_t>{1, 1, 1, 0}));
  ASSERT_EQ(best.outcomes.size(), 4u);
  EXPECT_EQ(best.outcomes[1].judgement, Judgement::CorrectFalse);
  EXPECT_EQ(best.outcomes[3].cpuSeconds, 1);
  // Of a single member it is that member.
  RunResults alone = virtualBest("only", {&s.base});
  EXPECT_EQ(alone.outcomes[1].judgement, Judgement::WrongTrue);
}

TEST(BenchTables, UniqueSolutionsNameWhatOnlyOneConfigurationSolves) {
  Sample s;
  std::string md = uniqueSolutionsMarkdown(s.tasks, "vbs", {&s.base, &s.other});
  EXPECT_NE(md.find("### solved by one configuration alone (of vbs)"), std::string::npos) << md;
  EXPECT_NE(md.find("| bmc | 2 | 0 |  |"), std::string::npos) << md;
  EXPECT_NE(md.find("| kind | 4 | 2 | loops/b.yml, locks/c.yml |"), std::string::npos) << md;
  std::string shortList = uniqueSolutionsMarkdown(s.tasks, "vbs", {&s.base, &s.other}, 1);
  EXPECT_NE(shortList.find("| kind | 4 | 2 | loops/b.yml, ... (1 more) |"), std::string::npos) << shortList;
}

TEST(BenchTables, TsvHasOneRowPerTaskWithSelectedStatistics) {
  Sample s;
  s.base.outcomes[0].stats["bmc.bound"] = "7";
  std::string text = tsv(s.tasks, s.base, {"bmc.bound"});
  std::istringstream lines(text);
  std::string header, first;
  std::getline(lines, header);
  std::getline(lines, first);
  EXPECT_EQ(
      header,
      "task\tcategory\texpected\tverdict\tcorrect\tstatus\twall_s\tcpu_s\tmemory_mb\treason\tcertify_rejected\t"
      "witness\tbmc.bound");
  EXPECT_EQ(first, "loops/a.yml\tloops\ttrue\tTRUE\tcorrect\tok\t0.000\t1.000\t0.0\t\t0\t\t7");
  EXPECT_NE(text.find("locks/c.yml\tlocks\ttrue\tUNKNOWN\t-\ttimeout"), std::string::npos) << text;
  EXPECT_NE(text.find("loops/b.yml\tloops\tfalse\tTRUE\tWRONG"), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 5);
}
