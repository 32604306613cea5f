// Guards one `argus verify` run from outside the engine: SIGINT/SIGTERM request a cooperative stop of the
// run's ShutdownToken (a second signal ends the process as that signal does, once what must not outlive
// argus is gone: see releaseBeforeEndingAtOnce), and a hard deadline (timeout plus grace) calls a give-up
// action even if an engine or the certifier does not notice the stop in time. Signal handlers only write
// a byte to a pipe; a watcher thread does the rest.
#pragma once

#include <functional>
#include <memory>
#include <thread>

#include "util/Shutdown.h"

namespace argus::cli {

/// Kills the child processes argus waits for (they run in process groups of their own, which neither a
/// Ctrl-C nor the end of argus reaches) and removes its temporary folders: for every way argus ends at
/// once, without running destructors (the hard deadline, a second signal, std::terminate).
void releaseBeforeEndingAtOnce();

class RunGuard {
 public:
  /// `hardDeadlineSeconds` <= 0: no hard deadline. `onDeadline` runs in the watcher thread.
  RunGuard(std::shared_ptr<ShutdownToken> token, double hardDeadlineSeconds,
           std::function<void()> onDeadline);
  ~RunGuard();
  RunGuard(const RunGuard&) = delete;
  RunGuard& operator=(const RunGuard&) = delete;

 private:
  void watch();

  std::shared_ptr<ShutdownToken> token_;
  double hardDeadlineSeconds_;
  std::function<void()> onDeadline_;
  int pipe_[2] = {-1, -1};
  std::thread watcher_;
};

}  // namespace argus::cli
