// `argus chc`: read the clauses, run an engine on their program, translate and check its evidence
// against the clauses, print the CHC-COMP answer.
#include "cli/ChcCommands.h"

#include <sstream>

#include "certify/chc/ChcAnswer.h"
#include "frontend/chc/ChcEvidence.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "util/Error.h"

namespace argus::cli {
namespace {

constexpr int kExitSat = 0, kExitUnsat = 10, kExitUnknown = 20, kExitInput = 2, kExitInternal = 3;

/// Runs the requested engine (or the first that supports the program); Unknown when none can.
ir::Result runChosenEngine(const ChcCommandOptions& options, const ir::Program& program, engines::RunContext& ctx) {
  if (options.solve) return options.solve(program, ctx);
  std::vector<const engines::EngineInfo*> candidates;
  if (!options.engine.empty()) {
    const engines::EngineInfo* info = engines::findEngine(options.engine);
    if (!info) throw OptionError("unknown engine " + options.engine);
    candidates.push_back(info);
  } else {
    for (auto& info : engines::engineRegistry()) candidates.push_back(&info);
  }
  std::string refusals;
  for (const engines::EngineInfo* info : candidates) {
    std::unique_ptr<engines::Engine> engine = info->make();
    engines::Support s = engine->supports(program);
    if (!s.ok) {
      refusals += "; " + info->name + ": " + s.reason;
      continue;
    }
    try {
      ir::Result r = engine->run(program, ctx);
      if (r.engine.empty()) r.engine = info->name;
      return r;
    } catch (const UnsupportedError& e) {
      return ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
    }
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
    case certify::ChcStatus::Sat: return kExitSat;
    case certify::ChcStatus::Unsat: return kExitUnsat;
    case certify::ChcStatus::Unknown: break;
  }
  return kExitUnknown;
}

int solve(const ChcCommandOptions& options, std::ostream& out, std::ostream& err) {
  Logger log(options.verbosity);
  log.setLinePrefix(";");
  chc::ChcSystem sys = chc::readChcFile(options.file, nullptr, &log);
  chc::ChcProgram cp = chc::toProgram(sys);
  log.log(1, "chc", "{} predicates, {} clauses, {}", sys.preds.size(), sys.clauses.size(),
          cp.encoding.linear ? "linear (one CFA)" : "non-linear (procedures)");

  OptionRegistry registry;
  engines::registerEngineOptions(registry);
  Options values(registry);
  for (auto& s : options.settings) values.setAssignment(s);
  Stats stats;
  stats.set("chc.predicates", static_cast<int64_t>(sys.preds.size()));
  stats.set("chc.clauses", static_cast<int64_t>(sys.clauses.size()));
  auto shutdown = std::make_shared<ShutdownToken>();
  if (options.timeoutSeconds > 0) shutdown->setTimeout(options.timeoutSeconds);
  engines::RunContext ctx{values, log, stats, shutdown, options.dumpDir};
  ir::Result result = runChosenEngine(options, *cp.program, ctx);
  log.log(1, "chc", "engine {}: {}", result.engine, ir::toString(result.verdict));

  certify::ChcCertifyOptions checks;
  checks.checkTimeout = options.checkTimeout;
  Stopwatch watch;
  certify::ChcAnswer answer = certify::certifyChcResult(sys, cp, result, checks);
  stats.addTime("chc.certify_time", watch.seconds());
  int code = printAnswer(options, sys, answer, out, err);
  if (options.verbosity > 0) {
    std::istringstream lines(stats.toText());
    for (std::string line; std::getline(lines, line);) err << "; " << line << "\n";
  }
  return code;
}

}  // namespace

int runChcCommand(const ChcCommandOptions& options, std::ostream& out, std::ostream& err) {
  try {
    return solve(options, out, err);
  } catch (const InputError& e) {
    err << "; error: " << e.what() << "\n";
    return kExitInput;
  } catch (const OptionError& e) {
    err << "; error: " << e.what() << "\n";
    return kExitInput;
  } catch (const std::exception& e) {
    err << "; internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}

}  // namespace argus::cli
