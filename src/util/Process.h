// Running a child process (no shell) under a wall-clock timeout, in a process group of its own so that a
// timeout kills whatever it started too. The children being waited for are registered, so that a process
// that must end at once (the hard deadline, a second Ctrl-C, std::terminate) can kill them first: neither
// a Ctrl-C nor the end of argus reaches another process group.
#pragma once

#include <string>
#include <vector>

namespace argus {

struct ProcessResult {
  bool started = false;   // false: fork/exec failed (errorText says why)
  bool timedOut = false;  // killed after the timeout
  int exitCode = -1;      // valid when the child exited normally
  int signal = 0;         // the signal that ended the child, if any
  int execError = 0;      // the errno of a failed exec (ENOEXEC: a binary this machine cannot run)
  std::string errorText;
};

struct ProcessSpec {
  std::vector<std::string> argv;
  std::string stdinPath;   // empty: /dev/null
  std::string stdoutPath;  // empty: inherit ours
  std::string stderrPath;  // empty: inherit ours
  double timeoutSeconds = 0;  // 0: none
  /// Non-empty: the child's $TMPDIR. A folder we remove, so that what the child leaves there (clang's
  /// object files when it is killed while linking) goes with it.
  std::string tmpDir;
};

/// Runs a child process (no shell) and waits for it; on timeout, kills its whole process group.
ProcessResult runProcess(const ProcessSpec& spec);

/// Kills the process group of every child that runProcess is waiting for. Only for a process about to end
/// without unwinding: a thread that calls runProcess afterwards waits for that end instead of starting a
/// child that would outlive it. Not async-signal-safe.
void killRunningChildren();

}  // namespace argus
