// The configurations a benchmark compares and the command line each runs per task: an argus
// configuration (`--run NAME=ARGS`: `argus verify TASK --timeout S ARGS --json FILE`) or an external tool
// (`--external NAME=TEMPLATE`: a shell command with {file}, {task} and {timeout} filled in), and the
// floors of solved tasks they must reach (`--min-solved NAME=N`), the job slots a configuration takes
// (`--cores NAME=N`) and virtual-best configurations (`--virtual-best NAME=A,B`).
#pragma once

#include <string>
#include <vector>

#include "cli/bench/Outcome.h"
#include "cli/bench/Task.h"

namespace argus::cli::bench {

struct RunSpec {
  std::string name;
  bool isArgus = true;
  std::vector<std::string> args;  // argus: extra arguments of `argus verify`
  std::string commandTemplate;    // external
  VerdictReader reader = VerdictReader::forArgus();
  /// What the tables show for this configuration.
  std::string description() const;
};

/// "NAME=ARGS" (ARGS split like a shell would, with quotes); throws OptionError when malformed.
RunSpec parseArgusRun(const std::string& assignment);
/// "NAME=TEMPLATE"; the template needs {file} or {task}.
RunSpec parseExternalRun(const std::string& assignment);

/// The floor of solved tasks of one configuration (`--min-solved NAME=N`).
struct SolvedFloor {
  std::string name;
  int minimum = 0;
};
/// "NAME=N" with N a whole number >= 0; throws OptionError when malformed.
SolvedFloor parseSolvedFloor(const std::string& assignment);

/// The job slots each task of one configuration takes (`--cores NAME=N`): a run that itself uses N
/// cores (a portfolio with --jobs N) gets them, so that it is measured beside single engines in one
/// invocation without taking a core away from them.
struct CoreShare {
  std::string name;
  int cores = 1;
};
/// "NAME=N" with N a whole number >= 1; throws OptionError when malformed.
CoreShare parseCoreShare(const std::string& assignment);

/// A virtual configuration (`--virtual-best NAME=A,B,...`): on each task the best outcome of the named
/// configurations (the highest score, then the least wall time), the usual yardstick for a portfolio.
struct VirtualBestSpec {
  std::string name;
  std::vector<std::string> members;
};
/// "NAME=A,B,..." with at least two distinct members; throws OptionError when malformed.
VirtualBestSpec parseVirtualBest(const std::string& assignment);

/// Splits a command line into words: whitespace separates, '...' and "..." quote, backslash escapes.
std::vector<std::string> splitArguments(const std::string& text);
/// A word the shell reads back as exactly `s`.
std::string shellQuote(const std::string& s);
/// The template with {file}, {task} and {timeout} replaced (paths shell-quoted).
std::string fillTemplate(const std::string& commandTemplate, const BenchTask& task, double timeoutSeconds);

struct CommandContext {
  std::string argusExecutable;
  double timeoutSeconds = 0;
  std::string jsonFile;     // argus runs write their --json here
  std::string witnessFile;  // and their --witness here (empty: none)
};

/// The argv of `argus validate` for the witness of one task.
std::vector<std::string> validateCommandFor(const BenchTask& task, const CommandContext& context);

/// The argv of the child process for one task.
std::vector<std::string> commandFor(const RunSpec& run, const BenchTask& task, const CommandContext& context);

}  // namespace argus::cli::bench
