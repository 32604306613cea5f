// Registration of the options the CLI, the C front end and the certifier read.
#include "cli/GlobalOptions.h"

#include "engines/Engine.h"

namespace argus::cli {

void registerGlobalOptions(OptionRegistry& r) {
  r.addString(opt::kEngine, opt::kAutoEngine,
              "the engine to run, or several separated by commas to run in parallel (the first certified "
              "answer wins), or auto: the default portfolio for the program's shape (see argus --help-engines); "
              "flag --engine");
  r.addInt(opt::kJobs, 0,
           "engines of a portfolio that run at once, 0 for the cores available (the others wait in list "
           "order for a slot); flag --jobs",
           0, 1024);
  r.addDouble(opt::kTimeout, 0, "wall-clock seconds for the engine, 0 for none; flag --timeout");
  r.addDouble(opt::kGrace, 10,
              "seconds beyond the timeout that certification and shutdown may take before argus gives up "
              "with UNKNOWN (timeout)");
  r.addChoice(opt::kEncoding, "int", {"int", "bv"},
              "C integers as mathematical integers in their type's range (int) or as bit-vectors (bv); "
              "flag --encoding");
  r.addString(opt::kErrorFunction, "reach_error",
              "plain C files: the function whose call is the error (a .yml task names it itself); "
              "flag --error-function");
  r.addString(opt::kProperty, "",
              "plain C files: the SV-COMP property file (.prp) to check, unreach-call (of the error function it "
              "names) or no-overflow; empty: unreach-call of the error function (a .yml task names its own); "
              "flag --property");
  r.addChoice(opt::kDataModel, "LP64", {"ILP32", "LP64"},
              "plain C files: the data model (a .yml task names it itself); flag --data-model");
  r.addDouble(opt::kReplayTimeout, 10, "seconds for the native replay of a counterexample");
  r.addDouble(opt::kCheckTimeout, 60, "seconds for each solver check of a certificate or trace (0: none)");
  r.addDouble(opt::kDotTimeout, 10, "--report: seconds for Graphviz to draw the CFA (0: none)");
  r.addDouble(opt::kContractSearch, 20,
              "--witness, a TRUE of a recursive program whose proof has no procedure contracts (a bounded "
              "unrolling): seconds recmc may take to find a proof with contracts for the witness, at most half "
              "the time left (0: none)");
  r.addInt(opt::kMaxGraphSize, 2000,
           "--report: the CFA is drawn only up to this many edges, the ARG (predabs, impact) up to this many nodes",
           0, 1000000);
}

const OptionRegistry& optionRegistry() {
  static const OptionRegistry registry = [] {
    OptionRegistry r;
    registerGlobalOptions(r);
    engines::registerEngineOptions(r);
    return r;
  }();
  return registry;
}

Options parseAssignments(const std::vector<std::string>& assignments) {
  Options options(optionRegistry());
  for (auto& a : assignments) options.setAssignment(a);
  for (const char* name :
       {opt::kTimeout, opt::kGrace, opt::kReplayTimeout, opt::kCheckTimeout, opt::kDotTimeout, opt::kContractSearch})
    if (options.getDouble(name) < 0) throw OptionError(std::string(name) + " must not be negative");
  return options;
}

}  // namespace argus::cli
