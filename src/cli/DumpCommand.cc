// The dump subcommand: load, translate, print.
#include "cli/DumpCommand.h"

#include "cli/GlobalOptions.h"
#include "cli/TaskInput.h"
#include "ir/Dump.h"

namespace argus::cli {

int runDump(const DumpRequest& request, std::ostream& out) {
  Options options(optionRegistry());
  for (auto& a : request.assignments) options.setAssignment(a);
  Logger log(request.verbosity);
  Stats stats;
  frontend::CTask task = loadInputTask(request.input, options, log);
  auto program = frontend::translateC(task, frontendOptions(options), log, stats);
  out << (request.dot ? ir::dumpDot(*program) : ir::dumpText(*program)) << std::flush;
  return 0;
}

}  // namespace argus::cli
