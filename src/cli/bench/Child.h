// Running one benchmark command in a child process under limits: its own process group (killed as a
// whole after the wall-clock limit), an address-space limit (RLIMIT_AS), stdout and stderr to files,
// and the resources it used (wall time, CPU time of it and its waited-for descendants, peak memory).
#pragma once

#include <atomic>
#include <string>
#include <vector>

namespace argus::cli::bench {

struct ChildSpec {
  std::vector<std::string> argv;  // argv[0] is the program (searched in PATH when it has no '/')
  std::string stdoutFile, stderrFile;
  double killAfterSeconds = 0;  // wall clock; <= 0: no limit
  long memoryMB = 0;            // RLIMIT_AS; <= 0: no limit
};

struct ChildOutcome {
  bool started = false;  // false: fork or exec failed (see error)
  std::string error;
  int exitCode = -1;           // when it exited normally
  int signal = 0;              // when a signal ended it
  bool killedByLimit = false;  // we killed it after killAfterSeconds
  bool cancelled = false;      // we killed it because the run was cancelled
  double wallSeconds = 0, cpuSeconds = 0;
  long maxRssKB = 0;
};

/// Runs the command and waits for it. `cancel` (may be null) is polled: when it turns true the child's
/// process group is killed.
ChildOutcome runChild(const ChildSpec& spec, const std::atomic<bool>* cancel);

}  // namespace argus::cli::bench
