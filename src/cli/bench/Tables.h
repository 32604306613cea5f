// The results of a benchmark run as tables: one TSV row per task, and Markdown summaries per category
// and in total (SV-COMP score, CPU time); with several runs, a side-by-side comparison with ratios of
// solved tasks and CPU time against the first run (the baseline); virtual-best configurations and the
// tasks only one configuration solves.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cli/bench/Outcome.h"
#include "cli/bench/Task.h"

namespace argus::cli::bench {

/// One configuration's outcomes, indexed like the task list.
struct RunResults {
  std::string name;
  std::string description;  // the arguments or command template
  std::vector<TaskOutcome> outcomes;
};

struct Tally {
  // `rejected` counts every task with rejected evidence (see evidenceRejected): those whose verdict stood
  // count in their verdict's column too.
  int tasks = 0, correctTrue = 0, correctFalse = 0, wrongTrue = 0, wrongFalse = 0, unknown = 0, undecided = 0,
      timeouts = 0, errors = 0, rejected = 0, unchecked = 0, score = 0;
  double cpuSeconds = 0;
  int solved() const { return correctTrue + correctFalse; }
  void add(const TaskOutcome& outcome);
};

/// Tallies per category (in order of first appearance), then "total".
std::vector<std::pair<std::string, Tally>> tallyByCategory(const std::vector<BenchTask>& tasks,
                                                           const std::vector<TaskOutcome>& outcomes);

std::string summaryMarkdown(const std::vector<BenchTask>& tasks, const RunResults& run);
/// Empty for fewer than two runs.
std::string comparisonMarkdown(const std::vector<BenchTask>& tasks, const std::vector<RunResults>& runs);

/// The virtual best of `members` (indexed like the task list): on each task the outcome with the highest
/// score, of those the one with the least wall time (the first member's on a tie). `fromMember` gets,
/// per task, the index of the member whose outcome was taken.
RunResults virtualBest(const std::string& name, const std::vector<const RunResults*>& members,
                       std::vector<size_t>* fromMember = nullptr);
/// What each member of a virtual best adds: per member the tasks it alone solves among `members`,
/// counted and named (up to `listed` per member).
std::string uniqueSolutionsMarkdown(const std::vector<BenchTask>& tasks, const std::string& name,
                                    const std::vector<const RunResults*>& members, size_t listed = 25);

/// Header plus one row per task; `statKeys` name the extra columns (values from TaskOutcome::stats).
std::string tsv(const std::vector<BenchTask>& tasks, const RunResults& run,
                const std::vector<std::string>& statKeys);

}  // namespace argus::cli::bench
