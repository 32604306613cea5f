// The child-process runner and the registry of the children it waits for.
#include "util/Process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>

#include "util/Error.h"

namespace argus {
namespace {

/// In the child: redirect a standard stream to a file, or exit with 127 if that fails.
void redirect(int fd, const std::string& path) {
  if (path.empty()) return;
  int file = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (file < 0 || dup2(file, fd) < 0) _exit(127);
  close(file);
}

// The children runProcess waits for (each the leader of its process group). A child stays registered
// until it is reaped, so that killRunningChildren() never signals an id the system has given away again.
// Leaked on purpose: killRunningChildren() may run while static objects are destroyed.
std::mutex& childrenMutex() {
  static auto* mutex = new std::mutex;
  return *mutex;
}
/// The running children and the processes that wait for them (a forked copy of the registry does not
/// kill its parent's children).
std::map<pid_t, pid_t>& runningChildren() {
  static auto* children = new std::map<pid_t, pid_t>;
  return *children;
}
bool noMoreChildren = false;  // under childrenMutex()

/// Forgets the child, then reaps it (it has ended or been killed); its wait status.
int reap(pid_t pid) {
  {
    std::lock_guard<std::mutex> lock(childrenMutex());
    runningChildren().erase(pid);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

/// Our environment, with TMPDIR replaced when the spec names one (built before fork: the child may only
/// make async-signal-safe calls).
std::vector<std::string> childEnvironment(const ProcessSpec& spec) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
    if (spec.tmpDir.empty() || std::string_view(*e).rfind("TMPDIR=", 0) != 0) env.push_back(*e);
  if (!spec.tmpDir.empty()) env.push_back("TMPDIR=" + spec.tmpDir);
  return env;
}

}  // namespace

void killRunningChildren() {
  std::lock_guard<std::mutex> lock(childrenMutex());
  noMoreChildren = true;
  for (auto [child, parent] : runningChildren())
    if (parent == getpid()) kill(-child, SIGKILL);
}

ProcessResult runProcess(const ProcessSpec& spec) {
  ProcessResult result;
  INVARIANT(!spec.argv.empty(), "no program to run");
  std::vector<char*> argv;
  for (auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> environment = childEnvironment(spec);
  std::vector<char*> envp;
  for (auto& e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);

  // Registered under the lock that killRunningChildren() takes, so that no child escapes it.
  std::unique_lock<std::mutex> registering(childrenMutex());
  if (noMoreChildren) {
    registering.unlock();
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
  }
  // The child reports a failed exec through this pipe, which a successful exec closes (O_CLOEXEC).
  int execReport[2];
  if (pipe2(execReport, O_CLOEXEC) != 0) {
    result.errorText = std::string("pipe failed: ") + strerror(errno);
    return result;
  }
  pid_t parentId = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    result.errorText = std::string("fork failed: ") + strerror(errno);
    close(execReport[0]);
    close(execReport[1]);
    return result;
  }
  if (pid == 0) {
    setpgid(0, 0);  // own process group: a timeout kills whatever the child started too
    // A process that waits for us and is killed (a portfolio engine that lost) must not leave us behind:
    // a replayed program that loops would run for ever.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parentId) _exit(127);  // the parent already died
    int input = open(spec.stdinPath.empty() ? "/dev/null" : spec.stdinPath.c_str(), O_RDONLY);
    if (input < 0 && !spec.stdinPath.empty()) _exit(127);
    if (input >= 0) dup2(input, 0);
    redirect(1, spec.stdoutPath);
    redirect(2, spec.stderrPath);
    // Nothing else of ours is inherited: a descriptor kept open by a child (a pipe someone reads to its
    // end) would outlive us with it.
    auto report = static_cast<unsigned>(execReport[1]);
    if ((report > 3 && close_range(3, report - 1, 0) != 0) || close_range(report + 1, ~0U, 0) != 0)
      for (int fd = 3; fd < 1024; ++fd)
        if (fd != execReport[1]) close(fd);
    execve(argv[0], argv.data(), envp.data());
    int error = errno;
    [[maybe_unused]] ssize_t reported = write(execReport[1], &error, sizeof error);  // nothing to do if it fails
    _exit(127);
  }
  setpgid(pid, pid);
  runningChildren()[pid] = getpid();
  registering.unlock();
  close(execReport[1]);
  int execError = 0;
  ssize_t reported;
  do reported = read(execReport[0], &execError, sizeof execError);
  while (reported < 0 && errno == EINTR);
  close(execReport[0]);
  if (reported != sizeof execError) execError = 0;
  result.started = true;
  auto start = std::chrono::steady_clock::now();
  while (true) {
    // WNOWAIT: the child stays a zombie, its id reserved, until reap() has forgotten it.
    siginfo_t info{};
    int waited = waitid(P_PID, pid, &info, WEXITED | WNOWAIT | (spec.timeoutSeconds > 0 ? WNOHANG : 0));
    if (waited == 0 && info.si_pid == pid) break;
    if (waited < 0 && errno != EINTR) {
      result.errorText = std::string("waitid failed: ") + strerror(errno);
      reap(pid);
      return result;
    }
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (spec.timeoutSeconds > 0 && elapsed > spec.timeoutSeconds) {
      kill(-pid, SIGKILL);
      reap(pid);
      result.timedOut = true;
      return result;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  int status = reap(pid);
  if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  if (result.exitCode == 127) result.errorText = "could not run " + spec.argv[0];
  if (execError != 0) {
    result.started = false;
    result.execError = execError;
    result.errorText = "cannot run " + spec.argv[0] + ": " + strerror(execError);
  }
  return result;
}

}  // namespace argus
