// `argus bench` as one MPI job (`mpirun -n K argus bench LIST...`, or srun): rank 0, the coordinator, reads
// the task list and hands out the (task, configuration) runs one at a time as the workers' job slots free
// up, and alone keeps the journal and writes the tables; ranks 1 to K-1, the workers, run what they are
// given exactly as a local bench does (a child process in its own process group under the time and memory
// limits, --jobs at a time, --cores slots for a wide configuration) and send each outcome back.
//
// The protocol (JSON bodies; tags in Distributed.cc):
//   worker -> HELLO {host, slots, fingerprint}   once; the fingerprint (Journal.h, without the tasks) names
//                                                 the arguments and the argus binary by its SHA-256, so a
//                                                 node with other bytes or other options is refused
//   coord  -> WELCOME {out}                       the output folder, where the worker writes its logs
//   coord  -> RUN {job, index, run, task}         while the worker has the slots the run takes; the task
//                                                 travels whole, so workers never read the task list
//   worker -> DONE {job, outcome}                 the outcome as a journal line (its configuration and task
//                                                 checked against the RUN); or FAILED {message}
//   coord  -> STOP {cancel}                       when every run is done, or the benchmark ends otherwise
// Only outcomes travel: the coordinator never reads a file a worker wrote, and a worker reads only the task
// files (from the file system the cluster shares) and its own runs' outputs.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/bench/Bench.h"
#include "cli/bench/MpiTransport.h"
#include "cli/bench/Outcome.h"

namespace argus::cli::bench {

/// One (task, configuration) run, by index into the task list and BenchConfig::runs.
struct RunAssignment {
  size_t task = 0;
  size_t run = 0;
};

/// How the coordinator's part ended.
struct Coordination {
  enum class End { Finished, Interrupted, Failed } end = End::Finished;
  std::string message;  // Failed: which rank, on which host, and why
};

/// Rank 0: hands out `order` (in that order; a run never passes over an earlier one that waits for slots)
/// to the worker ranks and calls `finished` with each outcome and the rank that ran it ("rank 2 (node7)"),
/// on this thread. It returns when every run finished, when SIGINT/SIGTERM arrived (the workers are told
/// to kill their runs), or when a worker failed or was refused (the others are stopped).
Coordination coordinate(MpiTransport& mpi, const BenchConfig& config, const std::vector<BenchTask>& tasks,
                        const std::vector<RunAssignment>& order, const std::function<int(size_t run)>& slotsOf,
                        const std::function<void(const RunAssignment&, const TaskOutcome&, const std::string& where)>&
                            finished);

/// Runs one configuration (index into BenchConfig::runs) on one task; `index` names its log files.
using RunOne = std::function<TaskOutcome(const BenchTask& task, size_t run, size_t index)>;

/// Ranks 1 to K-1: greets the coordinator, then runs what it sends with `runOne`, each in a thread of its
/// own, until told to stop. `welcome` is called with the output folder before the first run. Returns this
/// rank's exit code (0, or kBenchInterrupted when the benchmark was cancelled).
int work(MpiTransport& mpi, const BenchConfig& config, const std::function<void(const std::string& outDir)>& welcome,
         const RunOne& runOne);

}  // namespace argus::cli::bench
