// The verify pipeline and its report. A hard deadline (timeout + grace) may end the run from the guard's
// thread: whoever claims the verdict first (the pipeline or the deadline) prints it, the other stays
// silent, so stdout never carries two verdict lines.
#include "cli/Verify.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>

#include "certify/Certify.h"
#include "certify/chc/ChcAnswer.h"
#include "cli/ExitCode.h"
#include "cli/GlobalOptions.h"
#include "cli/MostTelling.h"
#include "cli/Pipeline.h"
#include "cli/Progress.h"
#include "cli/RunGuard.h"
#include "cli/TaskInput.h"
#include "cli/Version.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "ir/Queries.h"
#include "portfolio/Portfolio.h"
#include "report/Assumptions.h"
#include "report/CertificateText.h"
#include "report/HtmlReport.h"
#include "report/ResultJson.h"
#include "report/TraceText.h"
#include "report/VerdictLine.h"
#include "util/Error.h"
#include "util/KeepUntilExit.h"
#include "util/TempDir.h"
#include "witness/Witness.h"

namespace argus::cli {

namespace {
bool contextsToTheSystem = false;
}  // namespace

void leaveContextsToTheSystem() { contextsToTheSystem = true; }

namespace {

/// Keeps the context alive until the process ends (see leaveContextsToTheSystem), when that was asked for.
void keepContextIfEnding(const std::shared_ptr<z3::context>& context) {
  if (contextsToTheSystem) keepUntilExit(context);
}

/// State shared by the pipeline and the hard deadline.
class VerifyRun {
 public:
  VerifyRun(const VerifyRequest& request, const Options& options, std::ostream& out)
      : request_(request), out_(&out), log_(request.verbosity) {
    cfaLimits_.timeoutSeconds = options.getDouble(opt::kDotTimeout);
    cfaLimits_.maxSize = static_cast<size_t>(options.getInt(opt::kMaxGraphSize));
    arg_.maxNodes = cfaLimits_.maxSize;
  }

  /// Where predabs and impact put their ARG for the HTML report; null without --report.
  engines::ArgRequest* argRequest() { return request_.reportDir.empty() ? nullptr : &arg_; }

  /// The program whose CFA the HTML report draws (the portfolio's parent has no result of its own).
  void reportProgram(const ir::Program* program) { reportProgram_ = program; }
  /// The texts of that program's unsupported edges (what a portfolio's UNKNOWN may name, MostTelling.h).
  std::vector<std::string> unsupportedFeatures() const {
    std::vector<std::string> features;
    for (ir::EdgeId e = 0; reportProgram_ && e < reportProgram_->numEdges(); ++e)
      if (!reportProgram_->edge(e).unsupported.empty()) features.push_back(reportProgram_->edge(e).unsupported);
    return features;
  }

  Logger& log() { return log_; }
  Stats& stats() { return stats_; }
  void updateInfo(const std::function<void(report::RunInfo&)>& change) {
    std::lock_guard<std::mutex> lock(infoMutex_);
    change(info_);
  }

  /// Prints the final report; returns the exit code.
  int finish(const ir::Result& result, const ir::Program* program) {
    claim();
    stopProgress();
    int code = exitCodeFor(result.verdict);
    *out_ << report::verdictLine(result, info_.property) << "\n";
    if (program) writeEvidence(result, *program);
    if (log_.verbosity() >= 1) writeStatistics();
    out_->flush();
    writeJson(result, program, code);
    if (program) writeWitness(result, *program);
    return code;
  }

  /// A portfolio child: the report goes into `text`, the JSON report (always rendered) into `json` and
  /// the witness (when asked for) into `witness`, for the parent to print and write if this child wins.
  void captureInto(std::ostream& text, std::string& json, std::string& witness) {
    portfolioChild_ = true;
    out_ = &text;
    jsonCapture_ = &json;
    witnessCapture_ = &witness;
  }

  /// Prints a report rendered elsewhere (by the portfolio's winner); returns `code`.
  int finishWith(const std::string& text, const std::string& json, const std::string& witness, int code) {
    claim();
    stopProgress();
    *out_ << text;
    out_->flush();
    if (!request_.jsonFile.empty() && !json.empty()) writeTextFile(request_.jsonFile, json, "JSON report");
    if (!request_.witnessFile.empty() && !witness.empty()) {
      std::string written = witness;
      // The winner's certificate (in its JSON report) has no contracts: the search runs here, in the parent,
      // where no share of the time limit can stop it and lose the answer.
      nlohmann::json report = json.empty() ? nlohmann::json() : nlohmann::json::parse(json, nullptr, false);
      bool contracts = report.is_object() && report.contains("certificate") &&
                       report["certificate"].value("contracts", nlohmann::json::array()).size() > 0;
      if (code == kExitTrue && !contracts && reportProgram_)
        if (std::optional<ir::Result> found = contractsForWitness())
          if (auto text = witnessText(*found, *reportProgram_)) written = *text;
      writeTextFile(request_.witnessFile, written, "witness");
    }
    if (!request_.reportDir.empty() && !json.empty()) writeReport(nlohmann::json::parse(json), drawCfa());
    return code;
  }

  /// A correctness witness of a recursive program needs procedure contracts to be checkable: the proof of
  /// bmc or of stratified inlining is a bounded unrolling, which a validator must redo (exponential in the
  /// depth for a function that calls itself twice). `search` looks for a certified proof with contracts
  /// when the answer that won has none (a TRUE is already certain then: only the witness waits for it).
  void searchContractsWith(std::function<std::optional<ir::Result>()> search) { contractSearch_ = std::move(search); }

  /// The hard deadline passed: report UNKNOWN (timeout) and end the process at once.
  void giveUp(double seconds) {
    if (claimed_.exchange(true)) return;
    stopProgress();
    releaseBeforeEndingAtOnce();  // _Exit runs no destructor: no TempDir would remove its folder
    ir::Result result = ir::Result::unknown(ir::UnknownReason::Timeout,
                                            fmt::format("no result {:g} s after the timeout", seconds));
    *out_ << report::verdictLine(result) << std::endl;
    // No Graphviz child now: the process ends at once, and after the release it could not start one.
    writeJson(result, nullptr, kExitUnknown, report::GraphPicture{"", "Not drawn: argus gave up at its hard deadline."});
    std::_Exit(kExitUnknown);
  }

  /// The live progress line of one engine run in this process (a portfolio child: whole lines with -v
  /// only, since its siblings share the terminal).
  void startProgress(const std::string& label) {
    progress_ = std::make_unique<ProgressLine>(std::cerr, label, &stats_, terminal_ && !portfolioChild_,
                                               log_.verbosity() >= 1);
    progress_->startTicking();
  }
  /// The portfolio's parent: a line it ticks itself while it waits for its children (no thread of its
  /// own, which a fork would copy without its thread).
  void showPortfolioProgress(const std::string& label) {
    progress_ = std::make_unique<ProgressLine>(std::cerr, label, nullptr, terminal_, log_.verbosity() >= 1);
  }
  void tickProgress() {
    if (progress_) progress_->tick(clock_.seconds());
  }

 private:
  void stopProgress() {
    if (progress_) progress_->stop();
  }

  void claim() {
    if (claimed_.exchange(true)) std::this_thread::sleep_for(std::chrono::hours(1));  // the deadline exits
  }

  void writeEvidence(const ir::Result& result, const ir::Program& program) {
    if (log_.verbosity() >= 1) *out_ << "assumes: " << report::assumptions(program.origin()) << "\n";
    if (auto* trace = result.trace()) *out_ << report::traceText(program, *trace, {log_.verbosity() >= 2});
    if (auto* certificate = result.certificate(); certificate && log_.verbosity() >= 1)
      *out_ << report::certificateText(program, *certificate, log_.verbosity() >= 2);
  }

  void writeStatistics() {
    report::RunInfo info = snapshot();
    *out_ << fmt::format("Times: front end {:.3f} s, engine {:.3f} s, certify {:.3f} s, total {:.3f} s\n",
                        info.frontendSeconds, info.engineSeconds, info.certifySeconds, clock_.seconds());
    std::string text = stats_.toText();
    if (text.empty()) return;
    *out_ << "Statistics:\n";
    for (size_t pos = 0; pos < text.size();) {
      size_t end = text.find('\n', pos);
      *out_ << "  " << text.substr(pos, end - pos) << "\n";
      pos = end == std::string::npos ? text.size() : end + 1;
    }
  }

  /// The JSON report, and the HTML report drawn from it (a portfolio child only captures the JSON: its
  /// parent writes both for the winner). `cfa`: the drawing, when not drawCfa()'s.
  void writeJson(const ir::Result& result, const ir::Program* program, int code,
                 std::optional<report::GraphPicture> cfa = std::nullopt) {
    if (request_.jsonFile.empty() && !jsonCapture_ && request_.reportDir.empty()) return;
    report::RunInfo info = snapshot();
    info.totalSeconds = clock_.seconds();
    info.exitCode = code;
    nlohmann::json json = report::resultJson(result, program, stats_, info);
    if (!arg_.dot.empty()) json["arg_dot"] = arg_.dot;  // with the JSON, it reaches a portfolio's parent
    std::string text = json.dump(2) + "\n";
    if (jsonCapture_) {
      *jsonCapture_ = std::move(text);
      return;
    }
    if (!request_.jsonFile.empty()) writeTextFile(request_.jsonFile, text, "JSON report");
    if (!request_.reportDir.empty()) writeReport(json, cfa ? *cfa : drawCfa());
  }

  report::GraphPicture drawCfa() {
    if (!reportProgram_) return {"", "The run ended before a program existed: no CFA."};
    return report::drawCfa(*reportProgram_, cfaLimits_);
  }

  void writeReport(const nlohmann::json& json, const report::GraphPicture& cfa) {
    try {
      std::string path = report::writeHtmlReport(request_.reportDir, json, cfa, cfaLimits_);
      log_.log(1, "cli", "HTML report written to {}", path);
    } catch (const InputError& e) {
      log_.warn("cli", "{}", e.what());  // the verdict is out already: its exit code stands
    }
  }

  /// The SV-COMP witness of a certified TRUE or FALSE (--witness); an answer that has none says why (-v).
  /// A portfolio child leaves the search for contracts to its parent (finishWith).
  void writeWitness(const ir::Result& result, const ir::Program& program) {
    if (request_.witnessFile.empty() || result.verdict == ir::Verdict::Unknown) return;
    const ir::Certificate* certificate = result.certificate();
    if (!portfolioChild_ && result.verdict == ir::Verdict::Safe && certificate && certificate->contracts.empty())
      if (std::optional<ir::Result> found = contractsForWitness())
        if (auto text = witnessText(*found, program)) return writeTextFile(request_.witnessFile, *text, "witness");
    std::optional<std::string> text = witnessText(result, program);
    if (!text) return;
    if (witnessCapture_) *witnessCapture_ = *text;
    else writeTextFile(request_.witnessFile, *text, "witness");
  }

  std::optional<std::string> witnessText(const ir::Result& result, const ir::Program& program) {
    witness::WitnessText witness;
    try {
      witness::WitnessFormat format =
          request_.witnessFormat == "graphml" ? witness::WitnessFormat::GraphMl : witness::WitnessFormat::Yaml;
      witness = witness::writeWitness(program, result, {kVersion, "", format});
    } catch (const std::exception& e) {
      witness.whyNot = e.what();
    }
    if (!witness.yaml) log_.log(1, "witness", "no witness: {}", witness.whyNot);
    return witness.yaml;
  }

  std::optional<ir::Result> contractsForWitness() {
    if (!contractSearch_ || request_.witnessFormat == "graphml") return std::nullopt;  // GraphML has no contracts
    return contractSearch_();
  }

  void writeTextFile(const std::string& path, const std::string& text, const char* what) {
    std::ofstream file(path);
    file << text;
    if (!file) log_.warn("cli", "cannot write the {} {}", what, path);
  }

  report::RunInfo snapshot() {
    std::lock_guard<std::mutex> lock(infoMutex_);
    return info_;
  }

  const VerifyRequest& request_;
  std::ostream* out_;
  std::string* jsonCapture_ = nullptr;     // a portfolio child's JSON report
  std::string* witnessCapture_ = nullptr;  // and its witness
  Logger log_;
  Stats stats_;
  Stopwatch clock_;
  std::mutex infoMutex_;
  report::RunInfo info_;
  std::atomic<bool> claimed_{false};
  bool terminal_ = isatty(STDERR_FILENO) != 0;
  bool portfolioChild_ = false;
  std::unique_ptr<ProgressLine> progress_;
  const ir::Program* reportProgram_ = nullptr;
  std::function<std::optional<ir::Result>()> contractSearch_;
  report::GraphvizLimits cfaLimits_;
  engines::ArgRequest arg_;
};

ir::Result certifyResult(const ir::Program& program, ir::Result result, const Options& options,
                         const std::string& dumpDir, VerifyRun& run) {
  if (result.verdict == ir::Verdict::Unknown) return result;
  portfolio::announceCertifying();
  certify::CertifyOptions co;
  co.dumpDir = dumpDir;
  co.replayTimeout = options.getDouble(opt::kReplayTimeout);
  co.checkTimeout = options.getDouble(opt::kCheckTimeout);
  std::string engine = result.engine;
  try {
    result = certify::certify(program, std::move(result), co, run.log(), run.stats());
  } catch (const std::bad_alloc&) {
    result = ir::Result::unknown(ir::UnknownReason::MemoryOut, "certification ran out of memory");
  } catch (const std::exception& e) {
    run.log().warn("cli", "certification failed: {}", e.what());
    result = ir::Result::unknown(ir::UnknownReason::Error, std::string("certification failed: ") + e.what());
  }
  result.engine = engine;
  return requireCheckedEvidence(program, std::move(result));
}

void describeTask(VerifyRun& run, const frontend::CTask& task, const Options& options) {
  run.updateInfo([&](report::RunInfo& info) {
    info.inputFile = task.file;
    info.taskFile = task.taskFile;
    info.errorFunction = task.errorFunction;
    info.property = frontend::propertyName(task.property);
    info.dataModel = task.ilp32 ? "ILP32" : "LP64";
    info.encoding = options.getString(opt::kEncoding);
    info.expectedSafe = task.expectedSafe;
    info.options = options.nonDefault();
  });
}

/// The program of the task, or null with `unknown` saying why (a feature the front end rejects as a
/// whole, or memory).
std::unique_ptr<ir::Program> translate(const frontend::CTask& task, const Options& options, VerifyRun& run,
                                       ir::Result& unknown) {
  Stopwatch phase;
  std::unique_ptr<ir::Program> program;
  try {
    program = frontend::translateC(task, frontendOptions(options), run.log(), run.stats());
  } catch (const UnsupportedError& e) {
    unknown = ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
  } catch (const std::bad_alloc&) {
    unknown = ir::Result::unknown(ir::UnknownReason::MemoryOut, "the front end ran out of memory");
  }
  run.updateInfo([&](report::RunInfo& info) { info.frontendSeconds = phase.seconds(); });
  return program;
}

/// Engine, then certification, each timed.
ir::Result decide(const ir::Program& program, const engines::EngineInfo& engine, const Options& options,
                  const std::shared_ptr<ShutdownToken>& shutdown, const std::string& dumpDir,
                  VerifyRun& run) {
  Stopwatch enginePhase;
  run.startProgress(engine.name);
  // The engine's own token, stopped (its solvers interrupted) when the run's deadline passes.
  auto engineToken = ShutdownToken::childOf(shutdown);
  engines::RunContext ctx{options, run.log(), run.stats(), engineToken, dumpDir, run.argRequest()};
  ir::Result result;
  {
    DeadlineWatch deadline(engineToken);
    result = runEngine(engine, program, ctx);
  }
  run.updateInfo([&](report::RunInfo& info) { info.engineSeconds = enginePhase.seconds(); });
  Stopwatch certifyPhase;
  result = certifyResult(program, std::move(result), options, dumpDir, run);
  run.updateInfo([&](report::RunInfo& info) { info.certifySeconds = certifyPhase.seconds(); });
  return result;
}

/// recmc's certified proof of a recursive program, for its witness (VerifyRun::searchContractsWith): within
/// half the time left before the timeout and at most witness.contract_search seconds, its certificate checked
/// as every certificate is (each check within half that time). Nothing when recmc does not prove the program
/// in time or its proof has no contracts.
std::optional<ir::Result> contractsForWitness(const ir::Program& program, const Options& options,
                                              const std::shared_ptr<ShutdownToken>& shutdown, VerifyRun& run) {
  double seconds = std::min(options.getDouble(opt::kContractSearch), shutdown->remainingSeconds() / 2);
  if (seconds < 1) return std::nullopt;
  Stopwatch clock;
  auto token = ShutdownToken::childOf(shutdown);
  token->setTimeout(seconds);
  Stats scratch;  // the run's statistics are the answer's
  engines::RunContext ctx{options, run.log(), scratch, token, "", nullptr};
  ir::Result proof;
  {
    DeadlineWatch deadline(token);
    proof = runEngine(engineByName("recmc"), program, ctx);
  }
  if (proof.verdict == ir::Verdict::Safe) {
    certify::CertifyOptions checks;
    checks.nativeReplay = false;
    checks.checkTimeout = seconds / 2;
    try {
      proof = certify::certify(program, std::move(proof), checks, run.log(), scratch);
    } catch (const std::exception& e) {
      proof = ir::Result::unknown(ir::UnknownReason::Error, e.what());
    }
  }
  const ir::Certificate* certificate = proof.certificate();
  bool found =
      proof.verdict == ir::Verdict::Safe && certificate && certificate->checked && !certificate->contracts.empty();
  run.log().log(1, "witness", "contracts for the witness: {} after {:.2f} s", found ? "recmc's" : "none",
                clock.seconds());
  if (!found) return std::nullopt;
  return proof;
}

/// A result that passed the program-level checks, judged again by the clause-level checks of
/// certify/chc: TRUE only when the certificate became a model of every original clause, FALSE only when
/// the trace became a derivation of false that replays. When no such model or derivation comes out (a
/// k-inductive certificate, evidence about a transformed program), the answer is Unknown(Incomplete):
/// the program-level check alone cannot vouch for the translation from the clauses.
ir::Result judgeByClauses(ir::Result result, const certify::ChcAnswer& answer) {
  if (result.verdict == ir::Verdict::Unknown) return result;
  bool agrees = (answer.status == certify::ChcStatus::Sat && result.verdict == ir::Verdict::Safe) ||
                (answer.status == certify::ChcStatus::Unsat && result.verdict == ir::Verdict::Unsafe);
  if (agrees) return result;
  ir::Result out = ir::Result::unknown(
      ir::UnknownReason::Incomplete,
      "the evidence passed the program-level check, but the clause-level check did not: " + answer.detail);
  out.engine = result.engine;
  return out;
}

/// Runs one engine through `judge` (engine, certify, report), or several as a portfolio.
using Judge = std::function<int(const engines::EngineInfo&)>;

/// The engines to run: the named ones, or the default portfolio for the shape.
std::vector<portfolio::Slot> enginesToRun(const Options& options, const portfolio::Shape& shape) {
  std::string value = options.getString(opt::kEngine);
  return value == opt::kAutoEngine ? portfolio::defaultEngines(shape) : portfolio::parseEngineList(value);
}

nlohmann::json portfolioJson(const std::vector<portfolio::Slot>& slots, unsigned jobs,
                             const portfolio::PortfolioOutcome& outcome) {
  nlohmann::json engines = nlohmann::json::array(), shares = nlohmann::json::object();
  for (const portfolio::Slot& s : slots) {
    engines.push_back(s.engine);
    if (s.share > 0) shares[s.engine] = s.share;
  }
  nlohmann::json runs = nlohmann::json::array();
  for (const portfolio::RunReport& r : outcome.reports) {
    std::string verdict = r.stdoutText.substr(0, r.stdoutText.find('\n'));
    runs.push_back({{"engine", r.engine}, {"exit_code", r.exitCode}, {"verdict_line", verdict},
                    {"seconds", r.seconds}, {"failure", r.failure}});
  }
  nlohmann::json out = {{"engines", engines}, {"shares", shares}, {"jobs", jobs}, {"runs", runs},
                        {"killed", outcome.killed}, {"yielded", outcome.yielded},
                        {"not_started", outcome.notStarted}};
  out["winner"] = outcome.winner ? nlohmann::json(outcome.reports[*outcome.winner].engine) : nlohmann::json(nullptr);
  return out;
}

/// The portfolio: every engine in its own forked process (after the front end), the first certified
/// answer printed. The children's deadline is the run's; the hard deadline kills them (RunGuard).
int runPortfolio(const std::vector<portfolio::Slot>& engines, unsigned jobs, double timeLimit, VerifyRun& run,
                 const Judge& judge, const std::shared_ptr<ShutdownToken>& shutdown) {
  std::string names = portfolio::describe(engines);
  run.log().log(1, "portfolio", "engines {} ({} at a time)", names, std::min<size_t>(jobs, engines.size()));
  // Each engine's temporary folders go below one of ours: an engine killed by the winner cannot remove
  // its own, this one goes with them.
  TempDir scratch("argus-portfolio");
  auto runOne = [&](const std::string& name) {
    std::string tmp = scratch.file(name);
    std::filesystem::create_directories(tmp);
    setenv("TMPDIR", tmp.c_str(), 1);
    std::ostringstream text;
    portfolio::RunReport report;
    run.captureInto(text, report.jsonText, report.witnessText);
    report.engine = name;
    report.exitCode = judge(engineByName(name));
    report.decided = report.exitCode == kExitTrue || report.exitCode == kExitFalse;
    report.stdoutText = text.str();
    return report;
  };
  // An interrupt stops the children at once; the timeout does not: they certify within the grace.
  auto interrupted = [&] {
    run.tickProgress();
    return shutdown->stopRequested() && !shutdown->timedOut();
  };
  run.showPortfolioProgress("portfolio (" + names + ")");
  portfolio::PortfolioOutcome outcome =
      portfolio::runParallel(engines, jobs, timeLimit, runOne, interrupted, [&] { return shutdown->timedOut(); });
  for (const portfolio::RunReport& r : outcome.reports)
    run.log().log(1, "portfolio", "{} ended after {:.2f} s: {}", r.engine, r.seconds,
                  r.failure.empty() ? r.stdoutText.substr(0, r.stdoutText.find('\n')) : r.failure);
  std::vector<std::string> features = run.unsupportedFeatures();
  const portfolio::RunReport* shown = outcome.winner ? &outcome.reports[*outcome.winner]
                                                     : mostTelling(engines, outcome.reports, features);
  // An engine's refusal of the program tells less than the time limit that stopped the others.
  bool stoppedByTime = !outcome.yielded.empty() || !outcome.notStarted.empty();
  if (!outcome.winner && shown && stoppedByTime && tellingOf(*shown, features) == Telling::EngineLimit) shown = nullptr;
  if (!shown || !shown->failure.empty()) {
    // No report at all: an interrupt, or every engine stopped when its share of the time limit passed.
    bool allYielded = !shown && stoppedByTime && !interrupted();
    std::vector<std::string> stopped = outcome.yielded;
    stopped.insert(stopped.end(), outcome.notStarted.begin(), outcome.notStarted.end());
    ir::Result result =
        shown        ? ir::Result::unknown(ir::UnknownReason::Error, "engine " + shown->engine + ": " + shown->failure)
        : allYielded ? ir::Result::unknown(ir::UnknownReason::Timeout,
                                          fmt::format("no answer within each engine's share of the time limit ({})",
                                                      fmt::join(stopped, ", ")))
                     : ir::Result::unknown(ir::UnknownReason::Cancelled, "the portfolio was interrupted");
    return run.finish(result, nullptr);
  }
  std::string text = shown->stdoutText;
  if (run.log().verbosity() >= 1) {
    text += "Portfolio:";
    for (const portfolio::RunReport& r : outcome.reports)
      text += fmt::format(" {} {} ({:.2f} s);", r.engine, &r == shown && outcome.winner ? "won" : "ended", r.seconds);
    for (const std::string& y : outcome.yielded) text += " " + y + " yielded its slot;";
    for (const std::string& n : outcome.notStarted) text += " " + n + " did not start (time limit);";
    for (const std::string& k : outcome.killed) text += " " + k + " stopped;";
    text.back() = '\n';
  }
  std::string json;
  if (!shown->jsonText.empty()) {
    nlohmann::json report = nlohmann::json::parse(shown->jsonText, nullptr, false);
    if (!report.is_discarded()) {
      report["portfolio"] = portfolioJson(engines, jobs, outcome);
      json = report.dump(2) + "\n";
    }
  }
  return run.finishWith(text, json, shown->witnessText, shown->exitCode);
}

int runEngines(const Options& options, VerifyRun& run, const portfolio::Shape& shape, const Judge& judge,
               const std::shared_ptr<ShutdownToken>& shutdown) {
  std::vector<portfolio::Slot> engines = enginesToRun(options, shape);
  if (engines.size() == 1) return judge(engineByName(engines.front().engine));  // a share of one run is all of it
  return runPortfolio(engines, portfolio::jobsFor(options.getInt(opt::kJobs)), options.getDouble(opt::kTimeout),
                      run, judge, shutdown);
}

/// `argus verify FILE.smt2`: the clauses' program, the engine and the program-level checks (as for C),
/// then the clause-level checks. The verdict line says TRUE for sat (safe) and FALSE for unsat, as for
/// C; `argus chc` prints the CHC-COMP words.
int verifyClauses(const VerifyRequest& request, const Options& options, VerifyRun& run,
                  const std::shared_ptr<ShutdownToken>& shutdown) {
  Stopwatch phase;
  chc::ChcSystem system = chc::readChcFile(request.input, nullptr, &run.log());
  if (!system.unsolved.empty())  // read, but no engine solves it (datatypes, ...)
    return run.finish(ir::Result::unknown(ir::UnknownReason::Unsupported, system.unsolvedSummary()), nullptr);
  chc::ChcProgram clauses = chc::toProgram(system);
  keepContextIfEnding(clauses.program->sharedCtx());
  run.reportProgram(clauses.program.get());
  run.updateInfo([&](report::RunInfo& info) {
    info.inputFile = request.input;
    info.options = options.nonDefault();
    info.frontendSeconds = phase.seconds();
  });
  run.stats().set("chc.predicates", static_cast<int64_t>(system.preds.size()));
  run.stats().set("chc.clauses", static_cast<int64_t>(system.clauses.size()));
  Judge judge = [&](const engines::EngineInfo& engine) {
    ir::Result result = decide(*clauses.program, engine, options, shutdown, request.dumpDir, run);
    if (result.verdict != ir::Verdict::Unknown) {
      Stopwatch clausePhase;
      certify::ChcCertifyOptions checks;
      checks.checkTimeout = options.getDouble(opt::kCheckTimeout);
      certify::ChcAnswer answer = certify::certifyChcResult(system, clauses, result, checks);
      run.log().log(1, "chc", "clause-level check: {} ({})", certify::toString(answer.status), answer.detail);
      if (!answer.rejection.empty()) {
        // The answer may stand on certify's own model, but the engine's evidence was wrong: a bug, counted.
        run.stats().add("certify.rejected");
        run.log().warn("certify", "evidence rejected at the clause level: {}", answer.rejection);
      }
      result = judgeByClauses(std::move(result), answer);
      run.updateInfo([&](report::RunInfo& info) { info.certifySeconds += clausePhase.seconds(); });
    }
    return run.finish(result, clauses.program.get());
  };
  return runEngines(options, run, {true, false, !clauses.encoding.linear, system.usesReals()}, judge, shutdown);
}

}  // namespace

Options verifyOptions(const VerifyRequest& request) {
  Options options = parseAssignments(request.assignments);
  std::string value = options.getString(opt::kEngine);
  if (value != opt::kAutoEngine) {
    std::vector<portfolio::Slot> slots = portfolio::parseEngineList(value);
    if (slots.empty()) throw OptionError("--engine: no engine named");
    for (const portfolio::Slot& slot : slots) engineByName(slot.engine);
  }
  return options;
}

int runVerify(const VerifyRequest& request, std::ostream& out) {
  Options options = verifyOptions(request);
  if (!request.reportDir.empty()) report::prepareReportFolder(request.reportDir);
  VerifyRun run(request, options, out);
  bool clauses = isClauseFile(request.input);
  frontend::CTask task = clauses ? frontend::CTask{} : loadInputTask(request.input, options, run.log());
  auto shutdown = std::make_shared<ShutdownToken>();
  double timeout = options.getDouble(opt::kTimeout), grace = options.getDouble(opt::kGrace);
  if (timeout > 0) shutdown->setTimeout(timeout);
  RunGuard guard(shutdown, timeout > 0 ? timeout + grace : 0, [&] { run.giveUp(grace); });

  if (!request.dumpDir.empty()) std::filesystem::create_directories(request.dumpDir);
  if (clauses) return verifyClauses(request, options, run, shutdown);
  describeTask(run, task, options);
  std::unique_ptr<ir::Program> program;  // declared first: the result's terms live in its Z3 context
  ir::Result unknown;
  program = translate(task, options, run, unknown);
  if (!program) return run.finish(unknown, nullptr);
  keepContextIfEnding(program->sharedCtx());
  run.reportProgram(program.get());
  ir::CallGraph calls(*program);
  bool recursive = calls.hasRecursion();
  auto reachable = static_cast<size_t>(std::count(calls.reachable().begin(), calls.reachable().end(), true));
  if (recursive) run.searchContractsWith([&] { return contractsForWitness(*program, options, shutdown, run); });
  Judge judge = [&](const engines::EngineInfo& engine) {
    return run.finish(decide(*program, engine, options, shutdown, request.dumpDir, run), program.get());
  };
  portfolio::Shape shape{.recursive = recursive,
                         .manyProcedures = reachable >= portfolio::kManyProcedures,
                         .floatingPoint = !ir::floatingPointUse(*program).empty()};
  return runEngines(options, run, shape, judge, shutdown);
}

}  // namespace argus::cli
