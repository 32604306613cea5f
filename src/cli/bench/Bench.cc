// The benchmark driver: a pool of job threads, each running one (task, configuration) job at a time as a
// child process, or under mpirun the worker ranks (Distributed.h); results are collected per configuration
// and summarised at the end.
#include "cli/bench/Bench.h"

#include <fmt/format.h>
#include <signal.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <condition_variable>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "cli/bench/Child.h"
#include "cli/bench/Distributed.h"
#include "cli/bench/Interrupt.h"
#include "cli/bench/Journal.h"
#include "cli/bench/Tables.h"
#include "util/Error.h"
#include "util/Options.h"

namespace fs = std::filesystem;

namespace argus::cli::bench {
namespace {

/// At most `limit` bytes of a file: its beginning, or with `tail` its end (a tool may write gigabytes).
std::string readFile(const std::string& path, size_t limit = 16 << 20, bool tail = false) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return "";
  auto size = static_cast<size_t>(in.tellg());
  size_t count = std::min(size, limit);
  in.seekg(static_cast<std::streamoff>(tail ? size - count : 0));
  std::string text(count, '\0');
  in.read(text.data(), static_cast<std::streamsize>(count));
  return text;
}

void writeFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw InputError(path.string(), 0, "cannot write");
}

std::string defaultOutDir() {
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return std::string("argus-bench-") + stamp;
}

std::string fileSafe(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
  return s;
}

/// "timeout: 20 s", without repeating the status when the reason starts with it (as argus reasons do).
std::string describeStatus(const TaskOutcome& o) {
  std::string status = toString(o.status);
  if (o.reason.empty()) return status;
  if (o.reason.rfind(status, 0) == 0) return o.reason;
  return status + ": " + o.reason;
}

/// For a verdict that stood although certify rejected evidence on the way.
std::string rejectedNote(const TaskOutcome& o) {
  return fmt::format("(evidence rejected: certify.rejected = {})", o.certifyRejected);
}

/// The children share a compile cache when asked (see BenchConfig::compileCache). The children inherit the
/// variable (an argus older than the cache ignores it); a cache the caller names in it is used as it is.
void useCompileCache(const BenchConfig& config) {
  if (config.compileCache && !std::getenv("ARGUS_COMPILE_CACHE"))
    setenv("ARGUS_COMPILE_CACHE", (fs::absolute(config.outDir) / "compile-cache").c_str(), 1);
}

/// Runs one (task, configuration) in a child process and judges it: what each job thread of a local bench
/// and each worker rank of a distributed one does.
class Runner {
 public:
  explicit Runner(const BenchConfig& config) : config_(config) {}

  void createLogDirs() const {
    for (auto& spec : config_.runs) fs::create_directories(logDir(spec));
  }

  TaskOutcome runOne(const BenchTask& task, const RunSpec& run, size_t index) {
    fs::path stem =
        logDir(run) / fmt::format("{:04}-{}", index + 1,
                                  fileSafe(task.category + "-" + fs::path(task.path).filename().string()));
    bool witness = run.isArgus && !task.chc && writesWitnesses(config_, run.name);
    CommandContext context{config_.argusExecutable, config_.timeoutSeconds,
                           run.isArgus ? stem.string() + ".json" : "", witness ? stem.string() + ".witness.yml" : ""};
    if (witness) fs::remove(context.witnessFile);
    ChildSpec spec;
    spec.argv = commandFor(run, task, context);
    spec.stdoutFile = stem.string() + ".out";
    spec.stderrFile = stem.string() + ".err";
    spec.memoryMB = config_.memoryMB;
    if (config_.timeoutSeconds > 0)
      spec.killAfterSeconds = config_.timeoutSeconds + (run.isArgus ? config_.argusGraceSeconds : 1.0);
    if (!context.jsonFile.empty()) fs::remove(context.jsonFile);
    ChildOutcome child = runChild(spec, &InterruptScope::flag());
    TaskOutcome outcome =
        judge(task, child, readFile(spec.stdoutFile), readFile(spec.stderrFile, 64 << 10, true), run.reader);
    if (!context.jsonFile.empty() && fs::exists(context.jsonFile)) {
      std::string json = readFile(context.jsonFile);
      for (auto& key : config_.statKeys) outcome.stats[key] = statFromJson(json, key);
      outcome.certifyRejected = std::strtol(statFromJson(json, "certify.rejected").c_str(), nullptr, 10);
    }
    if (witness && outcome.verdict != ir::Verdict::Unknown) outcome.witness = validateWitness(task, context, stem);
    return outcome;
  }

 private:
  fs::path logDir(const RunSpec& run) const { return fs::path(config_.outDir) / "logs" / fileSafe(run.name); }

  /// What `argus validate` says of the witness of a TRUE or FALSE: its first word, "missing" or "error".
  std::string validateWitness(const BenchTask& task, const CommandContext& context, const fs::path& stem) {
    if (!fs::exists(context.witnessFile)) return "missing";
    ChildSpec spec;
    spec.argv = validateCommandFor(task, context);
    spec.stdoutFile = stem.string() + ".validate.out";
    spec.stderrFile = stem.string() + ".validate.err";
    spec.memoryMB = config_.memoryMB;
    if (config_.timeoutSeconds > 0) spec.killAfterSeconds = config_.timeoutSeconds + config_.argusGraceSeconds;
    ChildOutcome child = runChild(spec, &InterruptScope::flag());
    std::string said = readFile(spec.stdoutFile);
    std::string word = said.substr(0, said.find_first_of(" :\n"));
    if (word == "confirmed" || word == "unconfirmed" || word == "rejected") return word;
    // A validation that ran out of its time or memory decided nothing; only a failure of its own is an error.
    if (child.killedByLimit || child.cancelled || child.signal == SIGKILL) return "unconfirmed";
    return "error";
  }

  const BenchConfig& config_;
};

/// The order in which the runs are handed out: task by task, each task's configurations in turn; with
/// --longest-first the runs the journal does not know first (they may be long), then the others from the
/// longest journaled wall time down, so that no long run starts last and runs alone.
std::vector<RunAssignment> dispatchOrder(const BenchConfig& config, const std::vector<BenchTask>& tasks) {
  std::vector<RunAssignment> order;
  for (size_t t = 0; t < tasks.size(); ++t)
    for (size_t r = 0; r < config.runs.size(); ++r) order.push_back({t, r});
  if (config.longestFirstJournal.empty()) return order;
  auto times = journaledWallTimes(config.longestFirstJournal);
  auto expected = [&](const RunAssignment& job) {
    auto it = times.find({config.runs[job.run].name, tasks[job.task].path});
    return it == times.end() ? std::numeric_limits<double>::infinity() : it->second;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](const RunAssignment& a, const RunAssignment& b) { return expected(a) > expected(b); });
  return order;
}

/// Everything the job threads of a local bench, or the coordinator of a distributed one, share.
class Driver {
 public:
  Driver(const BenchConfig& config, const std::vector<BenchTask>& tasks, Journal& journal, std::ostream& progress)
      : config_(config), tasks_(tasks), journal_(journal), progress_(progress), runner_(config),
        order_(dispatchOrder(config, tasks)) {
    for (auto& spec : config.runs) {
      RunResults r{spec.name, spec.description(), std::vector<TaskOutcome>(tasks.size())};
      results_.push_back(std::move(r));
    }
    runner_.createLogDirs();
  }

  void runAll() {
    std::vector<std::thread> workers;
    for (int i = 0; i < config_.jobs; ++i) workers.emplace_back([this] { work(); });
    for (auto& w : workers) w.join();
  }

  /// The coordinator's part: the runs the journal lacks go to the worker ranks (Distributed.h).
  Coordination runOnRanks(MpiTransport& mpi) {
    std::vector<RunAssignment> pending;
    for (const RunAssignment& job : order_)
      if (!takeEarlier(job.task, job.run)) pending.push_back(job);
    progress_ << fmt::format("argus bench: {} run{} over {} worker rank{}, {} job{} each", pending.size(),
                             pending.size() == 1 ? "" : "s", mpi.size() - 1, mpi.size() == 2 ? "" : "s", config_.jobs,
                             config_.jobs == 1 ? "" : "s")
              << std::endl;
    std::set<std::pair<size_t, size_t>> finished;
    Coordination end = coordinate(
        mpi, config_, tasks_, pending, [this](size_t run) { return slotsOf(config_.runs[run]); },
        [&](const RunAssignment& job, const TaskOutcome& outcome, const std::string& where) {
          record(job.task, job.run, outcome);
          report(tasks_[job.task], config_.runs[job.run], outcome, order_.size(), where);
          finished.insert({job.task, job.run});
        });
    for (const RunAssignment& job : pending)
      if (!finished.count({job.task, job.run})) markNotRun(job.task, job.run);
    return end;
  }

  std::vector<RunResults>& results() { return results_; }
  size_t journaled() const { return journaled_; }

 private:
  void work() {
    size_t total = order_.size();
    for (size_t position = next_++; position < total; position = next_++) {
      auto [t, r] = order_[position];
      if (InterruptScope::interrupted()) {
        startInOrder(position, 0);
        markNotRun(t, r);
        continue;
      }
      if (takeEarlier(t, r)) {
        startInOrder(position, 0);  // taken in an earlier part of this run (--resume)
        continue;
      }
      int slots = slotsOf(config_.runs[r]);
      startInOrder(position, slots);
      record(t, r, runner_.runOne(tasks_[t], config_.runs[r], t));
      {
        std::lock_guard<std::mutex> lock(slotMutex_);
        freeSlots_ += slots;
      }
      slotChanged_.notify_all();
      report(tasks_[t], config_.runs[r], results_[r].outcomes[t], total, "");
    }
  }

  void markNotRun(size_t t, size_t r) {
    TaskOutcome& skipped = results_[r].outcomes[t];
    skipped.status = Status::Error;
    skipped.judgement = Judgement::Error;
    skipped.reason = "not run: interrupted";
  }

  /// Takes the outcome an earlier part of this run journaled (--resume), if there is one.
  bool takeEarlier(size_t t, size_t r) {
    auto it = journal_.earlier().find({config_.runs[r].name, tasks_[t].path});
    if (it == journal_.earlier().end()) return false;
    results_[r].outcomes[t] = it->second;
    ++done_;
    ++journaled_;
    return true;
  }

  void record(size_t t, size_t r, const TaskOutcome& outcome) {
    results_[r].outcomes[t] = outcome;
    // A run the interrupt cut short measured nothing: it is repeated when the benchmark is resumed.
    if (!InterruptScope::interrupted()) {
      journal_.append(config_.runs[r].name, tasks_[t].path, outcome);
      ++journaled_;
    }
  }

  int slotsOf(const RunSpec& run) const {
    for (auto& c : config_.cores)
      if (c.name == run.name) return c.cores;
    return 1;
  }

  /// Waits until every earlier job has started and `slots` job slots are free, then takes them: jobs
  /// start in order, so a run that needs several slots is not passed over by runs that need one.
  void startInOrder(size_t job, int slots) {
    {
      std::unique_lock<std::mutex> lock(slotMutex_);
      slotChanged_.wait(lock, [&] { return nextToStart_ == job && freeSlots_ >= slots; });
      freeSlots_ -= slots;
      ++nextToStart_;
    }
    slotChanged_.notify_all();
  }

  /// The progress line of a finished run; `where` names the worker rank that ran it, if another did.
  void report(const BenchTask& task, const RunSpec& run, const TaskOutcome& o, size_t total, const std::string& where) {
    std::string line =
        fmt::format("[{}/{}] {}{} {} {:.1f}s", ++done_, total, config_.runs.size() > 1 ? run.name + " " : "",
                    task.display, verdictText(task, o.verdict), o.wallSeconds);
    if (o.judgement == Judgement::WrongTrue || o.judgement == Judgement::WrongFalse)
      line += " WRONG (expected " +
              verdictText(task, *task.expectedSafe ? ir::Verdict::Safe : ir::Verdict::Unsafe) + ")";
    if (o.status != Status::Ok) line += " (" + describeStatus(o) + ")";
    if (o.status != Status::Rejected && o.certifyRejected > 0) line += " " + rejectedNote(o);
    if (!o.witness.empty()) line += " witness " + o.witness;
    if (!where.empty()) line += " [" + where + "]";
    std::lock_guard<std::mutex> lock(progressMutex_);
    progress_ << line << std::endl;
  }

  const BenchConfig& config_;
  const std::vector<BenchTask>& tasks_;
  Journal& journal_;
  std::ostream& progress_;
  Runner runner_;
  std::vector<RunAssignment> order_;
  std::vector<RunResults> results_;
  std::atomic<size_t> next_{0}, done_{0}, journaled_{0};
  std::mutex progressMutex_;
  std::mutex slotMutex_;  // guards freeSlots_ and nextToStart_
  std::condition_variable slotChanged_;
  int freeSlots_ = config_.jobs;
  size_t nextToStart_ = 0;
};

/// A worker rank of a distributed bench: runs what the coordinator sends (Distributed.h).
int runWorker(BenchConfig& config, MpiTransport& mpi) {
  InterruptScope interruptScope;
  Runner runner(config);
  auto welcome = [&](const std::string& outDir) {
    config.outDir = outDir;
    runner.createLogDirs();
    useCompileCache(config);
  };
  return work(mpi, config, welcome,
              [&](const BenchTask& task, size_t run, size_t index) { return runner.runOne(task, config.runs[run], index); });
}

/// Why a task's outcome is a failure, for the message on stderr.
std::string failureText(const BenchTask& task, const TaskOutcome& o) {
  std::string verdict = verdictText(task, o.verdict);
  if (o.judgement == Judgement::WrongTrue || o.judgement == Judgement::WrongFalse)
    return fmt::format("WRONG {} (expected {})", verdict,
                       verdictText(task, *task.expectedSafe ? ir::Verdict::Safe : ir::Verdict::Unsafe));
  if (o.witness == "missing" || o.witness == "rejected" || o.witness == "error")
    return verdict + " with witness " + o.witness;
  if (o.status == Status::Ok) return verdict + " " + rejectedNote(o);
  return describeStatus(o);
}

/// The reasons the benchmark fails, one message each (several lines for a list of tasks); none: it passed.
std::vector<std::string> failures(const BenchConfig& config, const std::vector<BenchTask>& tasks,
                                  const std::vector<RunResults>& runs) {
  constexpr size_t kListed = 20;  // tasks named per configuration; the TSV has all of them
  std::vector<std::string> out;
  for (auto& r : runs) {
    if (config.failOnWrong) {
      std::vector<size_t> bad;
      for (size_t i = 0; i < r.outcomes.size(); ++i)
        if (isFailure(r.outcomes[i])) bad.push_back(i);
      if (!bad.empty()) {
        std::string text = fmt::format("{}: {} task{} failed (--fail-on-wrong: wrong verdicts, rejected "
                                       "evidence, crashes and errors fail):",
                                       r.name, bad.size(), bad.size() == 1 ? "" : "s");
        for (size_t k = 0; k < bad.size() && k < kListed; ++k)
          text += "\n  " + tasks[bad[k]].display + ": " + failureText(tasks[bad[k]], r.outcomes[bad[k]]);
        if (bad.size() > kListed)
          text += fmt::format("\n  ... and {} more (see {}.tsv)", bad.size() - kListed, fileSafe(r.name));
        out.push_back(text);
      }
    }
    for (auto& floor : config.minSolved) {
      if (floor.name != r.name) continue;
      int solved = tallyByCategory(tasks, r.outcomes).back().second.solved();
      if (solved < floor.minimum)
        out.push_back(fmt::format("{}: solved {} task{}, fewer than its floor of {} (--min-solved {}={})",
                                  r.name, solved, solved == 1 ? "" : "s", floor.minimum, floor.name,
                                  floor.minimum));
    }
  }
  return out;
}

/// "Witnesses of NAME: 3 confirmed, 1 unconfirmed, ..." over the TRUE and FALSE answers of one configuration.
std::string witnessSummary(const RunResults& run) {
  std::map<std::string, int> counts;
  for (const TaskOutcome& o : run.outcomes)
    if (!o.witness.empty()) ++counts[o.witness];
  std::string out;
  for (const char* kind : {"confirmed", "unconfirmed", "rejected", "missing", "error"})
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", counts[kind], kind);
  return fmt::format("Witnesses of {} (TRUE and FALSE answers, checked by argus validate): {}\n", run.name, out);
}

/// The configurations a virtual best names, from `runs`.
std::vector<const RunResults*> membersOf(const VirtualBestSpec& spec, const std::vector<RunResults>& runs) {
  std::vector<const RunResults*> members;
  for (auto& name : spec.members)
    for (auto& r : runs)
      if (r.name == name) members.push_back(&r);
  return members;
}

std::string summary(const BenchConfig& config, const std::vector<BenchTask>& tasks,
                    const std::vector<RunResults>& runs) {
  std::string out =
      fmt::format("## argus bench: {} tasks, {} configuration{}, timeout {:g} s, memory {} MB, {} job{}\n\n",
                  tasks.size(), runs.size(), runs.size() == 1 ? "" : "s", config.timeoutSeconds,
                  config.memoryMB, config.jobs, config.jobs == 1 ? "" : "s");
  for (auto& r : runs) {
    out += summaryMarkdown(tasks, r) + "\n";
    if (writesWitnesses(config, r.name)) out += witnessSummary(r) + "\n";
  }
  if (auto comparison = comparisonMarkdown(tasks, runs); !comparison.empty()) out += comparison + "\n";
  for (auto& vb : config.virtualBest) out += uniqueSolutionsMarkdown(tasks, vb.name, membersOf(vb, runs)) + "\n";
  return out;
}

}  // namespace

std::vector<std::string> defaultStatKeys() {
  return {"engine", "times.frontend", "times.engine", "times.certify"};
}

std::string statFromJson(const std::string& jsonText, const std::string& key) {
  auto doc = nlohmann::json::parse(jsonText, nullptr, false);
  if (doc.is_discarded()) return "";
  const nlohmann::json* node = &doc;
  std::stringstream path(key);
  for (std::string part; node && std::getline(path, part, '.');)
    node = node->is_object() && node->contains(part) ? &(*node)[part] : nullptr;
  if (!node && doc.contains("statistics") && doc["statistics"].contains(key)) node = &doc["statistics"][key];
  if (!node || node->is_null()) return "";
  if (node->is_number_float()) return fmt::format("{:.6g}", node->get<double>());
  return node->is_string() ? node->get<std::string>() : node->dump();
}

bool writesWitnesses(const BenchConfig& config, const std::string& run) {
  return config.witnesses && (config.witnessRuns.empty() || std::find(config.witnessRuns.begin(),
                                                                      config.witnessRuns.end(), run) !=
                                                                config.witnessRuns.end());
}

void validateConfig(BenchConfig& config) {
  if (config.runs.empty()) config.runs.push_back(parseArgusRun("argus="));
  std::set<std::string> names;
  for (auto& r : config.runs)
    if (!names.insert(r.name).second) throw OptionError("two configurations are named '" + r.name + "'");
  if (config.jobs < 1) throw OptionError("--jobs must be at least 1");
  if (!(config.timeoutSeconds >= 0)) throw OptionError("--timeout must be a number of seconds >= 0");
  // The limit is set in bytes (rlim_t): more MB than that counts would wrap around.
  if (config.memoryMB < 0 || config.memoryMB > (1L << 30))
    throw OptionError("--memory must be between 0 (no limit) and 1073741824 MB");
  // --cores and --min-solved name a configuration of `runs`, each at most once.
  auto namesOneRun = [&](const char* flag, const std::string& name, std::set<std::string>& seen) {
    if (!names.count(name)) throw OptionError(fmt::format("{} {}: no configuration is named '{}'", flag, name, name));
    if (!seen.insert(name).second) throw OptionError(fmt::format("{} {} is given twice", flag, name));
  };
  std::set<std::string> withWitnesses;
  for (auto& w : config.witnessRuns) namesOneRun("--witnesses-of", w, withWitnesses);
  if (!config.witnessRuns.empty()) config.witnesses = true;
  std::set<std::string> shared;
  for (auto& c : config.cores) {
    namesOneRun("--cores", c.name, shared);
    if (c.cores > config.jobs)
      throw OptionError(fmt::format("--cores {}={}: a task cannot take more than the {} job slot{} of --jobs",
                                    c.name, c.cores, config.jobs, config.jobs == 1 ? "" : "s"));
  }
  std::set<std::string> virtualNames;
  for (auto& vb : config.virtualBest) {
    for (auto& m : vb.members)
      if (!names.count(m))
        throw OptionError("--virtual-best " + vb.name + ": no configuration is named '" + m + "'");
    if (names.count(vb.name) || !virtualNames.insert(vb.name).second)
      throw OptionError("--virtual-best " + vb.name + ": that name is taken by another configuration");
  }
  std::set<std::string> floors;
  for (auto& f : config.minSolved) namesOneRun("--min-solved", f.name, floors);
  if (config.argusExecutable.empty()) config.argusExecutable = fs::read_symlink("/proc/self/exe").string();
  if (config.resume && config.outDir.empty())
    throw OptionError("--resume needs --out: the folder of the run to continue");
  if (config.outDir.empty()) config.outDir = defaultOutDir();
}

int runBench(BenchConfig config, std::ostream& out, std::ostream& progress) {
  validateConfig(config);
  // Started by mpirun or srun: rank 0 coordinates, the others are workers (Distributed.h). MPI is not
  // initialised otherwise, and a single rank is a local benchmark.
  std::optional<MpiTransport> mpi;
  if (launchedAsMpiRank()) {
    mpi.emplace();
    if (mpi->size() == 1) {
      mpi->finish();
      mpi.reset();
    } else if (mpi->rank() != 0) {
      return runWorker(config, *mpi);
    }
  }
  std::vector<std::string> passedOver;
  std::vector<BenchTask> tasks = collectTasks(config.lists, &passedOver);
  if (!passedOver.empty())
    progress << fmt::format("passed over {} task(s) of properties argus does not check, e.g. {}", passedOver.size(),
                            passedOver.front())
             << std::endl;
  if (tasks.empty()) throw InputError(config.lists.empty() ? "" : config.lists.front(), 0, "no tasks found");
  fs::create_directories(config.outDir);
  useCompileCache(config);
  Journal journal(config.outDir, fingerprint(config, tasks), config.resume);
  if (config.resume)
    progress << fmt::format("resuming {}: {} of {} runs done in earlier parts", journal.path(),
                            journal.earlier().size(), tasks.size() * config.runs.size())
             << std::endl;
  InterruptScope interruptScope;
  Driver driver(config, tasks, journal, progress);
  Coordination distributed;
  if (mpi)
    distributed = driver.runOnRanks(*mpi);
  else
    driver.runAll();
  bool stoppedRanks = mpi && distributed.end != Coordination::End::Finished;
  if (stoppedRanks) {
    // Under mpirun a rank that dies ends the job: the others get SIGTERM, which is how rank 0 learns it, and
    // SIGKILL shortly after. So the message comes first, then the tables of what was done.
    progress << "argus bench: stopped: "
             << (distributed.end == Coordination::End::Failed
                     ? distributed.message
                     : "SIGINT or SIGTERM (mpirun sends SIGTERM when a rank died or the job was cancelled; its "
                       "message says which)")
             << "\nargus bench: " << driver.journaled() << " of " << tasks.size() * config.runs.size()
             << " runs are in " << journal.path() << "; the same command with --resume and --out "
             << config.outDir << " runs the others" << std::endl;
  }
  std::vector<RunResults> runs = driver.results();
  for (auto& vb : config.virtualBest) runs.push_back(virtualBest(vb.name, membersOf(vb, runs)));
  for (auto& r : runs)
    writeFile(fs::path(config.outDir) / (fileSafe(r.name) + ".tsv"), tsv(tasks, r, config.statKeys));
  std::string text = summary(config, tasks, runs);
  writeFile(fs::path(config.outDir) / "summary.md", text);
  out << text << std::flush;
  progress << "results: " << config.outDir << std::endl;
  if (stoppedRanks) return distributed.end == Coordination::End::Failed ? kBenchFailed : kBenchInterrupted;
  if (InterruptScope::interrupted()) return kBenchInterrupted;
  // A virtual best's outcomes are its members': their failures are reported once, under the member.
  auto reasons = failures(config, tasks, driver.results());
  for (auto& reason : reasons) progress << "argus bench: FAILED: " << reason << std::endl;
  return reasons.empty() ? 0 : kBenchFailed;
}

}  // namespace argus::cli::bench
