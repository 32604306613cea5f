// `argus chc`: read the clauses, run an engine on their program, translate and check its evidence
// against the clauses, print the CHC-COMP answer.
#include "cli/ChcCommands.h"

#include <sstream>

#include "certify/chc/ChcAnswer.h"
#include "cli/ExitCode.h"
#include "cli/Pipeline.h"
#include "frontend/chc/ChcEvidence.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "portfolio/Portfolio.h"
#include "util/Error.h"

namespace argus::cli {
namespace {

/// Runs the requested engine (or the first that supports the program) like `argus verify` does:
/// whatever the engine throws becomes Unknown. Unknown(Unsupported) when no engine supports it.
ir::Result runChosenEngine(const ChcCommandOptions& options, const ir::Program& program, engines::RunContext& ctx) {
  if (options.solve) return options.solve(program, ctx);
  if (!options.engine.empty()) return runEngine(engineByName(options.engine), program, ctx);
  std::string refusals;
  for (const engines::EngineInfo& info : engines::engineRegistry()) {
    engines::Support s = info.make()->supports(program);
    if (s.ok) return runEngine(info, program, ctx);
    refusals += "; " + info.name + ": " + s.reason;
  }
  return ir::Result::unknown(ir::UnknownReason::Unsupported,
                             "no engine supports this program" + (refusals.empty() ? "" : " (" + refusals.substr(2) + ")"));
}

int printAnswer(const ChcCommandOptions& options, const chc::ChcSystem& sys, const certify::ChcAnswer& answer,
                std::ostream& out, std::ostream& err) {
  out << certify::toString(answer.status) << "\n";
  if (options.printModel && answer.model) out << chc::modelText(sys, *answer.model) << "\n";
  if (options.printModel && answer.derivation) out << chc::derivationText(sys, *answer.derivation) << "\n";
  out.flush();
  bool why = answer.status == certify::ChcStatus::Unknown || options.verbosity > 0;
  if (why && !answer.detail.empty()) err << "; " << answer.detail << "\n";
  switch (answer.status) {
    case certify::ChcStatus::Sat: return kExitTrue;
    case certify::ChcStatus::Unsat: return kExitFalse;
    case certify::ChcStatus::Unknown: break;
  }
  return kExitUnknown;
}

/// The options an engine may read (argus chc has no front-end or verify options).
const OptionRegistry& engineOptionRegistry() {
  static const OptionRegistry registry = [] {
    OptionRegistry r;
    engines::registerEngineOptions(r);
    return r;
  }();
  return registry;
}

/// One engine (or the chosen one) on the clauses' program, its evidence checked against the clauses, the
/// answer printed to `out` and diagnostics to `err`; returns the exit code.
int answerWith(const ChcCommandOptions& options, const std::string& engine, const chc::ChcSystem& sys,
               const chc::ChcProgram& cp, const std::shared_ptr<ShutdownToken>& shutdown, std::ostream& out,
               std::ostream& err) {
  Options values = chcOptions(options);
  Logger log(options.verbosity);
  log.setLinePrefix(";");
  Stats stats;
  stats.set("chc.predicates", static_cast<int64_t>(sys.preds.size()));
  stats.set("chc.clauses", static_cast<int64_t>(sys.clauses.size()));
  engines::RunContext ctx{values, log, stats, shutdown, options.dumpDir};
  ir::Result result = engine.empty() ? runChosenEngine(options, *cp.program, ctx)
                                     : runEngine(engineByName(engine), *cp.program, ctx);
  log.log(1, "chc", "engine {}: {}", result.engine, ir::toString(result.verdict));
  if (result.verdict != ir::Verdict::Unknown) portfolio::announceCertifying();

  certify::ChcCertifyOptions checks;
  checks.checkTimeout = options.checkTimeout;
  Stopwatch watch;
  certify::ChcAnswer answer = certify::certifyChcResult(sys, cp, result, checks);
  stats.addTime("chc.certify_time", watch.seconds());
  if (!answer.rejection.empty()) {
    // The answer may stand on certify's own model, but the engine's evidence was wrong: a bug, counted.
    stats.add("certify.rejected");
    log.warn("certify", "evidence rejected at the clause level: {}", answer.rejection);
  }
  int code = printAnswer(options, sys, answer, out, err);
  if (options.verbosity > 0) {
    std::istringstream lines(stats.toText());
    for (std::string line; std::getline(lines, line);) err << "; " << line << "\n";
  }
  return code;
}

/// The default portfolio for the clauses' shape (as `argus verify` runs it): each engine in a forked
/// process that checks its own evidence against the clauses; the first sat or unsat is printed.
int answerWithPortfolio(const ChcCommandOptions& options, const std::vector<portfolio::Slot>& engines,
                        const chc::ChcSystem& sys, const chc::ChcProgram& cp,
                        const std::shared_ptr<ShutdownToken>& shutdown, std::ostream& out, std::ostream& err) {
  auto runOne = [&](const std::string& name) {
    std::ostringstream answer, diagnostics;
    portfolio::RunReport report;
    report.engine = name;
    report.exitCode = answerWith(options, name, sys, cp, shutdown, answer, diagnostics);
    report.decided = report.exitCode == kExitTrue || report.exitCode == kExitFalse;
    report.stdoutText = answer.str();
    report.stderrText = diagnostics.str();
    return report;
  };
  portfolio::PortfolioOutcome outcome = portfolio::runParallel(engines, portfolio::jobsFor(options.jobs),
                                                               options.timeoutSeconds, runOne, [] { return false; });
  const portfolio::RunReport* shown = outcome.winner ? &outcome.reports[*outcome.winner] : nullptr;
  // Without a winner, the first engine in list order that answered tells why it is unknown.
  for (const portfolio::Slot& slot : engines)
    for (const portfolio::RunReport& r : outcome.reports)
      if (!shown && r.engine == slot.engine && r.failure.empty()) shown = &r;
  if (options.verbosity > 0) {
    for (const portfolio::RunReport& r : outcome.reports)
      err << fmt::format("; portfolio: {} ended after {:.2f} s{}\n", r.engine, r.seconds,
                         &r == shown && outcome.winner ? " (won)" : r.failure.empty() ? "" : ": " + r.failure);
    for (const std::string& y : outcome.yielded)
      err << "; portfolio: " << y << " yielded its slot (its share of the time had passed)\n";
  }
  if (!shown) {
    out << "unknown\n";
    err << "; no engine of the portfolio answered\n";
    return kExitUnknown;
  }
  out << shown->stdoutText;
  err << shown->stderrText;
  return shown->exitCode;
}

int solve(const ChcCommandOptions& options, std::ostream& out, std::ostream& err) {
  chcOptions(options);
  Logger log(options.verbosity);
  log.setLinePrefix(";");
  chc::ChcSystem sys = chc::readChcFile(options.file, nullptr, &log);
  if (!sys.unsolved.empty()) {
    // Read but not solvable (datatypes, ...): CHC-COMP wants an answer line, and the comment says why.
    out << "unknown\n";
    out.flush();
    err << "; " << sys.unsolvedSummary() << "\n";
    return kExitUnknown;
  }
  chc::ChcProgram cp = chc::toProgram(sys);
  log.log(1, "chc", "{} predicates, {} clauses, {}", sys.preds.size(), sys.clauses.size(),
          cp.encoding.linear ? "linear (one CFA)" : "non-linear (procedures)");
  auto shutdown = std::make_shared<ShutdownToken>();
  if (options.timeoutSeconds > 0) shutdown->setTimeout(options.timeoutSeconds);
  std::vector<portfolio::Slot> engines;
  if (options.engine.empty() && !options.solve) engines = portfolio::defaultEngines({true, false, !cp.encoding.linear, sys.usesReals()});
  if (engines.size() > 1) return answerWithPortfolio(options, engines, sys, cp, shutdown, out, err);
  return answerWith(options, engines.empty() ? options.engine : engines.front().engine, sys, cp, shutdown, out, err);
}

}  // namespace

Options chcOptions(const ChcCommandOptions& options) {
  Options values(engineOptionRegistry());
  for (auto& s : options.settings) values.setAssignment(s);
  if (!options.engine.empty()) engineByName(options.engine);
  if (!(options.timeoutSeconds >= 0)) throw OptionError("--timeout must be a number of seconds >= 0");
  if (options.jobs < 0) throw OptionError("--jobs must be at least 1 (or 0: the cores available)");
  return values;
}

int runChcCommand(const ChcCommandOptions& options, std::ostream& out, std::ostream& err) {
  try {
    return solve(options, out, err);
  } catch (const InputError& e) {
    err << "; error: " << e.what() << "\n";
    return kExitUsage;
  } catch (const OptionError& e) {
    err << "; error: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    err << "; internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}

}  // namespace argus::cli
