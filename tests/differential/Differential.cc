// The differential harness: workers take the next seed, generate the program, run every engine on it in
// turn (cli/bench's runChild: own process group, time and memory limits), judge the runs together and
// report a failure at once with everything needed to reproduce it.
#include "differential/Differential.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "cli/bench/Commands.h"
#include "cli/bench/Interrupt.h"
#include "differential/ProgramGenerator.h"
#include "report/VerdictLine.h"

namespace fs = std::filesystem;

namespace argus::differential {
using cli::bench::InterruptScope;

namespace {

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string lastLine(const std::string& text) {
  std::istringstream in(text);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  return last;
}

std::string verdictLineOf(const std::string& stdoutText) {
  std::istringstream in(stdoutText);
  for (std::string line; std::getline(in, line);)
    if (report::parseVerdictLine(line)) return line;
  return "";
}

std::string withStderr(std::string how, const std::string& stderrText) {
  std::string last = lastLine(stderrText);
  return last.empty() ? how : how + ": " + last;
}

/// A word the shell reads back as `s`, quoted only where it has to be (the commands stay readable).
std::string shellWord(const std::string& s) {
  bool plain = !s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=:,+-") == std::string::npos;
  return plain ? s : cli::bench::shellQuote(s);
}

int expectedExit(RunKind kind) { return kind == RunKind::True ? 0 : kind == RunKind::False ? 10 : 20; }

}  // namespace

const char* toString(RunKind kind) {
  switch (kind) {
    case RunKind::True: return "TRUE";
    case RunKind::False: return "FALSE";
    case RunKind::Unknown: return "UNKNOWN";
    case RunKind::Rejected: return "evidence rejected";
    case RunKind::EngineError: return "engine error";
    case RunKind::InputError: return "input error";
    case RunKind::InternalError: return "internal error";
    case RunKind::Crash: return "crash";
    case RunKind::Hang: return "hang";
  }
  return "?";
}

std::vector<EngineConfig> defaultEngines() {
  return {parseEngine("bmc"), parseEngine("kind"), parseEngine("predabs"), parseEngine("impact"), parseEngine("recmc")};
}

EngineConfig parseEngine(const std::string& spec) {
  auto eq = spec.find('=');
  if (spec == "predabs-sbe") return parseEngine("predabs-sbe=--engine predabs --set predabs.block=sbe");
  if (eq == std::string::npos) return EngineConfig{spec, {"--engine", spec}};
  return EngineConfig{spec.substr(0, eq), cli::bench::splitArguments(spec.substr(eq + 1))};
}

EngineRun classifyRun(const std::string& engine, const cli::bench::ChildOutcome& child,
                      const std::string& stdoutText, const std::string& stderrText) {
  EngineRun run;
  run.engine = engine;
  run.wallSeconds = child.wallSeconds;
  run.cpuSeconds = child.cpuSeconds;
  run.kind = RunKind::Crash;
  if (!child.started) {
    run.summary = "not started: " + child.error;
    return run;
  }
  if (child.killedByLimit || child.cancelled) {
    run.kind = RunKind::Hang;
    run.summary = fmt::format("killed after {:.0f} s (its own timeout did not stop it)", child.wallSeconds);
    return run;
  }
  if (child.signal != 0) {
    run.summary = withStderr(fmt::format("killed by signal {} ({})", child.signal, strsignal(child.signal)), stderrText);
    return run;
  }
  if (child.exitCode == 2 || child.exitCode == 3) {
    run.kind = child.exitCode == 2 ? RunKind::InputError : RunKind::InternalError;
    run.summary = withStderr(fmt::format("exit code {}", child.exitCode), stderrText);
    return run;
  }
  auto parsed = report::findVerdict(stdoutText);
  if (!parsed) {
    run.summary = withStderr(fmt::format("no verdict line, exit code {}", child.exitCode), stderrText);
    return run;
  }
  run.summary = verdictLineOf(stdoutText);
  RunKind kind = parsed->verdict == ir::Verdict::Safe     ? RunKind::True
                 : parsed->verdict == ir::Verdict::Unsafe ? RunKind::False
                                                          : RunKind::Unknown;
  if (child.exitCode != expectedExit(kind)) {
    run.summary += fmt::format(" with exit code {}", child.exitCode);
    return run;
  }
  run.reason = parsed->reason;
  if (kind == RunKind::Unknown && parsed->reason == "evidence rejected") kind = RunKind::Rejected;
  if (kind == RunKind::Unknown && parsed->reason == "error") kind = RunKind::EngineError;
  run.kind = kind;
  return run;
}

ProgramJudgement judgeProgram(const std::vector<EngineRun>& runs) {
  ProgramJudgement j;
  std::string trueFrom, falseFrom;
  for (auto& r : runs) {
    switch (r.kind) {
      case RunKind::True:
        j.anyTrue = true;
        trueFrom += (trueFrom.empty() ? "" : ", ") + r.engine;
        break;
      case RunKind::False:
        j.anyFalse = true;
        falseFrom += (falseFrom.empty() ? "" : ", ") + r.engine;
        break;
      case RunKind::Unknown:
      case RunKind::Hang:
        break;
      default:
        j.problems.push_back(std::string(toString(r.kind)) + " from " + r.engine + ": " + r.summary);
    }
  }
  if (j.anyTrue && j.anyFalse)
    j.problems.insert(j.problems.begin(), "disagreement: TRUE from " + trueFrom + ", FALSE from " + falseFrom);
  return j;
}

void tally(Summary& s, const std::vector<EngineRun>& runs, const ProgramJudgement& judgement) {
  ++s.programs;
  if (judgement.decided()) ++s.decided;
  if (judgement.anyTrue) ++s.safe;
  if (judgement.anyFalse) ++s.unsafe;
  if (judgement.anyTrue && judgement.anyFalse) ++s.disagreements;
  s.engines.resize(std::max(s.engines.size(), runs.size()));
  for (size_t i = 0; i < runs.size(); ++i) {
    EngineTally& t = s.engines[i];
    const EngineRun& r = runs[i];
    t.cpuSeconds += r.cpuSeconds;
    s.cpuSeconds += r.cpuSeconds;
    switch (r.kind) {
      case RunKind::True: ++t.trueCount; break;
      case RunKind::False: ++t.falseCount; break;
      case RunKind::Unknown:
        ++t.unknown;
        if (r.reason == "timeout") ++t.timeouts;
        if (r.reason == "unsupported") ++t.unsupported;
        break;
      case RunKind::Hang: ++t.unknown; ++t.timeouts; ++s.hangs; break;
      case RunKind::Rejected: ++t.failures; ++s.rejections; break;
      case RunKind::EngineError:
      case RunKind::InputError:
      case RunKind::InternalError: ++t.failures; ++s.errors; break;
      case RunKind::Crash: ++t.failures; ++s.crashes; break;
    }
  }
}

std::string summaryTable(const DiffOptions& o, const Summary& s) {
  std::string out = fmt::format(
      "## argus differential: {} programs (seeds {}..{}, size {}), {} engines, timeout {:g} s, {} job{}\n\n",
      s.programs, o.firstSeed, o.firstSeed + std::max(o.count, 1) - 1, o.size, o.engines.size(), o.timeoutSeconds,
      o.jobs, o.jobs == 1 ? "" : "s");
  out += "| engine | TRUE | FALSE | UNKNOWN | of which timeout | unsupported | failed | CPU s |\n";
  out += "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  for (size_t i = 0; i < o.engines.size() && i < s.engines.size(); ++i) {
    const EngineTally& t = s.engines[i];
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {:.1f} |\n", o.engines[i].name, t.trueCount,
                       t.falseCount, t.unknown, t.timeouts, t.unsupported, t.failures, t.cpuSeconds);
  }
  double share = s.programs ? 100.0 * s.decided / s.programs : 0;
  out += fmt::format("\nprograms decided: {} of {} ({:.0f}%): {} TRUE, {} FALSE\n", s.decided, s.programs, share,
                     s.safe, s.unsafe);
  out += fmt::format("disagreements {}, evidence rejected {}, errors {}, crashes {}, hangs {}\n", s.disagreements,
                     s.rejections, s.errors, s.crashes, s.hangs);
  out += fmt::format("time: wall {:.1f} s, CPU {:.1f} s\n", s.wallSeconds, s.cpuSeconds);
  if (!s.failedSeeds.empty()) {
    std::vector<uint64_t> seeds = s.failedSeeds;
    std::sort(seeds.begin(), seeds.end());
    out += "failed seeds:";
    for (auto seed : seeds) out += " " + std::to_string(seed);
    out += "\n";
  }
  return out;
}

std::string vacuity(const DiffOptions& o, const Summary& s) {
  if (s.programs == 0) return "no programs ran";
  if (s.decided < o.minDecided * s.programs)
    return fmt::format("only {} of {} programs were decided (at least {:.0f}% required)", s.decided, s.programs,
                       100 * o.minDecided);
  if (o.requireBoth && (s.safe == 0 || s.unsafe == 0))
    return fmt::format("{} programs were TRUE and {} FALSE; both must occur", s.safe, s.unsafe);
  return "";
}

namespace {

/// Everything the workers share.
class Runner {
 public:
  Runner(const DiffOptions& o, std::ostream& out, std::ostream& progress) : o_(o), out_(out), progress_(progress) {}

  void runAll() {
    std::vector<std::thread> workers;
    for (int i = 0; i < o_.jobs; ++i) workers.emplace_back([this] { work(); });
    for (auto& w : workers) w.join();
  }
  Summary& summary() { return summary_; }

 private:
  void work() {
    for (int k = next_++; k < o_.count && !InterruptScope::interrupted(); k = next_++)
      program(o_.firstSeed + static_cast<uint64_t>(k));
  }

  void program(uint64_t seed) {
    fs::path dir = fs::path(o_.workDir) / "run" / fmt::format("seed-{}", seed);
    fs::create_directories(dir);
    fs::path file = dir / fmt::format("seed-{}.c", seed);
    std::ofstream(file) << generateProgram(GeneratorOptions{seed, o_.size});
    std::vector<EngineRun> runs;
    for (auto& engine : o_.engines) runs.push_back(runEngine(engine, file, dir));
    if (InterruptScope::interrupted()) {
      fs::remove_all(dir);
      return;
    }
    ProgramJudgement judgement = judgeProgram(runs);
    std::lock_guard<std::mutex> lock(mutex_);
    tally(summary_, runs, judgement);
    std::string line = fmt::format("[{}/{}] seed {}:", summary_.programs, o_.count, seed);
    double wall = 0;
    for (auto& r : runs) {
      line += " " + r.engine + "=" + toString(r.kind) + (r.kind == RunKind::Unknown ? "(" + r.reason + ")" : "");
      wall += r.wallSeconds;
    }
    progress_ << line << fmt::format(" {:.1f}s", wall) << (judgement.problems.empty() ? "" : " FAILED") << std::endl;
    if (judgement.problems.empty()) {
      if (!o_.keep) fs::remove_all(dir);
      return;
    }
    summary_.failedSeeds.push_back(seed);
    fs::path kept = fs::path(o_.workDir) / "failures" / dir.filename();
    fs::create_directories(kept.parent_path());
    fs::remove_all(kept);
    fs::rename(dir, kept);
    report(seed, runs, judgement, kept);
  }

  EngineRun runEngine(const EngineConfig& engine, const fs::path& file, const fs::path& dir) {
    cli::bench::ChildSpec spec;
    spec.argv = command(engine, file.string(), (dir / (engine.name + ".json")).string());
    spec.stdoutFile = (dir / (engine.name + ".out")).string();
    spec.stderrFile = (dir / (engine.name + ".err")).string();
    spec.killAfterSeconds = o_.timeoutSeconds + o_.killAfterExtraSeconds;
    spec.memoryMB = o_.memoryMB;
    cli::bench::ChildOutcome child = cli::bench::runChild(spec, &InterruptScope::flag());
    return classifyRun(engine.name, child, readFile(spec.stdoutFile), readFile(spec.stderrFile));
  }

  std::vector<std::string> command(const EngineConfig& engine, const std::string& file, const std::string& json) const {
    std::vector<std::string> argv = {o_.argus, "verify", file};
    argv.insert(argv.end(), engine.args.begin(), engine.args.end());
    for (std::string a : {std::string("--timeout"), fmt::format("{:g}", o_.timeoutSeconds), std::string("--json"), json})
      argv.push_back(a);
    return argv;
  }

  void report(uint64_t seed, const std::vector<EngineRun>& runs, const ProgramJudgement& judgement, const fs::path& kept) {
    std::string text = fmt::format("FAILED seed {} (size {}):\n", seed, o_.size);
    for (auto& p : judgement.problems) text += "  " + p + "\n";
    for (auto& r : runs) text += fmt::format("  {:12} {}\n", r.engine + ":", r.summary);
    fs::path program = kept / fmt::format("seed-{}.c", seed);
    text += "  program and outputs: " + kept.string() + "\n";
    text += fmt::format("  regenerate: {} generate --seed {} --size {} > seed-{}.c\n", o_.generatorCommand, seed,
                        o_.size, seed);
    for (auto& engine : o_.engines) {
      std::string cmd;
      for (auto& a : command(engine, program.string(), (kept / (engine.name + ".json")).string()))
        cmd += (cmd.empty() ? "" : " ") + shellWord(a);
      text += "  reproduce: " + cmd + "\n";
    }
    out_ << text << std::flush;
  }

  const DiffOptions& o_;
  std::ostream& out_;
  std::ostream& progress_;
  std::atomic<int> next_{0};
  std::mutex mutex_;
  Summary summary_;
};

}  // namespace

int runDifferential(DiffOptions options, std::ostream& out, std::ostream& progress) {
  if (options.engines.empty()) options.engines = defaultEngines();
  if (options.generatorCommand.empty()) options.generatorCommand = "argus_difftest";
  options.jobs = std::max(1, options.jobs);
  // Both folders are ours; what an earlier run left there would only confuse the report.
  fs::remove_all(fs::path(options.workDir) / "run");
  fs::remove_all(fs::path(options.workDir) / "failures");
  auto start = std::chrono::steady_clock::now();
  // Ctrl-C or SIGTERM ends a long run early: running argus processes are killed, their program is not
  // counted, and the summary covers the programs that finished.
  InterruptScope interruptScope;
  Runner runner(options, out, progress);
  runner.runAll();
  Summary& s = runner.summary();
  s.engines.resize(options.engines.size());
  s.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!options.keep) fs::remove_all(fs::path(options.workDir) / "run");
  out << "\n" << summaryTable(options, s);
  std::string vacuous = vacuity(options, s);
  if (!vacuous.empty()) out << "VACUOUS: " << vacuous << "\n";
  if (s.failed()) out << "FAILED: " << s.failedSeeds.size() << " program(s), kept in " << options.workDir << "/failures\n";
  if (InterruptScope::interrupted()) out << "INTERRUPTED after " << s.programs << " of " << options.count << " programs\n";
  out << std::flush;
  if (InterruptScope::interrupted()) return kInterrupted;
  return s.failed() || !vacuous.empty() ? 1 : 0;
}

}  // namespace argus::differential
