// The coordinator and worker ranks of a distributed `argus bench` (see Distributed.h). Both wait for
// messages by looking and napping, the naps doubling from 1 ms while nothing happens: up to 8 ms on the
// coordinator, which must notice a run's end soon (the next run starts then), and up to 64 ms on a worker,
// which wakes at once when one of its runs ends (a condition variable) and expects a message only after
// it sent one. Every wake-up costs the runs beside it: on this 2-core VM three processes waking every 2 ms
// made a local bench of 60 1-5-s runs take 44.8 s instead of 29.8 s (its runs' CPU 85.5 s against 57.3 s),
// and ranks napping at most 2 ms made `mpirun -n 3` 1.11-1.19 times a local bench's wall time.
#include "cli/bench/Distributed.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "cli/bench/Interrupt.h"
#include "cli/bench/Journal.h"

using nlohmann::json;

namespace argus::cli::bench {
namespace {

enum Tag { kHello = 1, kWelcome, kRun, kDone, kFailed, kStop };

/// The pause between two looks for a message: short right after something happened, doubling up to
/// `longestMs` while nothing does.
class Nap {
 public:
  explicit Nap(int longestMs) : longestMs_(longestMs) {}
  void reset() { ms_ = 1; }
  std::chrono::milliseconds next() {
    auto now = std::chrono::milliseconds(ms_);
    ms_ = std::min(ms_ * 2, longestMs_);
    return now;
  }

 private:
  int longestMs_;
  int ms_ = 1;
};

json taskToJson(const BenchTask& t) {
  json expected = t.expectedSafe ? json(*t.expectedSafe) : json(nullptr);
  return {{"path", t.path},
          {"program", t.programFile},
          {"category", t.category},
          {"display", t.display},
          {"expected_safe", expected},
          {"chc", t.chc},
          {"error_function", t.errorFunction},
          {"data_model", t.dataModel},
          {"expected_violation", t.expectedViolation}};
}

BenchTask taskFromJson(const json& j) {
  BenchTask t;
  t.path = j.at("path").get<std::string>();
  t.programFile = j.at("program").get<std::string>();
  t.category = j.at("category").get<std::string>();
  t.display = j.at("display").get<std::string>();
  if (!j.at("expected_safe").is_null()) t.expectedSafe = j.at("expected_safe").get<bool>();
  t.chc = j.at("chc").get<bool>();
  t.errorFunction = j.at("error_function").get<std::string>();
  t.dataModel = j.at("data_model").get<std::string>();
  t.expectedViolation = j.value("expected_violation", "");
  return t;
}

/// What the handshake compares: the arguments and the argus binary, not the tasks (workers do not read them).
std::string rankFingerprint(const BenchConfig& config) { return fingerprint(config, {}); }

/// The coordinator's view of one worker rank.
struct Worker {
  bool greeted = false;
  std::string host;
  int freeSlots = 0;
  std::map<size_t, size_t> running;  // position in the order -> slots it takes
  std::string where(int rank) const { return host.empty() ? fmt::format("rank {}", rank) : fmt::format("rank {} on {}", rank, host); }
};

class Coordinator {
 public:
  Coordinator(MpiTransport& mpi, const BenchConfig& config, const std::vector<BenchTask>& tasks,
              const std::vector<RunAssignment>& order, const std::function<int(size_t)>& slotsOf)
      : mpi_(mpi), config_(config), tasks_(tasks), order_(order), slotsOf_(slotsOf), workers_(mpi.size()) {}

  template <typename Finished>
  Coordination run(const Finished& finished) {
    size_t remaining = order_.size();
    Nap nap(8);
    while (remaining > 0) {
      if (InterruptScope::interrupted()) return stopAll(true, {Coordination::End::Interrupted, ""});
      dispatch();
      auto message = mpi_.tryReceive();
      if (!message) {
        std::this_thread::sleep_for(nap.next());
        continue;
      }
      nap.reset();
      Worker& worker = workers_[message->from];
      json body = json::parse(message->body, nullptr, false);
      try {
        if (message->tag == kHello) {
          if (body.at("fingerprint").get<std::string>() != rankFingerprint(config_))
            return fail(message->from, body.at("host").get<std::string>(),
                        "its arguments or its argus binary differ from rank 0's (the same command and the same "
                        "binary, at the same path on every node, are needed)");
          worker.greeted = true;
          worker.host = body.at("host").get<std::string>();
          worker.freeSlots = body.at("slots").get<int>();
          mpi_.send(message->from, kWelcome, json{{"out", outDir()}}.dump());
        } else if (message->tag == kDone) {
          size_t position = body.at("job").get<size_t>();
          auto it = worker.running.find(position);
          if (it == worker.running.end()) return fail(message->from, worker.host, "it sent the outcome of a run it was not given");
          const RunAssignment& job = order_[position];
          auto [key, outcome] = readJournalLine(body.at("outcome").get<std::string>(), worker.where(message->from), 0);
          if (key != JournalKey{config_.runs[job.run].name, tasks_[job.task].path})
            return fail(message->from, worker.host, "it sent the outcome of another run than the one it was given");
          worker.freeSlots += static_cast<int>(it->second);
          worker.running.erase(it);
          --remaining;
          finished(job, outcome, worker.where(message->from));
        } else if (message->tag == kFailed) {
          return fail(message->from, worker.host, body.at("message").get<std::string>());
        }
      } catch (const std::exception& e) {  // json's and InputError: a message we cannot read
        return fail(message->from, worker.host, std::string("it sent a message rank 0 cannot read: ") + e.what());
      }
    }
    return stopAll(false, {Coordination::End::Finished, ""});
  }

 private:
  /// Hands out the runs in order while a worker has the slots the next one takes (the one with the most
  /// free slots gets it, so that runs spread over the nodes before they share one).
  void dispatch() {
    for (; next_ < order_.size(); ++next_) {
      const RunAssignment& job = order_[next_];
      int slots = slotsOf_(job.run);
      int best = -1;
      for (int rank = 1; rank < mpi_.size(); ++rank)
        if (workers_[rank].greeted && workers_[rank].freeSlots >= slots &&
            (best < 0 || workers_[rank].freeSlots > workers_[best].freeSlots))
          best = rank;
      if (best < 0) return;
      json body = {{"job", next_}, {"index", job.task}, {"run", job.run}, {"task", taskToJson(tasks_[job.task])}};
      mpi_.send(best, kRun, body.dump());
      workers_[best].freeSlots -= slots;
      workers_[best].running[next_] = static_cast<size_t>(slots);
    }
  }

  std::string outDir() const { return std::filesystem::absolute(config_.outDir).string(); }

  Coordination fail(int rank, const std::string& host, const std::string& why) {
    Worker& worker = workers_[rank];
    if (worker.host.empty()) worker.host = host;
    return stopAll(true, {Coordination::End::Failed, fmt::format("{}: {}", worker.where(rank), why)});
  }

  /// STOP to every worker; with `cancel` they kill the runs they have. MPI is finalised only after a
  /// normal end: a stopped job may have lost a rank, so a STOP that is not taken soon is dropped (after a
  /// signal at once: mpirun signals every rank, and SIGKILL follows; a failed worker's others get a second).
  Coordination stopAll(bool cancel, Coordination end) {
    double giveUp = !cancel ? 0.0 : end.end == Coordination::End::Interrupted ? 0.05 : 1.0;
    for (int rank = 1; rank < mpi_.size(); ++rank) mpi_.send(rank, kStop, json{{"cancel", cancel}}.dump(), giveUp);
    if (!cancel) mpi_.finish();
    return end;
  }

  MpiTransport& mpi_;
  const BenchConfig& config_;
  const std::vector<BenchTask>& tasks_;
  const std::vector<RunAssignment>& order_;
  const std::function<int(size_t)>& slotsOf_;
  std::vector<Worker> workers_;  // by rank; workers_[0] unused
  size_t next_ = 0;              // the first position of order_ not handed out
};

/// A worker's runs in progress: each in a thread of its own, its outcome (or the error it threw) queued for
/// the thread that talks MPI.
class WorkerRuns {
 public:
  struct Ended {
    size_t job = 0;
    std::string outcomeLine;  // empty: `error` says why the run could not be made
    std::string error;
  };

  void start(size_t job, std::function<std::string()> run) {
    threads_[job] = std::thread([this, job, run = std::move(run)] {
      Ended ended{job, "", ""};
      try {
        ended.outcomeLine = run();
      } catch (const std::exception& e) {
        ended.error = e.what();
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        ended_.push_back(std::move(ended));
      }
      changed_.notify_all();
    });
  }

  /// The runs that ended since the last call (their threads joined); waits up to `timeout` for one.
  std::vector<Ended> takeEnded(std::chrono::milliseconds timeout) {
    std::vector<Ended> out;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait_for(lock, timeout, [&] { return !ended_.empty(); });
      out.assign(std::make_move_iterator(ended_.begin()), std::make_move_iterator(ended_.end()));
      ended_.clear();
    }
    for (auto& e : out) {
      threads_[e.job].join();
      threads_.erase(e.job);
    }
    return out;
  }

  void joinAll() {
    for (auto& [job, thread] : threads_) thread.join();
    threads_.clear();
  }

 private:
  std::map<size_t, std::thread> threads_;  // only the MPI thread touches it
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Ended> ended_;
};

}  // namespace

Coordination coordinate(MpiTransport& mpi, const BenchConfig& config, const std::vector<BenchTask>& tasks,
                        const std::vector<RunAssignment>& order, const std::function<int(size_t run)>& slotsOf,
                        const std::function<void(const RunAssignment&, const TaskOutcome&, const std::string& where)>&
                            finished) {
  Coordinator coordinator(mpi, config, tasks, order, slotsOf);
  return coordinator.run(finished);
}

int work(MpiTransport& mpi, const BenchConfig& config, const std::function<void(const std::string& outDir)>& welcome,
         const RunOne& runOne) {
  mpi.send(0, kHello,
           json{{"host", mpi.hostName()}, {"slots", config.jobs}, {"fingerprint", rankFingerprint(config)}}.dump());
  WorkerRuns runs;
  Nap nap(64);
  bool toldInterrupted = false;
  for (;;) {
    for (auto& ended : runs.takeEnded(nap.next())) {
      nap.reset();
      if (!ended.error.empty())
        mpi.send(0, kFailed, json{{"message", "a run failed on this rank: " + ended.error}}.dump());
      else if (!InterruptScope::interrupted())  // a run the interrupt cut short measured nothing
        mpi.send(0, kDone, json{{"job", ended.job}, {"outcome", ended.outcomeLine}}.dump());
    }
    if (InterruptScope::interrupted() && !toldInterrupted) {
      // A signal to this rank alone (the coordinator's own would have come as STOP): the benchmark cannot
      // go on without the runs this rank has.
      mpi.send(0, kFailed, json{{"message", "interrupted (SIGINT or SIGTERM)"}}.dump());
      toldInterrupted = true;
    }
    auto message = mpi.tryReceive();
    if (!message) continue;
    nap.reset();
    json body = json::parse(message->body);
    if (message->tag == kWelcome) {
      welcome(body.at("out").get<std::string>());
    } else if (message->tag == kRun) {
      size_t job = body.at("job").get<size_t>(), index = body.at("index").get<size_t>(),
             run = body.at("run").get<size_t>();
      BenchTask task = taskFromJson(body.at("task"));
      runs.start(job, [&config, &runOne, task, run, index] {
        return journalLine(config.runs.at(run).name, task.path, runOne(task, run, index));
      });
    } else if (message->tag == kStop) {
      bool cancel = body.at("cancel").get<bool>();
      if (cancel) InterruptScope::request();  // runChild kills the runs in progress
      runs.joinAll();
      if (!cancel) mpi.finish();
      return cancel ? kBenchInterrupted : 0;
    }
  }
}

}  // namespace argus::cli::bench
