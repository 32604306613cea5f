// What one task run came to: the verdict read from the command's output, a status (ok, timeout, memout,
// error, crash, rejected), and how it is judged against the expected verdict, with the SV-COMP score
// (+2 correct TRUE, +1 correct FALSE, -16 wrong FALSE, -32 wrong TRUE).
#pragma once

#include <map>
#include <optional>
#include <regex>
#include <string>

#include "cli/bench/Child.h"
#include "cli/bench/Task.h"
#include "ir/Evidence.h"

namespace argus::cli::bench {

enum class Status { Ok, Timeout, MemoryOut, Error, Crash, Rejected };
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
  Rejected
};
const char* toString(Judgement j);
int score(Judgement j);

struct TaskOutcome {
  ir::Verdict verdict = ir::Verdict::Unknown;
  std::string reason;  // UNKNOWN: the reason the tool gave (argus), or why there is no verdict
  Status status = Status::Ok;
  Judgement judgement = Judgement::Unknown;
  double wallSeconds = 0, cpuSeconds = 0;
  double memoryMB = 0;
  std::map<std::string, std::string> stats;  // selected values from the argus run's --json
};

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
