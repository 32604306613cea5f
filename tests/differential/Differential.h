// Differential testing of the engines: every engine configuration runs on every generated program as a
// child process (`argus verify FILE.c --engine E --timeout T --json OUT`). A program fails when one
// engine answers TRUE and another FALSE, when a run rejects its own evidence, reports an engine error,
// an input or internal error, or crashes. UNKNOWN for a timeout or an unsupported feature is fine, but
// the run as a whole can demand that enough programs get decided, so that it cannot pass vacuously.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/bench/Child.h"

namespace argus::differential {

/// An engine configuration: its name in the tables and the extra arguments of `argus verify`.
struct EngineConfig {
  std::string name;
  std::vector<std::string> args;
};
/// bmc, kind, predabs (LBE), impact, recmc.
std::vector<EngineConfig> defaultEngines();
/// "NAME=ARGS" (ARGS split at spaces), "predabs-sbe" (predabs with single-block encoding) or just an
/// engine name (then ARGS is `--engine NAME`).
EngineConfig parseEngine(const std::string& spec);

/// How one run ended. Unknown covers the allowed UNKNOWNs (timeout, unsupported, bound reached, ...);
/// Hang is a run we killed because it overran its own timeout by far (reported, not a failure).
enum class RunKind { True, False, Unknown, Rejected, EngineError, InputError, InternalError, Crash, Hang };
const char* toString(RunKind kind);

struct EngineRun {
  std::string engine;
  RunKind kind = RunKind::Unknown;
  std::string reason;   // UNKNOWN: the reason word ("timeout", "unsupported", ...)
  std::string summary;  // the verdict line, or how the process ended
  double wallSeconds = 0, cpuSeconds = 0;
};

/// Classifies a finished `argus verify` process by its exit and output (exit codes: 0 TRUE, 10 FALSE,
/// 20 UNKNOWN, 2 input error, 3 internal error; a verdict that does not match its exit code, a missing
/// verdict line, any other code or a signal is a crash).
EngineRun classifyRun(const std::string& engine, const cli::bench::ChildOutcome& child,
                      const std::string& stdoutText, const std::string& stderrText);

/// The verdict of one program's runs.
struct ProgramJudgement {
  std::vector<std::string> problems;  // one line each; empty: the program passed
  bool anyTrue = false, anyFalse = false;
  bool decided() const { return anyTrue || anyFalse; }
};
ProgramJudgement judgeProgram(const std::vector<EngineRun>& runs);

struct DiffOptions {
  std::string argus;  // the argus executable
  uint64_t firstSeed = 1;
  int count = 100;
  int size = 8;
  int jobs = 1;
  double timeoutSeconds = 5;
  /// A run is killed this long after its --timeout (argus's certification grace is 10 s).
  double killAfterExtraSeconds = 30;
  long memoryMB = 4096;
  std::vector<EngineConfig> engines;  // empty: defaultEngines()
  std::string workDir;                // programs and outputs; failed programs stay in failures/
  double minDecided = 0;              // least share of programs some engine answers TRUE or FALSE
  bool requireBoth = false;           // both TRUE and FALSE must occur
  bool keep = false;                  // keep passed programs too
  std::string generatorCommand;       // how the failure report says to regenerate a program
};

struct EngineTally {
  int trueCount = 0, falseCount = 0, unknown = 0, timeouts = 0, unsupported = 0, failures = 0;
  double cpuSeconds = 0;
};

struct Summary {
  int programs = 0, decided = 0, safe = 0, unsafe = 0;
  int disagreements = 0, rejections = 0, errors = 0, crashes = 0, hangs = 0;
  std::vector<EngineTally> engines;  // in the order of the options' engines
  std::vector<uint64_t> failedSeeds;
  double wallSeconds = 0, cpuSeconds = 0;
  bool failed() const { return disagreements + rejections + errors + crashes > 0; }
};

/// Adds one program's runs to the summary.
void tally(Summary& summary, const std::vector<EngineRun>& runs, const ProgramJudgement& judgement);
/// The summary as Markdown tables (programs, per engine TRUE/FALSE/UNKNOWN, failures, time).
std::string summaryTable(const DiffOptions& options, const Summary& summary);
/// Why the run counts as vacuous (too few decided programs, or TRUE or FALSE missing); empty if not.
std::string vacuity(const DiffOptions& options, const Summary& summary);

inline constexpr int kInterrupted = 130;

/// Runs every engine on `count` programs from `firstSeed` on; failures go to `out` as they occur, then
/// the summary; one progress line per program to `progress`. Returns 0 if nothing failed and the run is
/// not vacuous, 1 otherwise, kInterrupted after SIGINT/SIGTERM (the summary covers what finished).
int runDifferential(DiffOptions options, std::ostream& out, std::ostream& progress);

}  // namespace argus::differential
