// The verify pipeline and its report. A hard deadline (timeout + grace) may end the run from the guard's
// thread: whoever claims the verdict first (the pipeline or the deadline) prints it, the other stays
// silent, so stdout never carries two verdict lines.
#include "cli/Verify.h"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "certify/Certify.h"
#include "certify/chc/ChcAnswer.h"
#include "cli/ExitCode.h"
#include "cli/GlobalOptions.h"
#include "cli/Pipeline.h"
#include "cli/RunGuard.h"
#include "cli/TaskInput.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "report/Assumptions.h"
#include "report/CertificateText.h"
#include "report/ResultJson.h"
#include "report/TraceText.h"
#include "report/VerdictLine.h"
#include "util/Error.h"

namespace argus::cli {
namespace {

/// State shared by the pipeline and the hard deadline.
class VerifyRun {
 public:
  VerifyRun(const VerifyRequest& request, std::ostream& out)
      : request_(request), out_(out), log_(request.verbosity) {}

  Logger& log() { return log_; }
  Stats& stats() { return stats_; }
  void updateInfo(const std::function<void(report::RunInfo&)>& change) {
    std::lock_guard<std::mutex> lock(infoMutex_);
    change(info_);
  }

  /// Prints the final report; returns the exit code.
  int finish(const ir::Result& result, const ir::Program* program) {
    if (claimed_.exchange(true)) std::this_thread::sleep_for(std::chrono::hours(1));  // the deadline exits
    int code = exitCodeFor(result.verdict);
    out_ << report::verdictLine(result) << "\n";
    if (program) writeEvidence(result, *program);
    if (log_.verbosity() >= 1) writeStatistics();
    out_.flush();
    writeJson(result, program, code);
    return code;
  }

  /// The hard deadline passed: report UNKNOWN (timeout) and end the process at once.
  void giveUp(double seconds) {
    if (claimed_.exchange(true)) return;
    releaseBeforeEndingAtOnce();  // _Exit runs no destructor: no TempDir would remove its folder
    ir::Result result = ir::Result::unknown(ir::UnknownReason::Timeout,
                                            fmt::format("no result {:g} s after the timeout", seconds));
    out_ << report::verdictLine(result) << std::endl;
    writeJson(result, nullptr, kExitUnknown);
    std::_Exit(kExitUnknown);
  }

 private:
  void writeEvidence(const ir::Result& result, const ir::Program& program) {
    if (log_.verbosity() >= 1) out_ << "assumes: " << report::assumptions(program.origin()) << "\n";
    if (auto* trace = result.trace()) out_ << report::traceText(program, *trace, {log_.verbosity() >= 2});
    if (auto* certificate = result.certificate(); certificate && log_.verbosity() >= 1)
      out_ << report::certificateText(program, *certificate, log_.verbosity() >= 2);
  }

  void writeStatistics() {
    report::RunInfo info = snapshot();
    out_ << fmt::format("Times: front end {:.3f} s, engine {:.3f} s, certify {:.3f} s, total {:.3f} s\n",
                        info.frontendSeconds, info.engineSeconds, info.certifySeconds, clock_.seconds());
    std::string text = stats_.toText();
    if (text.empty()) return;
    out_ << "Statistics:\n";
    for (size_t pos = 0; pos < text.size();) {
      size_t end = text.find('\n', pos);
      out_ << "  " << text.substr(pos, end - pos) << "\n";
      pos = end == std::string::npos ? text.size() : end + 1;
    }
  }

  void writeJson(const ir::Result& result, const ir::Program* program, int code) {
    if (request_.jsonFile.empty()) return;
    report::RunInfo info = snapshot();
    info.totalSeconds = clock_.seconds();
    info.exitCode = code;
    std::ofstream file(request_.jsonFile);
    file << report::resultJson(result, program, stats_, info).dump(2) << "\n";
    if (!file) log_.warn("cli", "cannot write the JSON report {}", request_.jsonFile);
  }

  report::RunInfo snapshot() {
    std::lock_guard<std::mutex> lock(infoMutex_);
    return info_;
  }

  const VerifyRequest& request_;
  std::ostream& out_;
  Logger log_;
  Stats stats_;
  Stopwatch clock_;
  std::mutex infoMutex_;
  report::RunInfo info_;
  std::atomic<bool> claimed_{false};
};

ir::Result certifyResult(const ir::Program& program, ir::Result result, const Options& options,
                         const std::string& dumpDir, VerifyRun& run) {
  if (result.verdict == ir::Verdict::Unknown) return result;
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
  engines::RunContext ctx{options, run.log(), run.stats(), shutdown, dumpDir};
  ir::Result result = runEngine(engine, program, ctx);
  run.updateInfo([&](report::RunInfo& info) { info.engineSeconds = enginePhase.seconds(); });
  Stopwatch certifyPhase;
  result = certifyResult(program, std::move(result), options, dumpDir, run);
  run.updateInfo([&](report::RunInfo& info) { info.certifySeconds = certifyPhase.seconds(); });
  return result;
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

/// `argus verify FILE.smt2`: the clauses' program, the engine and the program-level checks (as for C),
/// then the clause-level checks. The verdict line says TRUE for sat (safe) and FALSE for unsat, as for
/// C; `argus chc` prints the CHC-COMP words.
int verifyClauses(const VerifyRequest& request, const Options& options, VerifyRun& run,
                  const engines::EngineInfo& engine, const std::shared_ptr<ShutdownToken>& shutdown) {
  Stopwatch phase;
  chc::ChcSystem system = chc::readChcFile(request.input, nullptr, &run.log());
  chc::ChcProgram clauses = chc::toProgram(system);
  run.updateInfo([&](report::RunInfo& info) {
    info.inputFile = request.input;
    info.options = options.nonDefault();
    info.frontendSeconds = phase.seconds();
  });
  run.stats().set("chc.predicates", static_cast<int64_t>(system.preds.size()));
  run.stats().set("chc.clauses", static_cast<int64_t>(system.clauses.size()));
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
}

}  // namespace

Options verifyOptions(const VerifyRequest& request) {
  Options options = parseAssignments(request.assignments);
  engineByName(options.getString(opt::kEngine));
  return options;
}

int runVerify(const VerifyRequest& request, std::ostream& out) {
  Options options = verifyOptions(request);
  const engines::EngineInfo& engine = engineByName(options.getString(opt::kEngine));
  VerifyRun run(request, out);
  bool clauses = isClauseFile(request.input);
  frontend::CTask task = clauses ? frontend::CTask{} : loadInputTask(request.input, options, run.log());
  auto shutdown = std::make_shared<ShutdownToken>();
  double timeout = options.getDouble(opt::kTimeout), grace = options.getDouble(opt::kGrace);
  if (timeout > 0) shutdown->setTimeout(timeout);
  RunGuard guard(shutdown, timeout > 0 ? timeout + grace : 0, [&] { run.giveUp(grace); });

  if (!request.dumpDir.empty()) std::filesystem::create_directories(request.dumpDir);
  if (clauses) return verifyClauses(request, options, run, engine, shutdown);
  describeTask(run, task, options);
  std::unique_ptr<ir::Program> program;  // declared first: the result's terms live in its Z3 context
  ir::Result result;
  program = translate(task, options, run, result);
  if (program) result = decide(*program, engine, options, shutdown, request.dumpDir, run);
  return run.finish(result, program.get());
}

}  // namespace argus::cli
