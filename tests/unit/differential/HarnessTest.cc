// The differential harness can fail: made-up verdicts that disagree, rejected evidence, engine errors and
// crashes are problems; timeouts and unsupported features are not; a run where too few programs were
// decided is vacuous. Whole runs use fake argus executables (shell scripts) that lie or say nothing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "testing/TestFolder.h"
#include "differential/Differential.h"

using namespace argus::differential;
using argus::cli::bench::ChildOutcome;
using argus::testing::TestFolder;

namespace {

EngineRun made(const std::string& engine, RunKind kind, const std::string& reason = "") {
  EngineRun r;
  r.engine = engine;
  r.kind = kind;
  r.reason = reason;
  r.summary = std::string("Verdict: ") + toString(kind);
  return r;
}

ChildOutcome exited(int code) {
  ChildOutcome c;
  c.started = true;
  c.exitCode = code;
  return c;
}

/// A fake argus: `verify FILE --engine E ... --json OUT` runs `body` with $file and $engine set.
std::string fakeArgus(const TestFolder& dir, const std::string& body) {
  std::string path = dir.write("fake-argus", "#!/bin/sh\nfile=$2\nengine=$4\n" + body + "\n");
  chmod(path.c_str(), 0755);
  return path;
}

DiffOptions options(const TestFolder& dir, const std::string& argus, int count) {
  DiffOptions o;
  o.argus = argus;
  o.count = count;
  o.size = 4;
  o.jobs = 2;
  o.timeoutSeconds = 5;
  o.engines = {parseEngine("bmc"), parseEngine("kind")};
  o.workDir = dir.path("work");
  return o;
}

}  // namespace

TEST(Judge, AgreementPasses) {
  auto j = judgeProgram({made("bmc", RunKind::False), made("kind", RunKind::False),
                         made("predabs", RunKind::Unknown, "timeout"), made("impact", RunKind::Unknown, "unsupported")});
  EXPECT_TRUE(j.problems.empty());
  EXPECT_TRUE(j.decided());
  EXPECT_TRUE(j.anyFalse);
  EXPECT_FALSE(j.anyTrue);
}

TEST(Judge, TrueAgainstFalseIsADisagreement) {
  auto j = judgeProgram({made("bmc", RunKind::True), made("kind", RunKind::Unknown, "timeout"),
                         made("predabs", RunKind::False), made("impact", RunKind::True)});
  ASSERT_EQ(j.problems.size(), 1u);
  EXPECT_EQ(j.problems[0], "disagreement: TRUE from bmc, impact, FALSE from predabs");
}

TEST(Judge, RejectionsErrorsAndCrashesFail) {
  for (RunKind bad : {RunKind::Rejected, RunKind::EngineError, RunKind::InputError, RunKind::InternalError,
                      RunKind::Crash}) {
    auto j = judgeProgram({made("bmc", RunKind::True), made("kind", bad)});
    ASSERT_EQ(j.problems.size(), 1u) << toString(bad);
    EXPECT_NE(j.problems[0].find("from kind"), std::string::npos);
  }
  // A run killed far beyond its timeout is reported in the summary but is no wrong answer.
  EXPECT_TRUE(judgeProgram({made("bmc", RunKind::Hang)}).problems.empty());
}

TEST(Judge, ClassifiesExitCodesAndVerdictLines) {
  EXPECT_EQ(classifyRun("e", exited(0), "Verdict: TRUE\n", "").kind, RunKind::True);
  EXPECT_EQ(classifyRun("e", exited(10), "Verdict: FALSE(unreach-call)\n  #1 ...\n", "").kind, RunKind::False);
  auto timeout = classifyRun("e", exited(20), "Verdict: UNKNOWN (timeout: 5 s)\n", "");
  EXPECT_EQ(timeout.kind, RunKind::Unknown);
  EXPECT_EQ(timeout.reason, "timeout");
  EXPECT_EQ(classifyRun("e", exited(20), "Verdict: UNKNOWN (evidence rejected: step 3)\n", "").kind,
            RunKind::Rejected);
  EXPECT_EQ(classifyRun("e", exited(20), "Verdict: UNKNOWN (error: z3 exception)\n", "").kind, RunKind::EngineError);
  EXPECT_EQ(classifyRun("e", exited(2), "", "argus: error: f.c:3: expected ';'\n").kind, RunKind::InputError);
  auto internal = classifyRun("e", exited(3), "", "argus: internal error: invariant violated\n");
  EXPECT_EQ(internal.kind, RunKind::InternalError);
  EXPECT_NE(internal.summary.find("invariant violated"), std::string::npos);
  // A verdict whose exit code does not match, no verdict at all, an odd exit code, a signal: crashes.
  EXPECT_EQ(classifyRun("e", exited(0), "Verdict: FALSE(unreach-call)\n", "").kind, RunKind::Crash);
  EXPECT_EQ(classifyRun("e", exited(0), "", "").kind, RunKind::Crash);
  EXPECT_EQ(classifyRun("e", exited(1), "Verdict: TRUE\n", "").kind, RunKind::Crash);
  ChildOutcome segv = exited(-1);
  segv.signal = 11;
  EXPECT_EQ(classifyRun("e", segv, "", "").kind, RunKind::Crash);
  ChildOutcome killed = exited(-1);
  killed.killedByLimit = true;
  EXPECT_EQ(classifyRun("e", killed, "", "").kind, RunKind::Hang);
}

TEST(Judge, VacuousRunsAreReported) {
  DiffOptions o;
  o.minDecided = 0.5;
  o.requireBoth = true;
  Summary s;
  for (int i = 0; i < 4; ++i) {
    std::vector<EngineRun> runs = {made("bmc", i == 0 ? RunKind::True : RunKind::Unknown, "timeout")};
    tally(s, runs, judgeProgram(runs));
  }
  EXPECT_NE(vacuity(o, s).find("only 1 of 4"), std::string::npos);
  std::vector<EngineRun> decided = {made("bmc", RunKind::True)};
  for (int i = 0; i < 3; ++i) tally(s, decided, judgeProgram(decided));
  EXPECT_NE(vacuity(o, s).find("both must occur"), std::string::npos);
  std::vector<EngineRun> unsafe = {made("bmc", RunKind::False)};
  tally(s, unsafe, judgeProgram(unsafe));
  EXPECT_EQ(vacuity(o, s), "");
  EXPECT_EQ(s.engines[0].trueCount, 4);
  EXPECT_EQ(s.engines[0].falseCount, 1);
  EXPECT_EQ(s.engines[0].timeouts, 3);
}

TEST(Harness, LyingEngineFailsTheRunAndKeepsTheProgram) {
  TestFolder dir;
  std::string argus = fakeArgus(dir, R"SH(if [ "$engine" = bmc ]; then echo "Verdict: TRUE"; exit 0; fi
echo "Verdict: FALSE(unreach-call)"; exit 10)SH");
  std::ostringstream out, progress;
  EXPECT_EQ(runDifferential(options(dir, argus, 3), out, progress), 1);
  std::string text = out.str();
  EXPECT_NE(text.find("FAILED seed 1 (size 4)"), std::string::npos) << text;
  EXPECT_NE(text.find("disagreement: TRUE from bmc, FALSE from kind"), std::string::npos) << text;
  EXPECT_NE(text.find("reproduce: " + argus + " verify"), std::string::npos) << text;
  EXPECT_NE(text.find("regenerate: argus_difftest generate --seed 2 --size 4"), std::string::npos) << text;
  EXPECT_NE(text.find("disagreements 3"), std::string::npos) << text;
  EXPECT_TRUE(std::filesystem::exists(dir.path("work/failures/seed-3/seed-3.c")));
  EXPECT_TRUE(std::filesystem::exists(dir.path("work/failures/seed-3/kind.out")));
}

TEST(Harness, CrashingEngineFailsTheRun) {
  TestFolder dir;
  std::string argus = fakeArgus(dir, R"SH(if [ "$engine" = kind ]; then kill -SEGV $$; fi
echo "Verdict: TRUE"; exit 0)SH");
  std::ostringstream out, progress;
  EXPECT_EQ(runDifferential(options(dir, argus, 2), out, progress), 1);
  EXPECT_NE(out.str().find("crash from kind: killed by signal 11"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("crashes 2"), std::string::npos) << out.str();
}

TEST(Harness, UndecidedRunIsVacuous) {
  TestFolder dir;
  std::string argus = fakeArgus(dir, R"SH(echo "Verdict: UNKNOWN (timeout: 5 s)"; exit 20)SH");
  DiffOptions o = options(dir, argus, 2);
  std::ostringstream out, progress;
  EXPECT_EQ(runDifferential(o, out, progress), 0);  // nothing wrong, and nothing demanded
  o.minDecided = 0.5;
  EXPECT_EQ(runDifferential(o, out, progress), 1);
  EXPECT_NE(out.str().find("VACUOUS: only 0 of 2 programs were decided"), std::string::npos) << out.str();
}

TEST(Harness, AgreeingEnginesPass) {
  TestFolder dir;
  // The verdict depends on the program (its seed's parity), the same for every engine.
  std::string argus = fakeArgus(dir, R"SH(if grep -q "seed [0-9]*[02468] " "$file"; then echo "Verdict: TRUE"; exit 0; fi
echo "Verdict: FALSE(unreach-call)"; exit 10)SH");
  DiffOptions o = options(dir, argus, 4);
  o.minDecided = 1;
  o.requireBoth = true;
  std::ostringstream out, progress;
  EXPECT_EQ(runDifferential(o, out, progress), 0) << out.str();
  EXPECT_NE(out.str().find("programs decided: 4 of 4 (100%): 2 TRUE, 2 FALSE"), std::string::npos) << out.str();
  EXPECT_NE(progress.str().find("seed 3: bmc=FALSE kind=FALSE"), std::string::npos) << progress.str();
  EXPECT_FALSE(std::filesystem::exists(dir.path("work/failures")));
}

TEST(Harness, InterruptEndsTheRunWithASummary) {
  TestFolder dir;
  std::string started = dir.path("started");
  std::string argus = fakeArgus(dir, "touch " + started + "\nsleep 30\necho 'Verdict: TRUE'; exit 0");
  DiffOptions o = options(dir, argus, 10);
  // SIGTERM only once a fake argus runs: by then the harness has its handler in place.
  std::thread stopper([&] {
    for (int i = 0; i < 200 && !std::filesystem::exists(started); ++i) usleep(50 * 1000);
    kill(getpid(), SIGTERM);
  });
  std::ostringstream out, progress;
  auto start = std::chrono::steady_clock::now();
  int code = runDifferential(o, out, progress);
  stopper.join();
  EXPECT_EQ(code, kInterrupted);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 20);
  EXPECT_NE(out.str().find("INTERRUPTED after 0 of 10 programs"), std::string::npos) << out.str();
}
