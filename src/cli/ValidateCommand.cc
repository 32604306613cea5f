// `argus validate`: the task's program from the C front end, then witness/Validate.
#include "cli/ValidateCommand.h"

#include "cli/ExitCode.h"
#include "cli/GlobalOptions.h"
#include "cli/TaskInput.h"
#include "util/Logger.h"
#include "util/Stats.h"
#include "witness/Validate.h"

namespace argus::cli {

int runValidate(const ValidateRequest& request, std::ostream& out) {
  Options options = parseAssignments(request.assignments);
  Logger log(request.verbosity);
  frontend::CTask task = loadInputTask(request.input, options, log);
  Stats stats;
  std::unique_ptr<ir::Program> program = frontend::translateC(task, frontendOptions(options), log, stats);
  witness::ValidationOptions checks;
  checks.budget = request.timeoutSeconds;
  checks.checkTimeout = std::min(checks.checkTimeout, request.timeoutSeconds);
  witness::ValidationOutcome outcome = witness::validateWitness(*program, request.witnessFile, checks);
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
