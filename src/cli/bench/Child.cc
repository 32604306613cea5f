// fork/exec with limits and a polling wait. Between fork and exec the child only calls async-signal-safe
// functions (other threads of the bench may hold locks at fork time), so everything it needs is
// prepared before the fork.
#include "cli/bench/Child.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace argus::cli::bench {
namespace {

[[noreturn]] void execChild(char* const* argv, int out, int err, long memoryMB, pid_t bench) {
  setpgid(0, 0);
  // A bench that dies at once (SIGKILL; under mpirun a rank that is killed) takes its run along rather than
  // leaving it to run to its own time limit; the thread that forked waits for the child, so it outlives it.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != bench) _exit(127);  // it died before the line above
  dup2(out, STDOUT_FILENO);
  dup2(err, STDERR_FILENO);
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0) dup2(devnull, STDIN_FILENO);
  if (memoryMB > 0) {
    rlimit limit;
    limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(memoryMB) * 1024 * 1024;
    setrlimit(RLIMIT_AS, &limit);
  }
  // The bench may ignore or block signals; the task must start with the defaults.
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  execvp(argv[0], argv);
  const char msg[] = "argus bench: cannot execute the command\n";
  (void)!write(STDERR_FILENO, msg, sizeof msg - 1);
  _exit(127);
}

void killGroup(pid_t pid) {
  kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
}

double seconds(const timeval& tv) { return static_cast<double>(tv.tv_sec) + tv.tv_usec / 1e6; }

}  // namespace

ChildOutcome runChild(const ChildSpec& spec, const std::atomic<bool>* cancel) {
  ChildOutcome outcome;
  if (spec.argv.empty()) {
    outcome.error = "empty command";
    return outcome;
  }
  std::vector<char*> argv;
  for (auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int out = open(spec.stdoutFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int err = open(spec.stderrFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0 || err < 0) {
    outcome.error =
        "cannot create " + (out < 0 ? spec.stdoutFile : spec.stderrFile) + ": " + std::strerror(errno);
    if (out >= 0) close(out);
    if (err >= 0) close(err);
    return outcome;
  }
  auto start = std::chrono::steady_clock::now();
  pid_t bench = getpid();
  pid_t pid = fork();
  if (pid == 0) execChild(argv.data(), out, err, spec.memoryMB, bench);
  close(out);
  close(err);
  if (pid < 0) {
    outcome.error = std::string("fork failed: ") + std::strerror(errno);
    return outcome;
  }
  setpgid(pid, pid);  // also here, so that a kill right after fork reaches the group
  outcome.started = true;
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  int status = 0;
  rusage usage{};
  for (int napMs = 1;; napMs = std::min(napMs * 2, 50)) {
    pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      outcome.error = std::string("wait failed: ") + std::strerror(errno);
      break;
    }
    bool overTime = spec.killAfterSeconds > 0 && elapsed() > spec.killAfterSeconds;
    bool cancelled = cancel && cancel->load();
    if ((overTime || cancelled) && !outcome.killedByLimit && !outcome.cancelled) {
      outcome.killedByLimit = overTime;
      outcome.cancelled = !overTime;
      killGroup(pid);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(napMs));
  }
  // Descendants that outlived the child (e.g. a replay binary) go with the group.
  kill(-pid, SIGKILL);
  outcome.wallSeconds = elapsed();
  outcome.cpuSeconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  outcome.maxRssKB = usage.ru_maxrss;
  if (WIFEXITED(status)) outcome.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  return outcome;
}

}  // namespace argus::cli::bench
