// Reading a verdict from a command's output and judging it against the expected verdict.
#include "cli/bench/Outcome.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "report/VerdictLine.h"

namespace argus::cli::bench {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

ir::Verdict readWord(const std::string& word) {
  std::string w = lower(word);
  w = w.substr(0, w.find('('));
  if (w == "true" || w == "sat" || w == "safe") return ir::Verdict::Safe;
  if (w == "false" || w == "unsat" || w == "unsafe") return ir::Verdict::Unsafe;
  return ir::Verdict::Unknown;
}

bool looksLikeMemoryOut(const std::string& stderrText) {
  for (const char* sign : {"bad_alloc", "out of memory", "Cannot allocate memory", "memory exhausted"})
    if (stderrText.find(sign) != std::string::npos) return true;
  return false;
}

std::string lastLine(const std::string& text) {
  auto end = text.find_last_not_of("\n\r ");
  if (end == std::string::npos) return "";
  auto start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1,
                     end + 1 - (start == std::string::npos ? 0 : start + 1));
}

std::string howItEnded(const ChildOutcome& child, const std::string& stderrText) {
  std::string how =
      child.signal ? "killed by signal " + std::to_string(child.signal) + " (" + strsignal(child.signal) + ")"
                   : "exit code " + std::to_string(child.exitCode);
  std::string last = lastLine(stderrText);
  return last.empty() ? how : how + ": " + last;
}

Status statusOfArgusUnknown(const std::string& reason) {
  using ir::UnknownReason;
  if (reason == ir::toString(UnknownReason::Timeout)) return Status::Timeout;
  if (reason == ir::toString(UnknownReason::MemoryOut)) return Status::MemoryOut;
  if (reason == ir::toString(UnknownReason::EvidenceRejected)) return Status::Rejected;
  if (reason == ir::toString(UnknownReason::Error)) return Status::Error;
  if (reason == ir::toString(UnknownReason::Undecided)) return Status::Undecided;
  return Status::Ok;
}

/// Verdict, reason and status from a command that ran to its end.
void readFinished(TaskOutcome& o, const ChildOutcome& child, const std::string& out, const std::string& err,
                  const VerdictReader& reader) {
  bool found = false;
  if (reader.argus) {
    if (auto parsed = report::findVerdict(out)) {
      found = true;
      o.verdict = parsed->verdict;
      o.violated = parsed->violated;
      o.reason = parsed->reason + (parsed->detail.empty() ? "" : ": " + parsed->detail);
      o.status = o.verdict == ir::Verdict::Unknown ? statusOfArgusUnknown(parsed->reason) : Status::Ok;
    }
  } else {
    std::smatch m;
    if (std::regex_search(out, m, reader.pattern)) {
      found = true;
      o.verdict = readWord(m.size() > 1 && m[1].matched ? m[1].str() : m[0].str());
    }
  }
  // argus promises its exit codes; other tools only count as failed without any verdict.
  bool badExit = reader.argus ? (child.exitCode != 0 && child.exitCode != 10 && child.exitCode != 20)
                              : (!found && child.exitCode != 0);
  bool abnormal = child.signal != 0 || !found || badExit;
  if (!abnormal) return;
  o.verdict = ir::Verdict::Unknown;
  o.reason = (found ? "" : "no verdict in the output: ") + howItEnded(child, err);
  o.status = looksLikeMemoryOut(err)                          ? Status::MemoryOut
             : (child.signal != 0 || badExit || reader.argus) ? Status::Crash
                                                              : Status::Ok;
}

Judgement judgementOf(const BenchTask& task, const TaskOutcome& o) {
  switch (o.status) {
    case Status::Timeout:
      return Judgement::Timeout;
    case Status::MemoryOut:
      return Judgement::Unknown;
    case Status::Error:
    case Status::Crash:
      return Judgement::Error;
    case Status::Rejected:
      return Judgement::Rejected;
    case Status::Undecided:
      return Judgement::Undecided;
    case Status::Ok:
      break;
  }
  if (o.verdict == ir::Verdict::Unknown) return Judgement::Unknown;
  bool saysSafe = o.verdict == ir::Verdict::Safe;
  if (!task.expectedSafe) return Judgement::Unchecked;
  // As SV-COMP: a FALSE that names another (sub)property than the task's expected violation is wrong.
  if (!saysSafe && !*task.expectedSafe && !task.expectedViolation.empty() && !o.violated.empty() &&
      o.violated != task.expectedViolation)
    return Judgement::WrongFalse;
  if (*task.expectedSafe == saysSafe) return saysSafe ? Judgement::CorrectTrue : Judgement::CorrectFalse;
  return saysSafe ? Judgement::WrongTrue : Judgement::WrongFalse;
}

}  // namespace

const char* toString(Status s) {
  switch (s) {
    case Status::Ok:
      return "ok";
    case Status::Timeout:
      return "timeout";
    case Status::MemoryOut:
      return "memout";
    case Status::Error:
      return "error";
    case Status::Crash:
      return "crash";
    case Status::Rejected:
      return "rejected";
    case Status::Undecided:
      return "undecided";
  }
  return "?";
}

const char* toString(Judgement j) {
  switch (j) {
    case Judgement::CorrectTrue:
      return "correct";
    case Judgement::CorrectFalse:
      return "correct";
    case Judgement::WrongTrue:
      return "WRONG";
    case Judgement::WrongFalse:
      return "WRONG";
    case Judgement::Unchecked:
      return "unchecked";
    case Judgement::Unknown:
      return "-";
    case Judgement::Timeout:
      return "-";
    case Judgement::Error:
      return "-";
    case Judgement::Rejected:
      return "-";
    case Judgement::Undecided:
      return "-";
  }
  return "?";
}

int score(Judgement j) {
  switch (j) {
    case Judgement::CorrectTrue:
      return 2;
    case Judgement::CorrectFalse:
      return 1;
    case Judgement::WrongFalse:
      return -16;
    case Judgement::WrongTrue:
      return -32;
    default:
      return 0;
  }
}

bool evidenceRejected(const TaskOutcome& o) { return o.status == Status::Rejected || o.certifyRejected > 0; }

bool isFailure(const TaskOutcome& o) {
  return o.judgement == Judgement::WrongTrue || o.judgement == Judgement::WrongFalse || evidenceRejected(o) ||
         o.status == Status::Crash || o.status == Status::Error || o.witness == "missing" ||
         o.witness == "rejected" || o.witness == "error";
}

VerdictReader VerdictReader::forArgus() { return VerdictReader{true, std::regex()}; }

VerdictReader VerdictReader::forExternal(const std::string& regex) {
  return VerdictReader{false, std::regex(regex, std::regex::ECMAScript)};
}

const char* VerdictReader::defaultExternalPattern() { return R"(\b(TRUE|FALSE|UNKNOWN|sat|unsat|unknown)\b)"; }

TaskOutcome judge(const BenchTask& task, const ChildOutcome& child, const std::string& stdoutText,
                  const std::string& stderrText, const VerdictReader& reader) {
  TaskOutcome o;
  o.wallSeconds = child.wallSeconds;
  o.cpuSeconds = child.cpuSeconds;
  o.memoryMB = child.maxRssKB / 1024.0;
  if (!child.started) {
    o.status = Status::Crash;
    o.reason = child.error;
  } else if (child.killedByLimit) {
    o.status = Status::Timeout;
    o.reason = "killed at the time limit";
  } else if (child.cancelled) {
    o.status = Status::Error;
    o.reason = "cancelled";
  } else {
    readFinished(o, child, stdoutText, stderrText, reader);
  }
  o.judgement = judgementOf(task, o);
  return o;
}

std::string verdictText(const BenchTask& task, ir::Verdict verdict) {
  switch (verdict) {
    case ir::Verdict::Safe:
      return task.chc ? "sat" : "TRUE";
    case ir::Verdict::Unsafe:
      return task.chc ? "unsat" : "FALSE";
    case ir::Verdict::Unknown:
      break;
  }
  return task.chc ? "unknown" : "UNKNOWN";
}

}  // namespace argus::cli::bench
