// Judging one task run: verdict parsing (argus and external tools), status, correctness and score.
#include <gtest/gtest.h>

#include "cli/bench/Outcome.h"

using namespace argus;
using namespace argus::cli::bench;

namespace {

BenchTask task(std::optional<bool> expectedSafe, bool chc = false) {
  BenchTask t;
  t.path = chc ? "x/t.smt2" : "x/t.yml";
  t.category = "x";
  t.expectedSafe = expectedSafe;
  t.chc = chc;
  return t;
}

ChildOutcome exited(int code) {
  ChildOutcome c;
  c.started = true;
  c.exitCode = code;
  c.cpuSeconds = 1.5;
  return c;
}

ChildOutcome signalled(int sig) {
  ChildOutcome c = exited(-1);
  c.signal = sig;
  return c;
}

TaskOutcome argusRun(std::optional<bool> expected, const std::string& out, ChildOutcome child = exited(0),
                     const std::string& err = "") {
  return judge(task(expected), child, out, err, VerdictReader::forArgus());
}

}  // namespace

TEST(BenchOutcome, JudgesDefiniteVerdictsAndScoresThem) {
  auto correctTrue = argusRun(true, "Verdict: TRUE\n");
  EXPECT_EQ(correctTrue.judgement, Judgement::CorrectTrue);
  EXPECT_EQ(score(correctTrue.judgement), 2);
  auto correctFalse = argusRun(false, "Verdict: FALSE(unreach-call)\n  trace\n", exited(10));
  EXPECT_EQ(correctFalse.judgement, Judgement::CorrectFalse);
  EXPECT_EQ(score(correctFalse.judgement), 1);
  auto wrongTrue = argusRun(false, "Verdict: TRUE\n");
  EXPECT_EQ(wrongTrue.judgement, Judgement::WrongTrue);
  EXPECT_EQ(score(wrongTrue.judgement), -32);
  auto wrongFalse = argusRun(true, "Verdict: FALSE(unreach-call)\n", exited(10));
  EXPECT_EQ(wrongFalse.judgement, Judgement::WrongFalse);
  EXPECT_EQ(score(wrongFalse.judgement), -16);
  EXPECT_EQ(argusRun(std::nullopt, "Verdict: TRUE\n").judgement, Judgement::Unchecked);
  EXPECT_DOUBLE_EQ(correctTrue.cpuSeconds, 1.5);
}

TEST(BenchOutcome, ReadsTheReasonOfAnUnknown) {
  auto timeout = argusRun(true, "Verdict: UNKNOWN (timeout: 20 s)\n", exited(20));
  EXPECT_EQ(timeout.status, Status::Timeout);
  EXPECT_EQ(timeout.judgement, Judgement::Timeout);
  auto rejected = argusRun(true, "Verdict: UNKNOWN (evidence rejected: trace does not replay)\n", exited(20));
  EXPECT_EQ(rejected.status, Status::Rejected);
  EXPECT_EQ(rejected.reason, "evidence rejected: trace does not replay");
  EXPECT_EQ(argusRun(true, "Verdict: UNKNOWN (error: engine failed)\n", exited(20)).judgement,
            Judgement::Error);
  auto bound = argusRun(true, "Verdict: UNKNOWN (bound reached: 50)\n", exited(20));
  EXPECT_EQ(bound.status, Status::Ok);
  EXPECT_EQ(bound.judgement, Judgement::Unknown);
  EXPECT_EQ(score(bound.judgement), 0);
}

TEST(BenchOutcome, CrashesTimeoutsAndMemoryOuts) {
  auto noVerdict = argusRun(true, "", exited(3), "argus: internal error: boom\n");
  EXPECT_EQ(noVerdict.status, Status::Crash);
  EXPECT_EQ(noVerdict.judgement, Judgement::Error);
  EXPECT_NE(noVerdict.reason.find("exit code 3: argus: internal error: boom"), std::string::npos)
      << noVerdict.reason;
  EXPECT_EQ(argusRun(true, "", exited(2), "argus: error: t.c: no such file\n").status, Status::Crash);
  EXPECT_EQ(argusRun(true, "Verdict: TRUE\n", signalled(11)).status, Status::Crash);
  EXPECT_EQ(argusRun(true, "Verdict: TRUE\n", signalled(11)).verdict, ir::Verdict::Unknown);
  EXPECT_EQ(argusRun(true, "", signalled(6), "terminate called after throwing 'std::bad_alloc'\n").status,
            Status::MemoryOut);
  ChildOutcome killed = signalled(9);
  killed.killedByLimit = true;
  EXPECT_EQ(argusRun(true, "Verdict: TRUE\n", killed).judgement, Judgement::Timeout);
  ChildOutcome notStarted;
  notStarted.error = "fork failed";
  EXPECT_EQ(argusRun(true, "", notStarted).status, Status::Crash);
}

TEST(BenchOutcome, ReadsExternalToolsByPattern) {
  auto reader = VerdictReader::forExternal(VerdictReader::defaultExternalPattern());
  auto sat = judge(task(true, true), exited(0), "; model follows\nsat\n(model)\n", "", reader);
  EXPECT_EQ(sat.verdict, ir::Verdict::Safe);
  EXPECT_EQ(sat.judgement, Judgement::CorrectTrue);
  EXPECT_EQ(verdictText(task(true, true), sat.verdict), "sat");
  auto cbmc = judge(task(true), exited(10), "Verification result: FALSE(unreach-call)\n", "", reader);
  EXPECT_EQ(cbmc.judgement, Judgement::WrongFalse);
  // An UNKNOWN is a verdict (argus' or CPAchecker's own line), not a crash.
  auto unknown = judge(task(true), exited(20), "Verdict: UNKNOWN (timeout)\n", "", reader);
  EXPECT_EQ(unknown.status, Status::Ok);
  EXPECT_EQ(unknown.verdict, ir::Verdict::Unknown);
  auto silent = judge(task(true), exited(1), "nothing useful\n", "", reader);
  EXPECT_EQ(silent.status, Status::Crash);
  auto custom = VerdictReader::forExternal("RESULT=(\\w+)");
  EXPECT_EQ(judge(task(false), exited(0), "TRUE story\nRESULT=unsafe\n", "", custom).judgement,
            Judgement::CorrectFalse);
}

TEST(BenchOutcome, UndecidedCertificationHasItsOwnStatusAndIsNoFailure) {
  auto undecided =
      argusRun(false, "Verdict: UNKNOWN (certification undecided: model check ran out of budget)\n", exited(20));
  EXPECT_EQ(undecided.status, Status::Undecided);
  EXPECT_STREQ(toString(undecided.status), "undecided");
  EXPECT_EQ(undecided.judgement, Judgement::Undecided);
  EXPECT_EQ(undecided.reason, "certification undecided: model check ran out of budget");
  EXPECT_EQ(score(undecided.judgement), 0);
  EXPECT_FALSE(isFailure(undecided));
  EXPECT_FALSE(evidenceRejected(undecided));
}

TEST(BenchOutcome, FailuresAreWrongVerdictsRejectedEvidenceCrashesAndErrors) {
  EXPECT_FALSE(isFailure(argusRun(true, "Verdict: TRUE\n")));
  EXPECT_FALSE(isFailure(argusRun(std::nullopt, "Verdict: TRUE\n")));
  EXPECT_FALSE(isFailure(argusRun(true, "Verdict: UNKNOWN (timeout: 20 s)\n", exited(20))));
  EXPECT_FALSE(isFailure(argusRun(true, "Verdict: UNKNOWN (bound reached: 50)\n", exited(20))));
  EXPECT_FALSE(isFailure(argusRun(true, "", signalled(6), "std::bad_alloc\n")));
  EXPECT_TRUE(isFailure(argusRun(false, "Verdict: TRUE\n")));
  EXPECT_TRUE(isFailure(argusRun(true, "Verdict: FALSE(unreach-call)\n", exited(10))));
  EXPECT_TRUE(isFailure(argusRun(true, "", exited(3), "argus: internal error: boom\n")));
  auto rejected = argusRun(true, "Verdict: UNKNOWN (evidence rejected: not inductive)\n", exited(20));
  EXPECT_TRUE(evidenceRejected(rejected));
  EXPECT_TRUE(isFailure(rejected));
  // An internal error must not pass as a quiet UNKNOWN.
  auto error = argusRun(true, "Verdict: UNKNOWN (error: engine failed: boom)\n", exited(20));
  EXPECT_EQ(error.status, Status::Error);
  EXPECT_TRUE(isFailure(error));
}

TEST(BenchOutcome, EvidenceRejectedOnTheWayFailsEvenWhenTheVerdictStood) {
  auto stood = argusRun(true, "Verdict: TRUE\n");
  stood.certifyRejected = 1;
  EXPECT_EQ(stood.judgement, Judgement::CorrectTrue);  // the verdict itself was checked and stands
  EXPECT_TRUE(evidenceRejected(stood));
  EXPECT_TRUE(isFailure(stood));
}

TEST(BenchOutcome, AMissingRejectedOrFailedWitnessFailsAnUnconfirmedOneDoesNot) {
  for (auto [said, fails] : {std::pair<const char*, bool>{"confirmed", false}, {"unconfirmed", false},
                             {"", false}, {"missing", true}, {"rejected", true}, {"error", true}}) {
    auto outcome = argusRun(true, "Verdict: TRUE\n");
    outcome.witness = said;
    EXPECT_EQ(isFailure(outcome), fails) << said;
  }
}

// SV-COMP: a FALSE is correct only for the (sub)property the task expects to be violated.
TEST(BenchOutcome, JudgesAFalseByTheViolatedProperty) {
  BenchTask overflowTask = task(false);
  overflowTask.expectedViolation = "no-overflow";
  auto judged = [&](const std::string& out) {
    return judge(overflowTask, exited(10), out, "", VerdictReader::forArgus()).judgement;
  };
  EXPECT_EQ(judged("Verdict: FALSE(no-overflow)\n"), Judgement::CorrectFalse);
  EXPECT_EQ(judged("Verdict: FALSE(unreach-call)\n"), Judgement::WrongFalse);
  EXPECT_EQ(judged("Verdict: FALSE\n"), Judgement::CorrectFalse);  // names nothing: nothing to compare
  BenchTask memsafety = task(false);
  memsafety.expectedViolation = "valid-deref";
  EXPECT_EQ(judge(memsafety, exited(10), "Verdict: FALSE(valid-free)\n", "", VerdictReader::forArgus()).judgement,
            Judgement::WrongFalse);
  // A TRUE task is judged as before, whatever its property.
  BenchTask safe = task(true);
  safe.expectedViolation = "no-overflow";
  EXPECT_EQ(judge(safe, exited(10), "Verdict: FALSE(no-overflow)\n", "", VerdictReader::forArgus()).judgement,
            Judgement::WrongFalse);
}
