// The benchmark journal (see Journal.h).
#include "cli/bench/Journal.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "cli/bench/Bench.h"
#include "util/Error.h"
#include "util/Options.h"
#include "witness/Witness.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace argus::cli::bench {
namespace {

constexpr const char* kFormat = "argus-bench-journal/1";

}  // namespace

std::string journalLine(const std::string& run, const std::string& task, const TaskOutcome& o) {
  json j = {{"run", run},
            {"task", task},
            {"verdict", static_cast<int>(o.verdict)},
            {"reason", o.reason},
            {"status", static_cast<int>(o.status)},
            {"violated", o.violated},
            {"judgement", static_cast<int>(o.judgement)},
            {"wall_s", o.wallSeconds},
            {"cpu_s", o.cpuSeconds},
            {"memory_mb", o.memoryMB},
            {"stats", o.stats},
            {"certify_rejected", o.certifyRejected},
            {"witness", o.witness}};
  return j.dump();
}

std::pair<JournalKey, TaskOutcome> readJournalLine(const std::string& line, const std::string& file, int lineNo) {
  json j = json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw InputError(file, lineNo, "not a JSON object");
  try {
    TaskOutcome o;
    o.verdict = static_cast<ir::Verdict>(j.at("verdict").get<int>());
    o.reason = j.at("reason").get<std::string>();
    o.status = static_cast<Status>(j.at("status").get<int>());
    o.violated = j.value("violated", "");  // journals written before subproperties were judged have none
    o.judgement = static_cast<Judgement>(j.at("judgement").get<int>());
    o.wallSeconds = j.at("wall_s").get<double>();
    o.cpuSeconds = j.at("cpu_s").get<double>();
    o.memoryMB = j.at("memory_mb").get<double>();
    o.stats = j.at("stats").get<std::map<std::string, std::string>>();
    o.certifyRejected = j.at("certify_rejected").get<long>();
    o.witness = j.at("witness").get<std::string>();
    return {{j.at("run").get<std::string>(), j.at("task").get<std::string>()}, o};
  } catch (const json::exception& e) {
    throw InputError(file, lineNo, std::string("a journal entry without its fields: ") + e.what());
  }
}

std::map<JournalKey, double> journaledWallTimes(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, 0, "cannot read the journal");
  std::map<JournalKey, double> times;
  std::string line;
  std::getline(in, line);  // the header: any run's times will do
  for (int lineNo = 2; std::getline(in, line); ++lineNo) {
    // A journal of a run that is still going (or was killed) may end in a partial line.
    if (json::parse(line, nullptr, false).is_discarded() && in.peek() == EOF) break;
    auto [key, outcome] = readJournalLine(line, path, lineNo);
    times[key] = outcome.wallSeconds;
  }
  return times;
}

std::string fingerprint(const BenchConfig& config, const std::vector<BenchTask>& tasks) {
  json f;
  f["format"] = kFormat;
  json taskList = json::array();
  for (const BenchTask& t : tasks) taskList.push_back(t.path);
  f["tasks"] = taskList;
  json runs = json::array();
  for (const RunSpec& r : config.runs)
    runs.push_back({{"name", r.name}, {"argus", r.isArgus}, {"command", r.description()}});
  f["runs"] = runs;
  f["timeout"] = config.timeoutSeconds;
  f["memory_mb"] = config.memoryMB;
  f["jobs"] = config.jobs;
  json cores = json::object();
  for (const CoreShare& c : config.cores) cores[c.name] = c.cores;
  f["cores"] = cores;
  f["witnesses"] = config.witnesses;
  if (!config.witnessRuns.empty()) f["witnesses_of"] = config.witnessRuns;
  f["stats"] = config.statKeys;
  // The binary by its content, not its path or time: a build of the same commit with the same toolchain at the
  // same place is the same bytes, so a measurement can go on after the machine (and its copy) is gone.
  json binary = json::object();
  if (!config.argusExecutable.empty() && fs::exists(config.argusExecutable))
    binary["sha256"] = witness::sha256OfFile(config.argusExecutable);
  f["argus"] = binary;
  return f.dump();
}

Journal::Journal(const std::string& outDir, const std::string& fingerprint, bool resume)
    : path_((fs::path(outDir) / "journal.jsonl").string()) {
  if (resume) {
    std::ifstream in(path_);
    if (!in) throw OptionError("--resume: there is no journal " + path_ + " to resume from");
    std::string header;
    std::getline(in, header);
    if (header != fingerprint)
      throw OptionError("--resume: " + path_ +
                        " was written by a different run (tasks, configurations, limits, jobs or the argus binary "
                        "differ); give the same arguments and binary, or start afresh without --resume");
    int lineNo = 1;
    // A run killed while writing leaves at most a partial last line: it is dropped (that run is repeated).
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    for (size_t i = 0; i < lines.size(); ++i) {
      ++lineNo;
      bool last = i + 1 == lines.size();
      if (last && json::parse(lines[i], nullptr, false).is_discarded()) break;
      auto [key, outcome] = readJournalLine(lines[i], path_, lineNo);
      earlier_[key] = outcome;
    }
    // Rewritten without a partial last line, so that appends start on a line of their own.
    std::ofstream out(path_, std::ios::trunc);
    out << header << '\n';
    for (auto& [key, outcome] : earlier_) out << journalLine(key.first, key.second, outcome) << '\n';
    if (!out) throw InputError(path_, 0, "cannot write");
    return;
  }
  std::ofstream out(path_, std::ios::trunc);
  out << fingerprint << '\n';
  if (!out) throw InputError(path_, 0, "cannot write");
}

void Journal::append(const std::string& run, const std::string& task, const TaskOutcome& outcome) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::ofstream out(path_, std::ios::app);
  out << journalLine(run, task, outcome) << '\n' << std::flush;
}

}  // namespace argus::cli::bench
