// Self-pipe signal handling and the hard deadline of a verify run.
#include "cli/RunGuard.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>

#include "util/Error.h"

namespace argus::cli {
namespace {

constexpr char kInterrupt = 'i';
constexpr char kQuit = 'q';

// The write end of the current guard's pipe, for the signal handler (one guard at a time).
volatile sig_atomic_t wakeFd = -1;

void onSignal(int) {
  int saved = errno;
  char c = kInterrupt;
  if (wakeFd >= 0) (void)!write(wakeFd, &c, 1);
  errno = saved;
}

void installHandlers() {
  struct sigaction action {};
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // the second Ctrl-C gets the default action
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

void restoreHandlers() {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
}

}  // namespace

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
    token_->requestStop("interrupted");
  }
}

}  // namespace argus::cli
