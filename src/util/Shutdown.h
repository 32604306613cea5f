// Cooperative cancellation: a deadline plus an explicit stop request, shared by everything one run does.
//
// Engine loops poll stopRequested(); long solver calls register an interrupt callback with onStop() so
// that a stop request (portfolio: a winner was found; user: Ctrl-C) cuts them short at once. The
// deadline itself is enforced by giving each solver call the remaining time as its own timeout.
// Child tokens stop with their parent, or alone (a portfolio stops one loser without stopping the run).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace argus {

class ShutdownToken {
 public:
  using Clock = std::chrono::steady_clock;

  ShutdownToken() = default;
  ShutdownToken(const ShutdownToken&) = delete;
  ShutdownToken& operator=(const ShutdownToken&) = delete;

  /// A token that stops when `parent` stops (and may be stopped on its own).
  static std::shared_ptr<ShutdownToken> childOf(const std::shared_ptr<ShutdownToken>& parent);

  /// Seconds from now; <= 0 (or not a number) means no deadline.
  void setTimeout(double seconds);
  /// Now plus `seconds` (at least 0); a time too far to represent (1e300 s, infinity) is the farthest one.
  static Clock::time_point deadlineAfter(double seconds);
  void setDeadline(Clock::time_point deadline);

  /// Stops everything that watches this token (and its children); callbacks run in the caller's thread.
  void requestStop(const std::string& reason = "cancelled");

  /// True after requestStop() here or in a parent, or once the deadline has passed.
  bool stopRequested() const;
  bool timedOut() const;
  /// Why the run stopped: "timeout", or the reason given to requestStop().
  std::string reason() const;
  /// Seconds until the nearest deadline of this token and its parents; +inf without deadline.
  double remainingSeconds() const;

  /// Registers a callback fired on stop (not on deadline); returns an id for removeOnStop().
  int onStop(std::function<void()> callback);
  /// Unregisters; if a stop is running the callbacks right now, waits until they are done, so that
  /// whatever a callback refers to may be destroyed once this returns.
  void removeOnStop(int id);

 private:
  std::shared_ptr<ShutdownToken> parent_;
  std::atomic<bool> stopped_{false};
  std::atomic<bool> hasDeadline_{false};
  std::atomic<Clock::rep> deadlineTicks_{0};
  mutable std::mutex mutex_;
  std::recursive_mutex runningCallbacks_;  // held while callbacks run (see removeOnStop)
  std::string reason_;
  std::map<int, std::function<void()>> callbacks_;
  std::vector<std::weak_ptr<ShutdownToken>> children_;
  int nextId_ = 0;
};

/// Registers a stop callback for the lifetime of a scope (e.g. one solver call).
class StopCallbackScope {
 public:
  StopCallbackScope(ShutdownToken* token, std::function<void()> callback)
      : token_(token), id_(token ? token->onStop(std::move(callback)) : -1) {}
  ~StopCallbackScope() {
    if (token_) token_->removeOnStop(id_);
  }
  StopCallbackScope(const StopCallbackScope&) = delete;
  StopCallbackScope& operator=(const StopCallbackScope&) = delete;

 private:
  ShutdownToken* token_;
  int id_;
};

/// Thrown by long computations outside the engines' loops (building a Horn encoding, say) when their
/// token stops; the engine that started them returns RunContext::stopped().
struct StopRequestedError : std::runtime_error {
  StopRequestedError() : std::runtime_error("stopped") {}
};
inline void throwIfStopped(const ShutdownToken* token) {
  if (token && token->stopRequested()) throw StopRequestedError();
}

/// While it lives, the token's deadline (its own or a parent's, as remainingSeconds() gives it) becomes a
/// stop request "timeout" when it passes, so that the stop callbacks fire then too: each solver call
/// gets the remaining time as its own timeout, but Z3 checks that timeout only now and then (a large
/// query can run on for many seconds), while an interrupt from a callback stops it at once. A thread of
/// its own waits for the deadline; create it in the process that runs the engine (a forked portfolio child
/// has no thread of its parent's).
class DeadlineWatch {
 public:
  explicit DeadlineWatch(std::shared_ptr<ShutdownToken> token);
  ~DeadlineWatch();
  DeadlineWatch(const DeadlineWatch&) = delete;
  DeadlineWatch& operator=(const DeadlineWatch&) = delete;

 private:
  std::shared_ptr<ShutdownToken> token_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread watcher_;
};

}  // namespace argus
