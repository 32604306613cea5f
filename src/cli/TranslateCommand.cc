// `argus translate FILE --to chc [-o OUT.smt2]`: the input's ir::Program (C through the C front end, or
// Horn clauses through the CHC reader) written as SMT-LIB Horn clauses. Kept apart from ChcCommands.cc
// because it is the only part that links the C front end.
#include <filesystem>

#include "cli/ChcCommands.h"
#include "cli/ExitCode.h"
#include "frontend/c/CFrontend.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "frontend/chc/Writer.h"
#include "util/Error.h"

namespace argus::cli {
namespace {

std::shared_ptr<const ir::Program> programOf(const TranslateOptions& options, Logger& log) {
  std::string ext = std::filesystem::path(options.input).extension().string();
  if (ext == ".smt2") return chc::toProgram(chc::readChcFile(options.input, nullptr, &log)).program;
  frontend::CTask task = ext == ".yml" ? frontend::loadTask(options.input)
                                       : frontend::plainTask(options.input, options.errorFunction, options.ilp32);
  frontend::CFrontendOptions c;
  c.encoding = options.bitVectors ? ir::Encoding::BitVector : ir::Encoding::Int;
  Stats stats;
  return frontend::translateC(task, c, log, stats);
}

/// The clauses write an edge that marks an unsupported feature as an edge into the error (the program
/// has no other way to say "unknown"), so a solver would call such clauses unsat although the C program
/// may be safe. Refusing is the only honest translation.
void requireModelledFeatures(const ir::Program& program) {
  for (const ir::Edge& e : program.edges())
    if (!e.unsupported.empty())
      throw UnsupportedError(e.unsupported + ": the clauses would claim a reachable error wherever it is used");
}

}  // namespace

int runTranslateCommand(const TranslateOptions& options, std::ostream& out, std::ostream& err) {
  try {
    if (options.to != "chc") {
      err << "error: unknown translation target '" << options.to << "' (known: chc)\n";
      return kExitUsage;
    }
    Logger log(options.verbosity);
    std::shared_ptr<const ir::Program> program = programOf(options, log);
    requireModelledFeatures(*program);
    std::string header = "Horn clauses of " + options.input + ", written by argus translate\n"
                         "sat: no error location is reachable; unsat: an error location is reachable";
    if (options.output.empty())
      out << chc::writeHorn(*program, header);
    else
      chc::writeHornFile(*program, options.output, header);
    return 0;
  } catch (const InputError& e) {
    err << "error: " << e.what() << "\n";
    return kExitUsage;
  } catch (const UnsupportedError& e) {
    err << "error: unsupported: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    err << "internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}

}  // namespace argus::cli
