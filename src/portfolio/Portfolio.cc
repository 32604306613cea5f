// Forked engine processes, their reports through pipes, and the default engine lists.
#include "portfolio/Portfolio.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <thread>

#include "util/Error.h"
#include "util/Options.h"
#include "util/Stats.h"

namespace argus::portfolio {
namespace {

// A report travels as one header line
// "ARGUS-REPORT <decided> <exit code> <stdout bytes> <json bytes> <witness bytes> <stderr bytes>" followed
// by the texts.
constexpr const char* kHeader = "ARGUS-REPORT";
// Before the report, a child may send this line once: its engine answered and certify is checking.
constexpr std::string_view kCertifying = "ARGUS-CERTIFYING\n";
// The pipe to the parent, in a portfolio child (-1 elsewhere).
int reportFd = -1;

std::string serialize(const RunReport& r) {
  std::ostringstream out;
  out << kHeader << ' ' << (r.decided ? 1 : 0) << ' ' << r.exitCode << ' ' << r.stdoutText.size() << ' '
      << r.jsonText.size() << ' ' << r.witnessText.size() << ' ' << r.stderrText.size() << '\n'
      << r.stdoutText << r.jsonText << r.witnessText << r.stderrText;
  return out.str();
}

/// The report in `bytes`, or nothing when they are not a whole report (the child died while writing).
std::optional<RunReport> deserialize(const std::string& bytes) {
  size_t eol = bytes.find('\n');
  if (eol == std::string::npos) return std::nullopt;
  std::istringstream header(bytes.substr(0, eol));
  std::string tag;
  int decided = 0;
  RunReport r;
  size_t outSize = 0, jsonSize = 0, witnessSize = 0, errSize = 0;
  if (!(header >> tag >> decided >> r.exitCode >> outSize >> jsonSize >> witnessSize >> errSize) || tag != kHeader)
    return std::nullopt;
  if (bytes.size() != eol + 1 + outSize + jsonSize + witnessSize + errSize) return std::nullopt;
  r.decided = decided != 0;
  r.stdoutText = bytes.substr(eol + 1, outSize);
  r.jsonText = bytes.substr(eol + 1 + outSize, jsonSize);
  r.witnessText = bytes.substr(eol + 1 + outSize + jsonSize, witnessSize);
  r.stderrText = bytes.substr(eol + 1 + outSize + jsonSize + witnessSize, errSize);
  return r;
}

bool writeAll(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

std::string describeStatus(int status) {
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    return fmt::format("the engine's process was killed by signal {} ({})", sig, strsignal(sig));
  }
  if (WIFEXITED(status)) return fmt::format("the engine's process exited with {} without a report", WEXITSTATUS(status));
  return "the engine's process ended without a report";
}

// The portfolio children of this process, for killPortfolioChildren() (called from the deadline's thread).
// Not util/Process's registry: registering there means holding its mutex across fork() (so that no child
// escapes killRunningChildren), harmless for a child that execs at once; but a portfolio child goes on
// running argus and calls runProcess (native replay), which would find its copy of that mutex locked.
std::mutex& childrenMutex() {
  static auto* mutex = new std::mutex;  // leaked: may be used while statics are destroyed
  return *mutex;
}
std::set<pid_t>& liveChildren() {
  static auto* children = new std::set<pid_t>;
  return *children;
}

struct Running {
  std::string engine;
  pid_t pid;
  int fd;
  std::string bytes;
  Stopwatch clock;
  double deadline;  // seconds on `clock` after which it yields its slot (infinity: none)
  bool certifying = false;  // it announced an answer under certification: no share applies any more
};

/// In the child: run the engine, send the report, end without unwinding (the parent's objects are not ours
/// to destroy: temporary folders, the parent's streams).
[[noreturn]] void childMain(const std::string& engine, int fd,
                            const std::function<RunReport(const std::string&)>& run) {
  setpgid(0, 0);  // its own group: killing it kills what it started (a native replay) too
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  reportFd = fd;
  int code = 0;
  try {
    RunReport r = run(engine);
    if (!writeAll(fd, serialize(r))) code = 3;
  } catch (...) {
    code = 3;
  }
  close(fd);
  _exit(code);
}

Running start(const std::string& engine, double deadline,
              const std::function<RunReport(const std::string&)>& run) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw InternalError(std::string("cannot create a pipe: ") + strerror(errno));
  // Nothing buffered may be written twice (once by the child's copy of the buffer).
  fflush(nullptr);
  std::lock_guard<std::mutex> lock(childrenMutex());
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw InternalError(std::string("fork failed: ") + strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    childMain(engine, fds[1], run);
  }
  setpgid(pid, pid);
  liveChildren().insert(pid);
  close(fds[1]);
  return Running{engine, pid, fds[0], "", Stopwatch(), deadline};
}

int reap(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::lock_guard<std::mutex> lock(childrenMutex());
  liveChildren().erase(pid);
  return status;
}

void killAndReap(Running& r) {
  kill(-r.pid, SIGKILL);
  kill(r.pid, SIGKILL);
  close(r.fd);
  reap(r.pid);
}

/// Takes the certification announcement off the front of what the child sent, once it is all there.
void noteCertifying(Running& r) {
  if (r.certifying || r.bytes.compare(0, kCertifying.size(), kCertifying) != 0) return;
  r.bytes.erase(0, kCertifying.size());
  r.certifying = true;
  r.deadline = std::numeric_limits<double>::infinity();
}

/// Reads what is there (and takes a certification announcement off the front); true at the end of the
/// child's output.
bool drain(Running& r) {
  char buffer[65536];
  bool ended = false;
  for (;;) {
    ssize_t n = read(r.fd, buffer, sizeof buffer);
    if (n > 0) {
      r.bytes.append(buffer, static_cast<size_t>(n));
      if (static_cast<size_t>(n) < sizeof buffer) break;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    ended = true;  // 0: end of file; an error ends it as well
    break;
  }
  noteCertifying(r);
  return ended;
}

/// Whether the child has announced that certify is checking its answer, reading what it sent if needed.
/// Its report, when it is all there already, stays in r.bytes for the poll that follows.
bool announcedCertifying(Running& r) {
  pollfd fd{r.fd, POLLIN, 0};
  // At the end of the child's output, the poll that follows finishes it.
  if (!r.certifying && poll(&fd, 1, 0) > 0 && (fd.revents & POLLIN)) drain(r);
  return r.certifying;
}

RunReport finish(Running& r) {
  close(r.fd);
  int status = reap(r.pid);
  std::optional<RunReport> report = deserialize(r.bytes);
  RunReport out = report ? *report : RunReport{};
  out.engine = r.engine;
  out.seconds = r.clock.seconds();
  if (!report || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    out.decided = false;
    out.failure = describeStatus(status);
  }
  return out;
}

// How long after the time limit a running engine may take to report (see runParallel).
constexpr double kLateSeconds = 1.0;

}  // namespace

PortfolioOutcome runParallel(const std::vector<Slot>& slots, unsigned jobs, double timeLimitSeconds,
                             const std::function<RunReport(const std::string&)>& run,
                             const std::function<bool()>& stopRequested,
                             const std::function<bool()>& timeUp) {
  INVARIANT(jobs >= 1, "a portfolio needs at least one job");
  const double budget = timeLimitSeconds > 0 ? timeLimitSeconds : kBudgetWithoutLimit;
  PortfolioOutcome outcome;
  std::vector<Running> running;
  size_t next = 0;
  auto stopAll = [&] {
    for (Running& r : running) {
      outcome.killed.push_back(r.engine);
      killAndReap(r);
    }
    running.clear();
  };
  auto deadlineOf = [&](const Slot& s) {
    return s.share > 0 ? s.share * budget : std::numeric_limits<double>::infinity();
  };
  std::optional<Stopwatch> sinceTimeUp;  // from when timeUp() was first seen true
  while (next < slots.size() || !running.empty()) {
    if (!sinceTimeUp && timeUp && timeUp()) sinceTimeUp.emplace();
    if (next < slots.size() && sinceTimeUp) {
      for (; next < slots.size(); ++next) outcome.notStarted.push_back(slots[next].engine);
      if (running.empty()) break;
    }
    // An engine stops by itself at the time limit (its deadline interrupts its solver), but Z3 may take
    // seconds to notice in a large query: one that has not reported kLateSeconds after the limit, and is
    // not certifying an answer, yields its slot as if its share had passed.
    if (sinceTimeUp && sinceTimeUp->seconds() >= kLateSeconds)
      for (Running& r : running) r.deadline = std::min(r.deadline, r.clock.seconds());
    while (running.size() < jobs && next < slots.size()) {
      running.push_back(start(slots[next].engine, deadlineOf(slots[next]), run));
      ++next;
    }
    // A share that has passed: the engine gives its slot up (whatever it found so far is lost), unless it
    // has announced an answer that certify is checking (an announcement not yet read is read first).
    for (size_t i = running.size(); i-- > 0;)
      if (running[i].clock.seconds() >= running[i].deadline && !announcedCertifying(running[i])) {
        outcome.yielded.push_back(running[i].engine);
        killAndReap(running[i]);
        running.erase(running.begin() + static_cast<long>(i));
      }
    if (running.empty()) continue;
    std::vector<pollfd> fds;
    for (Running& r : running) fds.push_back({r.fd, POLLIN, 0});
    int ready = poll(fds.data(), fds.size(), 100);
    if (stopRequested && stopRequested()) {
      stopAll();
      return outcome;
    }
    if (ready <= 0) continue;
    for (size_t i = fds.size(); i-- > 0;) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      if (!drain(running[i])) continue;
      outcome.reports.push_back(finish(running[i]));
      running.erase(running.begin() + static_cast<long>(i));
      if (outcome.reports.back().decided) {
        outcome.winner = outcome.reports.size() - 1;
        stopAll();
        return outcome;
      }
    }
  }
  return outcome;
}

void announceCertifying() {
  static bool announced = false;  // once: the parent takes one announcement off the front of the report
  if (reportFd < 0 || announced) return;
  announced = true;
  writeAll(reportFd, std::string(kCertifying));
}

void killPortfolioChildren() {
  std::lock_guard<std::mutex> lock(childrenMutex());
  for (pid_t child : liveChildren()) {
    kill(-child, SIGKILL);
    kill(child, SIGKILL);
  }
}

std::vector<Slot> defaultEngines(const Shape& shape) {
  // C without recursion: kind proves most and finds the bugs bmc finds, so it keeps one core to the end.
  // On the other, the engines that solve some tasks alone and then nearly always within a second or two
  // get short turns first (predabs, bmc for bugs kind reaches late, maxsmt), then recmc runs to the end
  // (it proves others with procedure summaries); impact waits for a slot that an engine gives up.
  // Measured on the hola tasks at 30 s with kind and recmc from the start: the default missed hola/14
  // (maxsmt 0.4 s), 17 and 19 (predabs 0.3 s), which no other engine proves within 30 s. Since maxsmt
  // samples equalities on either side of loop conditions it proves alone hola/12 and 14 (5-6 s), so its
  // share is a third of the budget rather than a twentieth (loop-invgen/half_2, 9-27 s alone, stays beyond).
  // predabs's share is a fifth: alone it decides four C tasks in 3-4.5 s (docs/measurements/issue13-predabs-c),
  // and beside kind, whose invariant generator is a thread of its own, it runs 1.7 times slower (systemc/
  // pc_sfifo_2.cil-1: 2.6 s alone, 4.4-4.7 s there, beyond a share of 0.1). scripts/portfolio_sim.py on the
  // singles' runs with that slowdown: 0.2 decides one task more than 0.1 or 0.15, and none less.
  // Recursion: kind, predabs and impact inline and refuse it; recmc proves, bmc unrolls to bugs.
  // Clauses: on linear systems kind, predabs and maxsmt each prove files the others do not, nearly all
  // within a fifth of the budget where they do at all, while recmc proves the most but some only late.
  // So kind gets a short turn on one core and maxsmt the rest of it, predabs a longer one on the other
  // core and recmc the rest. bmc waits for an engine that gives up: kind's base case is bmc, and kind and
  // recmc find every counterexample bmc finds. The files that remained unsolved by the default in the runs
  // of docs/measurements/issue13-chc* were all beyond a share: maxsmt needs 5-8 s on reve/020 from a start at
  // 2 s (it had a share of 4 s and bmc the rest), predabs 4.4-8.7 s on FIREFLY_u1 and s_split_30/34 (share
  // 4 s). scripts/portfolio_sim.py on the four journals: this list decides 2-3 files more than that one and
  // none fewer (recmc's late proofs still fit in the 4 s it has left).
  // Non-linear systems only recmc proves.
  // Linear systems over the reals (LRA-Lin): recmc keeps a core from the start. kind's proofs there are
  // mostly by its forward condition (bounded executions), whose model is a least-fixpoint iteration with
  // Z3's QE over dozens of reals and ites that does not finish within the certification budget, so the
  // core kind holds is lost to the others. RecMC's projection is Loos–Weispfenning (ArithProjection.h).
  if (shape.clauses && !shape.nonLinear && shape.reals)
    return {{"recmc"}, {"kind", 0.2}, {"predabs", 0.6}, {"bmc"}, {"maxsmt"}, {"impact"}};
  if (shape.clauses)
    return shape.nonLinear ? std::vector<Slot>{{"recmc"}, {"bmc"}}
                           : std::vector<Slot>{{"kind", 0.2}, {"predabs", 0.6}, {"maxsmt"}, {"recmc"},
                                               {"bmc"}, {"impact"}};
  // Floating point: only bmc and kind take it (engines::EngineInfo::floatingPoint); kind proves and finds
  // bugs, bmc's deeper unwindings find those kind's base case reaches late.
  if (shape.floatingPoint) return {{"kind"}, {"bmc"}};
  if (shape.recursive) return {{"recmc"}, {"bmc"}};
  // Driver-sized programs: kind's base case (bmc) and predabs's first large block each hold the whole
  // program, which Z3 did not decide within 90 s on any of the ten ntdrivers tasks; corral's lazily inlined
  // queries found two of their bugs alone (diskperf.i.cil-2 in 2.5 s, parport.i.cil-1 in 27 s), so it takes
  // the other core first, for half of the time.
  if (shape.manyProcedures)
    return {{"kind"}, {"corral", 0.5}, {"predabs", 0.2}, {"bmc", 0.1}, {"maxsmt", 0.35}, {"recmc"}, {"impact"}};
  return {{"kind"}, {"predabs", 0.2}, {"bmc", 0.1}, {"maxsmt", 0.35}, {"recmc"}, {"impact"}};
}

std::optional<std::string> presetEngines(const std::string& preset) {
  if (preset == "sv-comp" || preset == "chc-comp") return "auto";
  if (preset == "bug-finding") return "bmc,kind";
  if (preset == "proof") return "kind,recmc,predabs,impact,maxsmt";
  return std::nullopt;
}

std::vector<std::string> presetNames() { return {"sv-comp", "chc-comp", "bug-finding", "proof"}; }

namespace {
std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  s.erase(s.find_last_not_of(" \t") + 1);
  return s;
}
}  // namespace

std::vector<Slot> parseEngineList(const std::string& list) {
  std::vector<Slot> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    Slot slot{trimmed(item.substr(0, item.find('@')))};
    if (size_t at = item.find('@'); at != std::string::npos) {
      std::string share = trimmed(item.substr(at + 1));
      char* end = nullptr;
      slot.share = std::strtod(share.c_str(), &end);
      if (share.empty() || *end != '\0' || !(slot.share > 0 && slot.share < 1))
        throw OptionError(fmt::format("engine list '{}': the share of '{}' must be a number between 0 and 1 "
                                      "(the part of the time limit it may run), not '{}'",
                                      list, slot.engine, share));
    }
    if (slot.engine.empty()) continue;
    std::vector<Slot> slots{slot};
    if (auto combined = combination(slot.engine)) {
      if (slot.share > 0)
        throw OptionError(fmt::format("engine list '{}': '{}' is a combination with shares of its own", list, slot.engine));
      slots = *combined;
    }
    for (const Slot& one : slots) {
      bool seen = std::any_of(out.begin(), out.end(), [&](const Slot& s) { return s.engine == one.engine; });
      if (!seen) out.push_back(one);
    }
  }
  return out;
}

std::optional<std::vector<Slot>> combination(const std::string& name) {
  // Legion+ (Legion paper, Sect. 5): both strategies at once, each stopped after half the time limit, so
  // that the pair uses the CPU time of one.
  if (name == "legion+") return std::vector<Slot>{{"corral", 0.5}, {"legion", 0.5}};
  return std::nullopt;
}

std::string describe(const std::vector<Slot>& slots) {
  std::string out;
  for (const Slot& s : slots) {
    out += (out.empty() ? "" : ", ") + s.engine;
    if (s.share > 0) out += fmt::format(" ({:g}% of the time)", s.share * 100);
  }
  return out;
}

unsigned availableCores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned jobsFor(int64_t requested) { return requested > 0 ? static_cast<unsigned>(requested) : availableCores(); }

}  // namespace argus::portfolio
