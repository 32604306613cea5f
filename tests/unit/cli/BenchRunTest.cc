// Running tasks as child processes: time limit (the whole process group is killed), memory limit,
// resource accounting, and whole benchmark runs with fake external tools and a fake argus (tables, TSV,
// what --fail-on-wrong fails on, --min-solved floors).
#include <gtest/gtest.h>
#include <signal.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "cli/bench/Bench.h"
#include "cli/bench/Child.h"
#include "cli/bench/Journal.h"
#include "testing/Processes.h"
#include "testing/TestFolder.h"
#include "util/Options.h"

using namespace argus;
using namespace argus::cli::bench;
using argus::testing::readAll;
using argus::testing::TestFolder;

namespace {

ChildOutcome runShell(const TestFolder& dir, const std::string& script, double killAfter, long memoryMB = 0) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", script};
  spec.stdoutFile = dir.path("out.txt");
  spec.stderrFile = dir.path("err.txt");
  spec.killAfterSeconds = killAfter;
  spec.memoryMB = memoryMB;
  return runChild(spec, nullptr);
}

/// Three C tasks: a.c unsafe, b.c safe, slow.c safe. The fake tool says FALSE for files that contain
/// "unsafe" (or, as a liar, always TRUE) and sleeps on slow.c.
struct FakeBench {
  TestFolder dir;
  FakeBench() {
    dir.write("tasks/a.c", "// @expect unsafe\n");
    dir.write("tasks/b.c", "// @expect safe\n");
    dir.write("tasks/slow.c", "// @expect safe\n");
  }
  BenchConfig config(const std::string& tool) {
    BenchConfig c;
    c.lists = {dir.path("tasks")};
    c.runs = {parseExternalRun(tool)};
    c.timeoutSeconds = 0.3;
    c.jobs = 2;
    c.outDir = dir.path("out");
    return c;
  }
};

constexpr const char* kHonestTool =
    "honest=case {file} in *slow*) sleep 20;; esac; if grep -q unsafe {file}; then echo FALSE; else echo "
    "TRUE; fi";
constexpr const char* kLyingTool = "liar=echo TRUE {file}";

/// A stand-in for the argus binary of --run configurations: `argus verify TASK ... --json FILE` prints the
/// task's `// say:` lines, writes its `// json:` lines to FILE and exits with its `// exit:` code.
struct FakeArgus {
  TestFolder dir;
  FakeArgus() {
    std::string script = dir.write("argus",
                                   "#!/bin/sh\n"
                                   "task=\"$2\"\n"
                                   "for json in \"$@\"; do :; done\n"
                                   "sed -n 's|^// json: ||p' \"$task\" > \"$json\"\n"
                                   "sed -n 's|^// say: ||p' \"$task\"\n"
                                   "code=$(sed -n 's|^// exit: ||p' \"$task\")\n"
                                   "exit ${code:-0}\n");
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  }
  /// A task expected `safe` (or not) on which the fake argus says `verdictLine`, reporting
  /// `certifyRejected` in its JSON statistics.
  void task(const std::string& name, bool safe, const std::string& verdictLine, int certifyRejected = 0,
            int exitCode = 0) {
    dir.write("tasks/" + name, fmt::format("// @expect {}\n// say: {}\n// json: {{\"statistics\": "
                                           "{{\"certify.rejected\": {}}}}}\n// exit: {}\n",
                                           safe ? "safe" : "unsafe", verdictLine, certifyRejected, exitCode));
  }
  BenchConfig config() {
    BenchConfig c;
    c.lists = {dir.path("tasks")};
    c.runs = {parseArgusRun("fake=--engine fake")};
    c.argusExecutable = dir.path("argus");
    c.timeoutSeconds = 10;
    c.jobs = 2;
    c.outDir = dir.path("out");
    return c;
  }
};

}  // namespace

TEST(BenchChild, CapturesOutputExitCodeAndTime) {
  TestFolder dir;
  ChildOutcome c = runShell(dir, "echo hello; echo oops >&2; exit 7", 10);
  EXPECT_TRUE(c.started);
  EXPECT_EQ(c.exitCode, 7);
  EXPECT_FALSE(c.killedByLimit);
  EXPECT_EQ(readAll(dir.path("out.txt")), "hello\n");
  EXPECT_EQ(readAll(dir.path("err.txt")), "oops\n");
  EXPECT_LT(c.wallSeconds, 5);
}

TEST(BenchChild, KillsTheWholeProcessGroupAtTheTimeLimit) {
  TestFolder dir;
  std::string pidFile = dir.path("bg.pid");
  ChildOutcome c = runShell(dir, "sleep 30 & echo $! > " + pidFile + "; sleep 30", 0.5);
  EXPECT_TRUE(c.killedByLimit);
  EXPECT_EQ(c.signal, SIGKILL);
  EXPECT_LT(c.wallSeconds, 5);
  EXPECT_TRUE(argus::testing::ended(std::stoi(readAll(pidFile)))) << "the background process survived";
}

TEST(BenchChild, AppliesTheMemoryLimit) {
  TestFolder dir;
  ChildOutcome c = runShell(dir, "ulimit -v", 10, 100);
  EXPECT_EQ(c.exitCode, 0);
  EXPECT_EQ(readAll(dir.path("out.txt")), "102400\n");
}

TEST(BenchChild, ReportsACommandThatCannotStart) {
  TestFolder dir;
  ChildSpec spec;
  spec.argv = {"/nonexistent/tool"};
  spec.stdoutFile = dir.path("o");
  spec.stderrFile = dir.path("e");
  ChildOutcome c = runChild(spec, nullptr);
  EXPECT_EQ(c.exitCode, 127);
}

TEST(BenchRun, RunsAFakeToolWithATimeoutAndWritesTables) {
  FakeBench b;
  std::ostringstream out, progress;
  int code = runBench(b.config(kHonestTool), out, progress);
  EXPECT_EQ(code, 0) << progress.str();
  std::string summary = out.str();
  // a.c correct FALSE, b.c correct TRUE, slow.c timeout: score 3.
  EXPECT_NE(
      summary.find(
          "| **total** | **3** | **1** | **1** | **0** | **0** | **0** | **0** | **1** | **0** | **0** | **3** |"),
      std::string::npos)
      << summary;
  EXPECT_NE(progress.str().find("tasks/slow.c UNKNOWN"), std::string::npos) << progress.str();
  std::string tsvText = readAll(b.dir.path("out/honest.tsv"));
  EXPECT_NE(tsvText.find("\tFALSE\tcorrect\tok\t"), std::string::npos) << tsvText;
  EXPECT_NE(tsvText.find("\tUNKNOWN\t-\ttimeout\t"), std::string::npos) << tsvText;
  EXPECT_EQ(readAll(b.dir.path("out/summary.md")), summary);
}

TEST(BenchRun, FailOnWrongTurnsAWrongVerdictIntoAFailure) {
  FakeBench b;
  std::ostringstream out, progress;
  BenchConfig config = b.config(kLyingTool);
  EXPECT_EQ(runBench(config, out, progress), 0);
  EXPECT_NE(progress.str().find("WRONG (expected FALSE)"), std::string::npos) << progress.str();
  config.failOnWrong = true;
  EXPECT_EQ(runBench(config, out, progress), kBenchFailed);
}

TEST(BenchRun, FailOnWrongFailsOnErrorsAndEvidenceRejectedOnTheWay) {
  FakeArgus a;
  a.task("ok.c", true, "Verdict: TRUE");
  a.task("stood.c", true, "Verdict: TRUE", 1);
  a.task("error.c", true, "Verdict: UNKNOWN (error: engine failed: boom)", 0, 20);
  a.task("undecided.c", false, "Verdict: UNKNOWN (certification undecided: out of budget)", 0, 20);
  std::ostringstream out, progress;
  BenchConfig config = a.config();
  EXPECT_EQ(runBench(config, out, progress), 0) << progress.str();
  // tasks 4, correct TRUE 2 (ok, stood), unknown 0, undecided 1, timeouts 0, errors 1, rejected 1, score 4.
  EXPECT_NE(out.str().find("| **total** | **4** | **2** | **0** | **0** | **0** | **0** | **1** | **0** | **1** | "
                           "**1** | **4** |"),
            std::string::npos)
      << out.str();
  EXPECT_NE(progress.str().find("stood.c TRUE 0"), std::string::npos) << progress.str();
  EXPECT_NE(progress.str().find("(evidence rejected: certify.rejected = 1)"), std::string::npos)
      << progress.str();
  std::string tsvText = readAll(a.dir.path("out/fake.tsv"));
  EXPECT_NE(tsvText.find("/stood.c\ttasks\ttrue\tTRUE\tcorrect\tok\t"), std::string::npos) << tsvText;
  EXPECT_NE(tsvText.find("\tUNKNOWN\t-\tundecided\t"), std::string::npos) << tsvText;

  config.failOnWrong = true;
  std::ostringstream failedProgress;
  EXPECT_EQ(runBench(config, out, failedProgress), kBenchFailed);
  std::string err = failedProgress.str();
  EXPECT_NE(err.find("argus bench: FAILED: fake: 2 tasks failed"), std::string::npos) << err;
  EXPECT_NE(err.find("tasks/stood.c: TRUE (evidence rejected: certify.rejected = 1)"), std::string::npos) << err;
  EXPECT_NE(err.find("tasks/error.c: error: engine failed: boom"), std::string::npos) << err;
  EXPECT_EQ(err.find("tasks/undecided.c:"), std::string::npos) << err;
  EXPECT_EQ(err.find("tasks/ok.c:"), std::string::npos) << err;
}

TEST(BenchRun, UndecidedCertificationAloneDoesNotFail) {
  FakeArgus a;
  a.task("ok.c", true, "Verdict: TRUE");
  a.task("undecided.c", false, "Verdict: UNKNOWN (certification undecided: out of budget)", 0, 20);
  std::ostringstream out, progress;
  BenchConfig config = a.config();
  config.failOnWrong = true;
  EXPECT_EQ(runBench(config, out, progress), 0) << progress.str();
  EXPECT_EQ(progress.str().find("FAILED"), std::string::npos) << progress.str();
}

TEST(BenchRun, MinSolvedFailsBelowTheFloorOfAConfiguration) {
  FakeBench b;
  BenchConfig config = b.config(kHonestTool);  // solves a.c and b.c; slow.c times out
  config.runs.push_back(parseExternalRun(kLyingTool));  // solves b.c and slow.c, a.c is wrong
  config.minSolved = {{"honest", 2}, {"liar", 2}};
  std::ostringstream out, progress;
  EXPECT_EQ(runBench(config, out, progress), 0) << progress.str();
  EXPECT_EQ(progress.str().find("FAILED"), std::string::npos) << progress.str();

  config.minSolved = {{"honest", 3}, {"liar", 2}};
  std::ostringstream below;
  EXPECT_EQ(runBench(config, out, below), kBenchFailed) << below.str();
  EXPECT_NE(below.str().find("argus bench: FAILED: honest: solved 2 tasks, fewer than its floor of 3 "
                             "(--min-solved honest=3)"),
            std::string::npos)
      << below.str();
  EXPECT_EQ(below.str().find("FAILED: liar"), std::string::npos) << below.str();

  config.minSolved = {{"nobody", 1}};
  EXPECT_THROW(runBench(config, out, progress), OptionError);
  config.minSolved = {{"honest", 1}, {"honest", 2}};
  EXPECT_THROW(runBench(config, out, progress), OptionError);
}

TEST(BenchRun, ComparesSeveralConfigurations) {
  FakeBench b;
  std::ostringstream out, progress;
  BenchConfig config = b.config(kHonestTool);
  config.runs.push_back(parseExternalRun(kLyingTool));
  EXPECT_EQ(runBench(config, out, progress), 0);
  EXPECT_NE(out.str().find("### comparison (baseline: honest)"), std::string::npos) << out.str();
  EXPECT_NE(progress.str().find("[6/6]"), std::string::npos) << progress.str();
}

TEST(BenchRun, AVirtualBestGetsItsOwnTablesAndNamesWhatEachMemberAloneSolves) {
  FakeBench b;
  BenchConfig config = b.config(kHonestTool);         // a.c FALSE, b.c TRUE, slow.c timeout
  config.runs.push_back(parseExternalRun(kLyingTool));  // TRUE everywhere: a.c wrong
  config.virtualBest = {{"vbs", {"honest", "liar"}}};
  config.failOnWrong = true;
  std::ostringstream out, progress;
  // The liar's wrong a.c fails the run once, under its own name; the virtual best took honest's answer.
  EXPECT_EQ(runBench(config, out, progress), kBenchFailed) << progress.str();
  EXPECT_NE(progress.str().find("FAILED: liar: 1 task failed"), std::string::npos) << progress.str();
  EXPECT_EQ(progress.str().find("FAILED: vbs"), std::string::npos) << progress.str();
  std::string summary = out.str();
  EXPECT_NE(summary.find("### vbs (`virtual best of honest, liar`)"), std::string::npos) << summary;
  // a.c correct FALSE (honest), b.c correct TRUE, slow.c correct TRUE (liar): score 5, nothing wrong.
  EXPECT_NE(
      summary.find(
          "| **total** | **3** | **2** | **1** | **0** | **0** | **0** | **0** | **0** | **0** | **0** | **5** |"),
      std::string::npos)
      << summary;
  EXPECT_NE(summary.find("| honest | 2 | 1 | tasks/a.c |"), std::string::npos) << summary;
  EXPECT_NE(summary.find("| liar | 2 | 1 | tasks/slow.c |"), std::string::npos) << summary;
  EXPECT_TRUE(std::filesystem::exists(b.dir.path("out/vbs.tsv")));

  config.virtualBest = {{"honest", {"honest", "liar"}}};
  EXPECT_THROW(runBench(config, out, progress), OptionError);
  config.virtualBest = {{"vbs", {"honest", "nobody"}}};
  EXPECT_THROW(runBench(config, out, progress), OptionError);
  config.virtualBest = {};
  config.minSolved = {{"vbs", 1}};
  EXPECT_THROW(runBench(config, out, progress), OptionError);
}

TEST(BenchRun, AConfigurationWithSeveralCoresRunsAloneOnThem) {
  // "wide" holds a folder while it runs; "narrow" answers FALSE (wrong: every task is safe) when it sees
  // that folder when it starts or ends, i.e. when the two ran at the same time.
  FakeBench b;
  std::string lock = b.dir.path("wide-running");
  BenchConfig config = b.config(fmt::format("narrow=: {{file}}; if [ -d {0} ]; then echo FALSE; exit; fi; sleep 0.5; "
                                            "if [ -d {0} ]; then echo FALSE; else echo TRUE; fi",
                                            lock));
  config.runs.push_back(
      parseExternalRun(fmt::format("wide=mkdir {0} || exit 3; sleep 0.5; rmdir {0}; echo TRUE {{file}}", lock)));
  b.dir.write("tasks/a.c", "// @expect safe\n");
  config.timeoutSeconds = 10;
  config.cores = {{"wide", 2}};
  config.failOnWrong = true;
  std::ostringstream out, progress;
  EXPECT_EQ(runBench(config, out, progress), 0) << progress.str();
  EXPECT_EQ(progress.str().find("WRONG"), std::string::npos) << progress.str();
  EXPECT_NE(progress.str().find("[6/6]"), std::string::npos) << progress.str();

  // Without the share the two run side by side, and narrow notices.
  config.cores = {};
  config.failOnWrong = false;
  std::ostringstream sideBySide;
  runBench(config, out, sideBySide);
  EXPECT_NE(sideBySide.str().find("WRONG"), std::string::npos) << sideBySide.str();

  config.cores = {{"wide", 3}};
  EXPECT_THROW(runBench(config, out, progress), OptionError);
  config.cores = {{"nobody", 1}};
  EXPECT_THROW(runBench(config, out, progress), OptionError);
}

TEST(BenchRun, ReadsStatisticsFromJson) {
  std::string json = R"({"engine": "bmc", "times": {"engine": 0.5}, "statistics": {"bmc.bound": 7}})";
  EXPECT_EQ(statFromJson(json, "engine"), "bmc");
  EXPECT_EQ(statFromJson(json, "times.engine"), "0.5");
  EXPECT_EQ(statFromJson(json, "bmc.bound"), "7");
  EXPECT_EQ(statFromJson(json, "missing"), "");
  EXPECT_EQ(statFromJson("not json", "engine"), "");
}

TEST(BenchRun, ResumeTakesOnlyTheRunsTheJournalLacks) {
  FakeBench b;
  std::string calls = b.dir.path("calls.txt");
  // Records each task it runs, so that the test sees which ones a resumed run repeats.
  BenchConfig config =
      b.config("counting=echo {file} >> " + calls + "; if grep -q unsafe {file}; then echo FALSE; else echo TRUE; fi");
  config.timeoutSeconds = 10;
  std::ostringstream out, progress;
  ASSERT_EQ(runBench(config, out, progress), 0) << progress.str();
  std::string journalPath = b.dir.path("out/journal.jsonl");
  std::string full = readAll(journalPath);
  std::string fullSummary = out.str();
  // A run killed while b.c's line was written: the journal ends with a partial line instead of b.c's.
  std::vector<std::string> lines;
  std::istringstream in(full);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 4u) << full;  // the header and three runs
  std::string cut = lines[0] + "\n";
  for (size_t i = 1; i < lines.size(); ++i)
    if (lines[i].find("/b.c\"") == std::string::npos) cut += lines[i] + "\n";
  cut += lines.back().substr(0, 20);
  b.dir.write("out/journal.jsonl", cut);
  b.dir.write("calls.txt", "");

  config.resume = true;
  std::ostringstream resumedOut, resumedProgress;
  ASSERT_EQ(runBench(config, resumedOut, resumedProgress), 0) << resumedProgress.str();
  EXPECT_NE(resumedProgress.str().find("2 of 3 runs done in earlier parts"), std::string::npos)
      << resumedProgress.str();
  std::string repeated = readAll(calls);
  EXPECT_NE(repeated.find("/b.c"), std::string::npos) << repeated;
  EXPECT_EQ(repeated.find("/a.c"), std::string::npos) << repeated;
  // The same verdict table as the run in one go (up to the CPU time, the last column).
  auto totals = [](const std::string& summary) {
    size_t at = summary.find("| **total**");
    std::string line = summary.substr(at, summary.find('\n', at) - at);
    return line.substr(0, line.rfind("| **"));
  };
  EXPECT_EQ(totals(resumedOut.str()), totals(fullSummary));
  std::string resumedJournal = readAll(journalPath);
  EXPECT_EQ(std::count(resumedJournal.begin(), resumedJournal.end(), '\n'), 4) << resumedJournal;

  // Another limit is another run: resuming it is refused, as is resuming without a journal.
  BenchConfig other = config;
  other.timeoutSeconds = 20;
  std::ostringstream ignored;
  EXPECT_THROW(runBench(other, ignored, ignored), OptionError);
  BenchConfig fresh = config;
  fresh.outDir = b.dir.path("elsewhere");
  EXPECT_THROW(runBench(fresh, ignored, ignored), OptionError);
}

TEST(BenchRun, JournalNamesTheArgusBinaryByItsContent) {
  // A copy of the binary elsewhere (the same commit rebuilt on another machine) may resume the run; a binary
  // with other bytes may not, even at the same path.
  TestFolder dir;
  std::string first = dir.write("one/argus", "#!/bin/sh\necho TRUE\n");
  std::string copy = dir.write("two/argus", "#!/bin/sh\necho TRUE\n");
  std::string other = dir.write("three/argus", "#!/bin/sh\necho FALSE\n");
  BenchConfig config;
  std::vector<BenchTask> tasks;
  config.argusExecutable = first;
  std::string original = fingerprint(config, tasks);
  config.argusExecutable = copy;
  EXPECT_EQ(fingerprint(config, tasks), original);
  config.argusExecutable = other;
  EXPECT_NE(fingerprint(config, tasks), original);
  dir.write("one/argus", "#!/bin/sh\necho FALSE\n");
  config.argusExecutable = first;
  EXPECT_NE(fingerprint(config, tasks), original);
}

TEST(BenchRun, WitnessesOfNarrowsTheConfigurationsThatWriteWitnesses) {
  BenchConfig config;
  config.runs = {parseArgusRun("default="), parseArgusRun("bmc=--engine bmc")};
  validateConfig(config);
  EXPECT_FALSE(writesWitnesses(config, "default"));
  config.witnesses = true;
  EXPECT_TRUE(writesWitnesses(config, "default"));
  EXPECT_TRUE(writesWitnesses(config, "bmc"));

  BenchConfig narrowed;
  narrowed.runs = config.runs;
  narrowed.witnessRuns = {"default"};
  validateConfig(narrowed);
  EXPECT_TRUE(writesWitnesses(narrowed, "default"));
  EXPECT_FALSE(writesWitnesses(narrowed, "bmc"));
  // The journal tells the narrowed run from the full one, so that neither resumes the other.
  EXPECT_NE(fingerprint(narrowed, {}), fingerprint(config, {}));

  BenchConfig unknown;
  unknown.runs = config.runs;
  unknown.witnessRuns = {"kind"};
  EXPECT_THROW(validateConfig(unknown), OptionError);
}
