// Running tasks as child processes: time limit (the whole process group is killed), memory limit,
// resource accounting, and whole benchmark runs with fake external tools (tables, TSV, --fail-on-wrong).
#include <gtest/gtest.h>
#include <signal.h>

#include <sstream>

#include "TempDir.h"
#include "cli/bench/Bench.h"
#include "cli/bench/Child.h"

using namespace argus;
using namespace argus::cli::bench;
using argus::clitest::readAll;
using argus::clitest::TempDir;

namespace {

ChildOutcome runShell(const TempDir& dir, const std::string& script, double killAfter, long memoryMB = 0) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", script};
  spec.stdoutFile = dir.path("out.txt");
  spec.stderrFile = dir.path("err.txt");
  spec.killAfterSeconds = killAfter;
  spec.memoryMB = memoryMB;
  return runChild(spec, nullptr);
}

/// True while /proc/PID/stat exists and does not say zombie, waiting up to two seconds for it to end.
bool stillRunning(const std::string& statFile) {
  for (int i = 0; i < 40; ++i) {
    std::string stat = readAll(statFile);
    auto close = stat.rfind(')');
    if (stat.empty() || (close != std::string::npos && stat.substr(close + 2, 1) == "Z")) return false;
    usleep(50 * 1000);
  }
  return true;
}

/// Three C tasks: a.c unsafe, b.c safe, slow.c safe. The fake tool says FALSE for files that contain
/// "unsafe" (or, as a liar, always TRUE) and sleeps on slow.c.
struct FakeBench {
  TempDir dir;
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

}  // namespace

TEST(BenchChild, CapturesOutputExitCodeAndTime) {
  TempDir dir;
  ChildOutcome c = runShell(dir, "echo hello; echo oops >&2; exit 7", 10);
  EXPECT_TRUE(c.started);
  EXPECT_EQ(c.exitCode, 7);
  EXPECT_FALSE(c.killedByLimit);
  EXPECT_EQ(readAll(dir.path("out.txt")), "hello\n");
  EXPECT_EQ(readAll(dir.path("err.txt")), "oops\n");
  EXPECT_LT(c.wallSeconds, 5);
}

TEST(BenchChild, KillsTheWholeProcessGroupAtTheTimeLimit) {
  TempDir dir;
  std::string pidFile = dir.path("bg.pid");
  ChildOutcome c = runShell(dir, "sleep 30 & echo $! > " + pidFile + "; sleep 30", 0.5);
  EXPECT_TRUE(c.killedByLimit);
  EXPECT_EQ(c.signal, SIGKILL);
  EXPECT_LT(c.wallSeconds, 5);
  std::string background = "/proc/" + std::to_string(std::stoi(readAll(pidFile))) + "/stat";
  EXPECT_FALSE(stillRunning(background)) << "the background process survived";
}

TEST(BenchChild, AppliesTheMemoryLimit) {
  TempDir dir;
  ChildOutcome c = runShell(dir, "ulimit -v", 10, 100);
  EXPECT_EQ(c.exitCode, 0);
  EXPECT_EQ(readAll(dir.path("out.txt")), "102400\n");
}

TEST(BenchChild, ReportsACommandThatCannotStart) {
  TempDir dir;
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
          "| **total** | **3** | **1** | **1** | **0** | **0** | **0** | **1** | **0** | **0** | **3** |"),
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

TEST(BenchRun, ComparesSeveralConfigurations) {
  FakeBench b;
  std::ostringstream out, progress;
  BenchConfig config = b.config(kHonestTool);
  config.runs.push_back(parseExternalRun(kLyingTool));
  EXPECT_EQ(runBench(config, out, progress), 0);
  EXPECT_NE(out.str().find("### comparison (baseline: honest)"), std::string::npos) << out.str();
  EXPECT_NE(progress.str().find("[6/6]"), std::string::npos) << progress.str();
}

TEST(BenchRun, ReadsStatisticsFromJson) {
  std::string json = R"({"engine": "bmc", "times": {"engine": 0.5}, "statistics": {"bmc.bound": 7}})";
  EXPECT_EQ(statFromJson(json, "engine"), "bmc");
  EXPECT_EQ(statFromJson(json, "times.engine"), "0.5");
  EXPECT_EQ(statFromJson(json, "bmc.bound"), "7");
  EXPECT_EQ(statFromJson(json, "missing"), "");
  EXPECT_EQ(statFromJson("not json", "engine"), "");
}
