// What one task run came to: the verdict read from the command's output, a status (ok, timeout, memout,
// error, crash, rejected, undecided), and how it is judged against the expected verdict, with the SV-COMP
// score (+2 correct TRUE, +1 correct FALSE, -16 wrong FALSE, -32 wrong TRUE); and which outcomes are a
// bug that `--fail-on-wrong` fails on.
#pragma once

#include <map>
#include <optional>
#include <regex>
#include <string>

#include "cli/bench/Child.h"
#include "cli/bench/Task.h"
#include "ir/Evidence.h"

namespace argus::cli::bench {

// Undecided: argus' "certification undecided" (the checker could not decide the evidence in its budget);
// not a bug, but shown apart from other unknowns so that it stays visible.
enum class Status { Ok, Timeout, MemoryOut, Error, Crash, Rejected, Undecided };
const char* toString(Status s);

enum class Judgement {
  CorrectTrue,
  CorrectFalse,
  WrongTrue,
  WrongFalse,
  Unchecked,  // a definite verdict for a task without expected verdict
  Unknown,
  Timeout,
  Error,
  Rejected,
  Undecided
};
const char* toString(Judgement j);
int score(Judgement j);

struct TaskOutcome {
  ir::Verdict verdict = ir::Verdict::Unknown;
  std::string reason;  // UNKNOWN: the reason the tool gave (argus), or why there is no verdict
  Status status = Status::Ok;
  std::string violated;  // argus' FALSE(NAME): NAME, the (sub)property it says is violated
  Judgement judgement = Judgement::Unknown;
  double wallSeconds = 0, cpuSeconds = 0;
  double memoryMB = 0;
  std::map<std::string, std::string> stats;  // selected values from the argus run's --json
  /// The statistic certify.rejected of the argus run's --json: evidence the checker rejected, also when
  /// the verdict stood (in CHC mode certify may replace a rejected certificate by a model of its own).
  long certifyRejected = 0;
  /// With `--witnesses`, for a TRUE or FALSE: what `argus validate` said of the witness (confirmed,
  /// unconfirmed, rejected), or missing (none written), or error (the validator failed); else empty.
  std::string witness;
};

/// Evidence was rejected: the verdict became UNKNOWN (evidence rejected), or it stood but certify
/// rejected some evidence on the way. Either is a bug in an engine or in certify.
bool evidenceRejected(const TaskOutcome& outcome);

/// What `--fail-on-wrong` fails on: a wrong verdict, rejected evidence, a crash or an internal error
/// (UNKNOWN (error: ...)), and with `--witnesses` a witness that is missing, rejected or made the validator
/// fail. Timeouts, memory-outs and other unknowns, undecided certification included, are no failure, nor
/// is an unconfirmed witness.
bool isFailure(const TaskOutcome& outcome);

/// How to read a verdict from a command's stdout.
struct VerdictReader {
  bool argus = true;  // the "Verdict: ..." line; otherwise the first match of `pattern`
  std::regex pattern;
  static VerdictReader forArgus();
  /// The first match of `regex` (group 1 if it has one) is read as TRUE/sat/true/safe → safe,
  /// FALSE/unsat/false/unsafe → unsafe (ignoring case; "FALSE(unreach-call)" reads as FALSE), anything
  /// else as unknown.
  static VerdictReader forExternal(const std::string& regex);
  static const char* defaultExternalPattern();
};

/// Classifies one finished command.
TaskOutcome judge(const BenchTask& task, const ChildOutcome& child, const std::string& stdoutText,
                  const std::string& stderrText, const VerdictReader& reader);

/// The verdict as the task's language writes it: TRUE/FALSE/UNKNOWN, or sat/unsat/unknown for CHC.
std::string verdictText(const BenchTask& task, ir::Verdict verdict);

}  // namespace argus::cli::bench
