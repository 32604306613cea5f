// `argus validate`: the task's program from the C front end, then witness/Validate; for a violation
// witness whose native replays missed the error only for want of heap contents, a symbolic check with the
// witness's inputs fixed and the heap left open (bmc, its path re-checked by certify).
#include "cli/ValidateCommand.h"

#include <fmt/format.h>

#include <atomic>
#include <cstdlib>

#include "certify/Certify.h"
#include "cli/ExitCode.h"
#include "cli/GlobalOptions.h"
#include "cli/Pipeline.h"
#include "cli/RunGuard.h"
#include "cli/TaskInput.h"
#include "transforms/FixedInputs.h"
#include "util/Error.h"
#include "util/Logger.h"
#include "util/Stats.h"
#include "witness/Validate.h"

namespace argus::cli {
namespace {

/// The program with the witness's inputs fixed (transforms/FixedInputs.h), searched by bmc for `seconds`;
/// a path it finds confirms the witness only once certify's trace check accepts it on that program. What
/// is left open is exactly what the witness cannot say — memory no one wrote — so any such path is a run
/// the witness's inputs lead to the error. Otherwise the native replay's outcome stands, with the reason.
witness::ValidationOutcome checkWithOpenHeap(const ir::Program& program, const std::vector<std::string>& inputs,
                                             witness::ValidationOutcome native, const Options& options,
                                             double seconds, Logger& log) {
  auto stays = [&](const std::string& why) {
    native.detail += "; symbolic check with the inputs fixed and the heap open: " + why;
    return native;
  };
  if (!(seconds > 0)) return stays("no time left");
  std::optional<ir::Program> fixed;
  try {
    fixed.emplace(transforms::withFixedInputs(program, inputs));
  } catch (const UnsupportedError& e) {
    return stays(e.what());
  }
  Stats stats;
  auto shutdown = std::make_shared<ShutdownToken>();
  shutdown->setTimeout(seconds);
  engines::RunContext ctx{options, log, stats, shutdown, ""};
  ir::Result result = runEngine(engineByName("bmc"), *fixed, ctx);
  if (result.verdict == ir::Verdict::Safe) return stays("bmc finds that no run with these inputs reaches the error");
  if (result.verdict != ir::Verdict::Unsafe || !result.trace())
    return stays(fmt::format("bmc found no path ({}{})", ir::toString(result.reason),
                             result.detail.empty() ? "" : ": " + result.detail));
  // certify's gate for traces, without the native replay (which cannot choose heap contents either): the
  // path re-checked by a fresh solver, and refused when it ends on an edge the front end does not model.
  certify::CertifyOptions checks;
  checks.nativeReplay = false;
  checks.checkTimeout = std::max(1.0, shutdown->remainingSeconds());
  ir::Result checked = certify::certify(*fixed, std::move(result), checks, log, stats);
  if (checked.verdict != ir::Verdict::Unsafe)
    return stays(fmt::format("the path bmc found was not accepted by certify ({}: {})", ir::toString(checked.reason),
                             checked.detail));
  return {witness::Validity::Confirmed, "violation",
          fmt::format("symbolically: with the witness's {} inputs fixed in order and the heap contents left open, "
                      "a path of {} steps reaches the error (found by bmc, re-checked by certify); the native "
                      "replays, which must choose heap contents, missed it: {}",
                      inputs.size(), checked.trace()->steps.size(), native.detail),
          std::nullopt};
}

}  // namespace

int runValidate(const ValidateRequest& request, std::ostream& out) {
  Options options = parseAssignments(request.assignments);
  // The checks below look at the budget only between their attempts, and one attempt (a k-induction or a
  // bound check of a correctness witness) may take many solver calls. --timeout is a promise to whoever
  // waits for the answer (argus bench, BenchExec): a hard deadline answers "unconfirmed" and ends the
  // process, as argus verify's does.
  constexpr double kGraceSeconds = 5;
  std::atomic<bool> answered{false};
  RunGuard guard(std::make_shared<ShutdownToken>(),
                 request.timeoutSeconds > 0 ? request.timeoutSeconds + kGraceSeconds : 0, [&] {
                   if (answered.exchange(true)) return;
                   releaseBeforeEndingAtOnce();
                   out << fmt::format("unconfirmed: out of time, no answer {:g} s after --timeout {:g}\n",
                                      kGraceSeconds, request.timeoutSeconds)
                       << std::flush;
                   std::_Exit(kExitUnknown);
                 });
  Logger log(request.verbosity);
  frontend::CTask task = loadInputTask(request.input, options, log);
  Stats stats;
  std::unique_ptr<ir::Program> program = frontend::translateC(task, frontendOptions(options), log, stats);
  witness::ValidationOptions checks;
  checks.budget = request.timeoutSeconds;
  checks.checkTimeout = std::min(checks.checkTimeout, request.timeoutSeconds);
  Stopwatch clock;
  witness::ValidationOutcome outcome = witness::validateWitness(*program, request.witnessFile, checks);
  if (outcome.heapOpenInputs)
    outcome = checkWithOpenHeap(*program, *outcome.heapOpenInputs, outcome, options,
                                request.timeoutSeconds - clock.seconds(), log);
  if (answered.exchange(true)) return kExitUnknown;  // the deadline answered first (it ends the process)
  out << witness::toString(outcome.validity);
  if (!outcome.kind.empty()) out << " (" << outcome.kind << " witness)";
  out << ": " << outcome.detail << "\n";
  switch (outcome.validity) {
    case witness::Validity::Confirmed: return kExitTrue;
    case witness::Validity::Rejected: return kExitFalse;
    case witness::Validity::Unconfirmed: return kExitUnknown;
  }
  return kExitUnknown;
}

}  // namespace argus::cli
