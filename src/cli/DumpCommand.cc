// The dump subcommand: load, translate, print.
#include "cli/DumpCommand.h"

#include "cli/GlobalOptions.h"
#include "cli/TaskInput.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "ir/Dump.h"

namespace argus::cli {

int runDump(const DumpRequest& request, std::ostream& out) {
  Options options = parseAssignments(request.assignments);
  Logger log(request.verbosity);
  Stats stats;
  auto print = [&](const ir::Program& program) {
    out << (request.dot ? ir::dumpDot(program) : ir::dumpText(program)) << std::flush;
  };
  if (isClauseFile(request.input)) {
    chc::ChcSystem system = chc::readChcFile(request.input, nullptr, &log);
    print(*chc::toProgram(system).program);
    return 0;
  }
  frontend::CTask task = loadInputTask(request.input, options, log);
  print(*frontend::translateC(task, frontendOptions(options), log, stats));
  return 0;
}

}  // namespace argus::cli
