// ShutdownToken implementation: callbacks are copied out of the lock before they run, so that a callback
// may itself touch the token (or a child) without deadlock.
#include "util/Shutdown.h"

#include <algorithm>
#include <cmath>

namespace argus {

std::shared_ptr<ShutdownToken> ShutdownToken::childOf(const std::shared_ptr<ShutdownToken>& parent) {
  auto child = std::make_shared<ShutdownToken>();
  child->parent_ = parent;
  if (parent) {
    std::lock_guard<std::mutex> lock(parent->mutex_);
    parent->children_.push_back(child);
  }
  return child;
}

void ShutdownToken::setTimeout(double seconds) {
  if (!(seconds > 0)) {
    hasDeadline_ = false;
    return;
  }
  setDeadline(deadlineAfter(seconds));
}

ShutdownToken::Clock::time_point ShutdownToken::deadlineAfter(double seconds) {
  Clock::time_point now = Clock::now();
  // Converting more seconds than the clock can count is undefined behaviour; half the room is plenty.
  double room = std::chrono::duration<double>(Clock::time_point::max() - now).count() / 2;
  if (!(seconds < room)) return Clock::time_point::max();
  return now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(seconds, 0.0)));
}

void ShutdownToken::setDeadline(Clock::time_point deadline) {
  deadlineTicks_ = deadline.time_since_epoch().count();
  hasDeadline_ = true;
}

void ShutdownToken::requestStop(const std::string& reason) {
  std::vector<std::function<void()>> callbacks;
  std::vector<std::shared_ptr<ShutdownToken>> children;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_) return;
    reason_ = reason;
    stopped_ = true;
    for (auto& [id, cb] : callbacks_) callbacks.push_back(cb);
    for (auto& weak : children_)
      if (auto c = weak.lock()) children.push_back(c);
  }
  {
    std::lock_guard<std::recursive_mutex> running(runningCallbacks_);
    for (auto& cb : callbacks) cb();
  }
  for (auto& c : children) c->requestStop(reason);
}

bool ShutdownToken::timedOut() const {
  if (hasDeadline_ && Clock::now().time_since_epoch().count() >= deadlineTicks_) return true;
  return parent_ && parent_->timedOut();
}

bool ShutdownToken::stopRequested() const {
  if (stopped_) return true;
  if (timedOut()) return true;
  return parent_ && parent_->stopRequested();
}

std::string ShutdownToken::reason() const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_) return reason_;
  }
  if (timedOut()) return "timeout";
  if (parent_) return parent_->reason();
  return "";
}

double ShutdownToken::remainingSeconds() const {
  double mine = std::numeric_limits<double>::infinity();
  if (hasDeadline_) {
    auto ticks = deadlineTicks_ - Clock::now().time_since_epoch().count();
    mine = std::chrono::duration<double>(Clock::duration(ticks)).count();
  }
  if (parent_) mine = std::min(mine, parent_->remainingSeconds());
  return mine;
}

int ShutdownToken::onStop(std::function<void()> callback) {
  std::lock_guard<std::mutex> lock(mutex_);
  int id = nextId_++;
  callbacks_[id] = std::move(callback);
  return id;
}

void ShutdownToken::removeOnStop(int id) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    callbacks_.erase(id);
  }
  // A stop that copied the callbacks before the erase may still be running ours: wait for it.
  std::lock_guard<std::recursive_mutex> running(runningCallbacks_);
}

DeadlineWatch::DeadlineWatch(std::shared_ptr<ShutdownToken> token) : token_(std::move(token)) {
  double left = token_ ? token_->remainingSeconds() : std::numeric_limits<double>::infinity();
  if (!std::isfinite(left)) return;  // no deadline: nothing to watch
  auto deadline = ShutdownToken::deadlineAfter(left);
  watcher_ = std::thread([this, deadline] {
    std::unique_lock<std::mutex> lock(mutex_);
    if (wake_.wait_until(lock, deadline, [this] { return done_; })) return;
    lock.unlock();
    token_->requestStop("timeout");
  });
}

DeadlineWatch::~DeadlineWatch() {
  if (!watcher_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  watcher_.join();
}

}  // namespace argus
