// `argus bench`: runs every configuration on every task (N jobs in parallel, each in a child process
// under time and memory limits), prints progress on stderr, writes a TSV per configuration and a
// Markdown summary into the output folder, and prints the summary tables on stdout. Every finished run is
// also journaled at once (Journal.h), so that a killed benchmark can be resumed. It fails (exit 1,
// the reasons on stderr) with --fail-on-wrong when a task's outcome is a bug (see isFailure), and when a
// configuration solved fewer tasks than its --min-solved floor. Started by mpirun or srun as several ranks,
// it spreads the runs over the ranks (Distributed.h).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cli/bench/Commands.h"

namespace argus::cli::bench {

struct BenchConfig {
  std::vector<std::string> lists;
  std::vector<RunSpec> runs;  // empty: one argus run "argus" without extra arguments
  double timeoutSeconds = 60;
  long memoryMB = 4096;
  int jobs = 1;
  std::string outDir;  // empty: argus-bench-<date>-<time> in the current folder
  bool failOnWrong = false;
  /// argus runs write an SV-COMP witness of every TRUE and FALSE, which `argus validate` then checks
  /// (TSV column `witness`); with failOnWrong a rejected or missing witness fails.
  bool witnesses = false;
  /// With witnesses: only these configurations write them (empty: every argus configuration), so that a long
  /// measurement spends its validations on the configuration under test rather than on its yardsticks.
  std::vector<std::string> witnessRuns;
  /// Each names a configuration of `runs` and the fewest tasks it must solve (correct TRUE + FALSE).
  std::vector<SolvedFloor> minSolved;
  /// Configurations whose every task takes several of the `jobs` slots (at most `jobs`); others take one.
  std::vector<CoreShare> cores;
  /// Computed after the run from the outcomes of configurations of `runs`: a TSV and tables of their own,
  /// and the tasks each member alone solved.
  std::vector<VirtualBestSpec> virtualBest;
  std::vector<std::string> statKeys;  // values taken from each argus run's --json
  std::string argusExecutable;        // empty: this executable (/proc/self/exe)
  /// Continue the run whose journal is in outDir (see Journal.h): only the runs it lacks are taken.
  bool resume = false;
  /// The argus runs share clang's outputs (bitcode, replay executables) through a compile cache in
  /// outDir/compile-cache, or the one $ARGUS_COMPILE_CACHE names (frontend/c/CompileCache.h): the first run of a C task pays for clang, the others
  /// do not, so run times are not comparable between configurations. Off by default for that reason.
  bool compileCache = false;
  /// A journal of an earlier run (any arguments): runs are handed out from the longest wall time it
  /// records down, those it lacks first. Changes the order only, not what is measured.
  std::string longestFirstJournal;
  /// Seconds an argus run may take beyond --timeout (certification, shutdown) before it is killed.
  double argusGraceSeconds = 20;
};

/// The statistics the TSV shows when no --stat is given.
std::vector<std::string> defaultStatKeys();

/// Exit codes of `argus bench` besides 2 (bad input, see cli/ExitCode.h).
/// --fail-on-wrong and a wrong verdict, rejected evidence, a crash or an error; or a --min-solved floor
/// not reached.
inline constexpr int kBenchFailed = 1;
inline constexpr int kBenchInterrupted = 130;

/// Whether the argus configuration named `run` writes witnesses (--witnesses, narrowed by --witnesses-of).
bool writesWitnesses(const BenchConfig& config, const std::string& run);

/// Checks the configuration (distinct names, jobs, timeout, that --cores, --min-solved and --virtual-best
/// name configurations) and fills in the defaults (one argus run,
/// this executable, a dated output folder); throws OptionError. runBench calls it first.
void validateConfig(BenchConfig& config);

/// Runs the benchmark; throws InputError/OptionError for bad lists or options.
int runBench(BenchConfig config, std::ostream& out, std::ostream& progress);

/// A value from an argus --json document: a dotted path from the top ("times.engine"), else a key of
/// its "statistics" object ("bmc.bound"). Empty when absent.
std::string statFromJson(const std::string& jsonText, const std::string& key);

}  // namespace argus::cli::bench
