// The journal of a benchmark run: <out>/journal.jsonl holds a header line with the run's fingerprint
// (tasks, configurations, limits, the argus binary) and then one JSON line per finished (configuration,
// task) run, appended and flushed as each run ends. A benchmark that was killed — a machine shut down,
// a session ended — loses nothing that finished: `argus bench --resume` with the same arguments and
// --out reads the journal and runs only what is missing, so a measurement of many hours can be taken in
// parts and still be one run of one binary with one set of limits.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cli/bench/Outcome.h"

namespace argus::cli::bench {

struct BenchConfig;

/// What must not change between the parts of a resumed run, as canonical JSON text: the task files, every
/// configuration's name and command, the time and memory limits, jobs, core shares, witnesses, the
/// statistics taken, and the argus binary (its SHA-256: a rebuild of the same commit at the same place may go on).
std::string fingerprint(const BenchConfig& config, const std::vector<BenchTask>& tasks);

/// One finished run as a journal line (JSON), and back: the form in which outcomes also travel between MPI
/// ranks (Distributed.h). readJournalLine throws InputError naming `source` and `lineNo` for a malformed line.
using JournalKey = std::pair<std::string, std::string>;  // (configuration name, task path)
std::string journalLine(const std::string& run, const std::string& task, const TaskOutcome& outcome);
std::pair<JournalKey, TaskOutcome> readJournalLine(const std::string& line, const std::string& source, int lineNo);

/// The wall time of every run in the journal at `path`, whatever run wrote it (its header is not checked):
/// how long `--longest-first` expects each run to take. Throws InputError for a missing or malformed journal.
std::map<JournalKey, double> journaledWallTimes(const std::string& path);

class Journal {
 public:
  /// Opens <outDir>/journal.jsonl. Without `resume` it starts afresh (header written). With `resume` the
  /// file must exist and carry the same fingerprint, else OptionError says why; its outcomes are read.
  Journal(const std::string& outDir, const std::string& fingerprint, bool resume);

  /// The outcomes of earlier parts, by (configuration name, task path).
  const std::map<JournalKey, TaskOutcome>& earlier() const { return earlier_; }
  /// Appends one finished run (thread-safe; flushed at once).
  void append(const std::string& run, const std::string& task, const TaskOutcome& outcome);

  std::string path() const { return path_; }

 private:
  std::string path_;
  std::map<JournalKey, TaskOutcome> earlier_;
  std::mutex mutex_;
};

}  // namespace argus::cli::bench
