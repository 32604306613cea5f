// SIGINT and SIGTERM as a request to stop a long run (argus bench, argus_difftest): while an
// InterruptScope lives they set a flag, which runChild polls to kill the running children, instead of
// ending the process; the run then reports what finished.
#pragma once

#include <signal.h>

#include <atomic>

namespace argus::cli::bench {

class InterruptScope {
 public:
  InterruptScope();   // clears the flag and installs the handlers
  ~InterruptScope();  // restores the previous handlers
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  /// Set once SIGINT or SIGTERM arrived (pass it to runChild as `cancel`).
  static const std::atomic<bool>& flag();
  static bool interrupted() { return flag().load(); }
  /// Sets the flag as a signal would: a worker rank told to stop by its coordinator (Distributed.h).
  static void request();

 private:
  struct sigaction oldInt_ {}, oldTerm_{};
};

}  // namespace argus::cli::bench
