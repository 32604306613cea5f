// Self-pipe signal handling and the hard deadline of a verify run.
#include "cli/RunGuard.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include "portfolio/Portfolio.h"
#include "util/Error.h"
#include "util/Process.h"
#include "util/TempDir.h"

namespace argus::cli {
namespace {

// The pipe carries the number of each signal caught, or kQuit (no signal has number 0).
constexpr char kQuit = 0;

// The write end of the current guard's pipe, for the signal handler (one guard at a time).
volatile sig_atomic_t wakeFd = -1;

void onSignal(int signal) {
  int saved = errno;
  char c = static_cast<char>(signal);
  if (wakeFd >= 0) (void)!write(wakeFd, &c, 1);
  errno = saved;
}

void installHandlers() {
  struct sigaction action {};
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

void restoreHandlers() {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
}

}  // namespace

void releaseBeforeEndingAtOnce() {
  portfolio::killPortfolioChildren();
  killRunningChildren();  // first, so that none of them writes into a folder being removed
  removeLiveTempDirs();
}

RunGuard::RunGuard(std::shared_ptr<ShutdownToken> token, double hardDeadlineSeconds,
                   std::function<void()> onDeadline)
    : token_(std::move(token)),
      hardDeadlineSeconds_(hardDeadlineSeconds),
      onDeadline_(std::move(onDeadline)) {
  INVARIANT(wakeFd < 0, "two RunGuards at once");
  if (pipe2(pipe_, O_CLOEXEC) != 0) throw InternalError("cannot create the signal pipe");
  wakeFd = pipe_[1];
  installHandlers();
  watcher_ = std::thread([this] { watch(); });
}

RunGuard::~RunGuard() {
  restoreHandlers();
  char c = kQuit;
  (void)!write(pipe_[1], &c, 1);
  watcher_.join();
  wakeFd = -1;
  close(pipe_[0]);
  close(pipe_[1]);
}

void RunGuard::watch() {
  auto deadline = ShutdownToken::deadlineAfter(hardDeadlineSeconds_);
  int signals = 0;
  for (;;) {
    int waitMs = -1;
    if (hardDeadlineSeconds_ > 0) {
      double left = std::chrono::duration<double>(deadline - ShutdownToken::Clock::now()).count();
      // At most a day per wait: a far deadline (--timeout 1e300) must not overflow poll's int.
      waitMs = static_cast<int>(std::ceil(std::clamp(left, 0.0, 86400.0) * 1000));
    }
    pollfd fd{pipe_[0], POLLIN, 0};
    int ready = poll(&fd, 1, waitMs);
    if (ready == 0) {
      if (onDeadline_) onDeadline_();
      return;
    }
    char c = 0;
    if (ready < 0 || read(pipe_[0], &c, 1) != 1) continue;
    if (c == kQuit) return;
    if (++signals == 1) {
      token_->requestStop("interrupted");
      continue;
    }
    // The second signal: end at once, as the signal would have ended argus without our handler.
    releaseBeforeEndingAtOnce();
    signal(c, SIG_DFL);
    raise(c);
    std::_Exit(128 + c);  // not reached: the default action of SIGINT and SIGTERM ends the process
  }
}

}  // namespace argus::cli
