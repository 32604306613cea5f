// CLI11 set-up of the subcommands and the mapping of errors to messages and exit codes.
#include "cli/ValidateCommand.h"
#include "cli/Version.h"
#include "cli/Cli.h"

#include <fmt/format.h>
#include <z3.h>
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>

#include "cli/ChcCommands.h"
#include "cli/DumpCommand.h"
#include "cli/ExitCode.h"
#include "cli/GlobalOptions.h"
#include "cli/RunGuard.h"
#include "cli/Verify.h"
#include "cli/bench/Bench.h"
#include "engines/Engine.h"
#include "portfolio/Portfolio.h"
#include "util/Error.h"

namespace argus::cli {
namespace {


/// An option given once per value (`--run a=x --run b=y LIST`): without this, CLI11 lets a vector option
/// swallow the positional arguments that follow it.
CLI::Option* repeatable(CLI::Option* option) { return option->allow_extra_args(false); }

/// Flags that write options; each given one becomes an assignment after the --set ones.
struct OptionFlags {
  std::vector<std::string> sets;
  std::vector<std::pair<CLI::Option*, std::string>> flags;  // option, its registry name
  std::map<std::string, std::string> values;

  void add(CLI::App* app, const std::string& flag, const char* optionName, const std::string& help) {
    CLI::Option* o = app->add_option(flag, values[optionName], help);
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    flags.emplace_back(o, optionName);
  }
  void addSet(CLI::App* app) {
    repeatable(app->add_option("--set", sets, "set an option: KEY=VALUE (repeatable; see --help-options)"));
  }
  std::vector<std::string> assignments() const {
    std::vector<std::string> out = sets;
    for (auto& [option, name] : flags)
      if (option->count() > 0) out.push_back(name + "=" + values.at(name));
    return out;
  }
};

void addTaskArgument(CLI::App* app, std::string& target) {
  app->add_option("file", target, "the task: a .c or .i file, an SV-COMP task .yml, or Horn clauses .smt2")
      ->required();
}

void addFrontendFlags(CLI::App* app, OptionFlags& flags) {
  flags.add(app, "--encoding", opt::kEncoding, "C integers: int (default) or bv");
  flags.add(app, "--error-function", opt::kErrorFunction,
            "plain C files: the error function (default reach_error)");
  flags.add(app, "--data-model", opt::kDataModel, "plain C files: ILP32 or LP64 (default LP64)");
  flags.add(app, "--property", opt::kProperty,
            "plain C files: the property file (.prp): unreach-call (default) or no-overflow");
  flags.addSet(app);
}

struct VerifyCommand {
  VerifyRequest request;
  OptionFlags flags;

  CLI::App* setUp(CLI::App& app) {
    CLI::App* c = app.add_subcommand(
        "verify", "decide whether a C task can reach its error function (or Horn clauses derive false)");
    addTaskArgument(c, request.input);
    flags.add(c, "--engine", opt::kEngine,
              "the engine, or a comma-separated list run in parallel (default auto: a portfolio chosen by "
              "the program's shape; see --help-engines)");
    c->add_option("--preset", preset,
                  "a named engine choice: sv-comp or chc-comp (the default portfolio), bug-finding (bmc, kind), "
                  "proof (kind, recmc, predabs, impact)")
        ->check(CLI::IsMember(portfolio::presetNames()));
    flags.add(c, "--jobs", opt::kJobs, "portfolio engines that run at once (default: the cores available)");
    flags.add(c, "--timeout", opt::kTimeout, "wall-clock seconds (default: none)");
    addFrontendFlags(c, flags);
    c->add_option("--json", request.jsonFile, "write a JSON report to this file");
    c->add_option("--witness", request.witnessFile,
                  "C tasks: write an SV-COMP witness (format 2.0, or 2.1 with function contracts; YAML) of a TRUE "
                  "or FALSE to this file");
    c->add_option("--witness-format", request.witnessFormat,
                  "yaml (format 2.0 or 2.1, the default) or graphml (the older GraphML 1.0)")
        ->check(CLI::IsMember({"yaml", "graphml"}));
    c->add_option("--report", request.reportDir,
                  "write an HTML report (verdict, trace or invariants over the source, CFA) to DIR/index.html");
    c->add_option("--dump-queries", request.dumpDir, "write every solver query as .smt2 into this folder");
    c->add_flag("-v,--verbose", request.verbosity, "statistics (-v); full traces and details (-v -v)");
    return c;
  }
  void prepare() {
    request.assignments = flags.assignments();
    if (!preset.empty()) {
      for (auto& [option, name] : flags.flags)
        if (name == opt::kEngine && option->count() > 0)
          throw OptionError("--preset and --engine both choose the engines: give one");
      request.assignments.push_back(std::string(opt::kEngine) + "=" + *portfolio::presetEngines(preset));
    }
    verifyOptions(request);
  }
  int run(std::ostream& out, std::ostream&) { return runVerify(request, out); }
  std::string preset;
};

struct ValidateCommand {
  ValidateRequest request;
  OptionFlags flags;

  CLI::App* setUp(CLI::App& app) {
    CLI::App* c = app.add_subcommand(
        "validate", "check an SV-COMP witness (format 2.0, 2.1 function contracts, or GraphML 1.0) of a C task: "
                    "replay a violation witness natively, check a correctness witness's loop invariants and "
                    "contracts with certify");
    addTaskArgument(c, request.input);
    c->add_option("--witness", request.witnessFile, "the witness (format 2.0 or 2.1 YAML, or GraphML 1.0)")->required();
    c->add_option("--timeout", request.timeoutSeconds, "seconds for all checks together (default 120)");
    addFrontendFlags(c, flags);
    c->add_flag("-v,--verbose", request.verbosity, "log the front end's progress on stderr");
    c->footer("Exit codes: 0 confirmed, 10 rejected (the witness contradicts the program, or names another "
              "task), 20 unconfirmed, 2 input or usage error.");
    return c;
  }
  void prepare() {
    request.assignments = flags.assignments();
    parseAssignments(request.assignments);
  }
  int run(std::ostream& out, std::ostream&) { return runValidate(request, out); }
};

struct DumpCommand {
  DumpRequest request;
  OptionFlags flags;
  bool cfa = false;

  CLI::App* setUp(CLI::App& app) {
    CLI::App* c = app.add_subcommand("dump", "print the IR a front end builds for a task");
    addTaskArgument(c, request.input);
    c->add_flag("--cfa", cfa, "the control-flow automata (the default view)");
    c->add_flag("--dot", request.dot, "as Graphviz, one cluster per procedure");
    addFrontendFlags(c, flags);
    c->add_flag("-v,--verbose", request.verbosity, "log the front end's progress on stderr");
    return c;
  }
  void prepare() {
    request.assignments = flags.assignments();
    parseAssignments(request.assignments);
  }
  int run(std::ostream& out, std::ostream&) { return runDump(request, out); }
};

struct ChcCommand {
  ChcCommandOptions options;

  CLI::App* setUp(CLI::App& app) {
    CLI::App* c = app.add_subcommand(
        "chc", "CHC-COMP mode: print sat, unsat or unknown for a system of Horn clauses (.smt2)");
    c->add_option("file", options.file, "the Horn clauses (SMT-LIB 2, HORN logic)")->required();
    c->add_flag("--model", options.printModel, "after sat the model, after unsat the derivation of false");
    c->add_option("--engine", options.engine,
                  "one engine (default: the portfolio for the clauses' shape, as argus verify; see --help-engines)");
    c->add_option("--timeout", options.timeoutSeconds, "wall-clock seconds (default: none)");
    c->add_option("--jobs", options.jobs, "portfolio engines that run at once (default: the cores available)");
    repeatable(c->add_option("--set", options.settings, "set an option: KEY=VALUE (repeatable)"));
    c->add_option("--dump-queries", options.dumpDir, "write every solver query as .smt2 into this folder");
    c->add_flag("-v,--verbose", options.verbosity, "progress and statistics on stderr, as ';' comments");
    return c;
  }
  void prepare() { chcOptions(options); }
  int run(std::ostream& out, std::ostream& err) { return runChcCommand(options, out, err); }
};

struct TranslateCommand {
  TranslateOptions options;
  std::string dataModel = "LP64";

  CLI::App* setUp(CLI::App& app) {
    CLI::App* c = app.add_subcommand("translate", "write a task's program as Horn clauses (SMT-LIB 2)");
    c->add_option("file", options.input, "a .c/.i file, an SV-COMP task .yml, or Horn clauses .smt2")
        ->required();
    c->add_option("--to", options.to, "the target format (only chc)")->check(CLI::IsMember({"chc"}));
    c->add_option("-o,--output", options.output, "the output file (default: stdout)");
    c->add_option("--error-function", options.errorFunction, "plain C files: the error function");
    c->add_option("--data-model", dataModel, "plain C files: ILP32 or LP64 (default LP64)")
        ->check(CLI::IsMember({"ILP32", "LP64"}));
    c->add_flag("--bv", options.bitVectors, "C integers as bit-vectors (default: mathematical integers)");
    c->add_flag("-v,--verbose", options.verbosity, "log progress on stderr");
    return c;
  }
  void prepare() { options.ilp32 = dataModel == "ILP32"; }
  int run(std::ostream& out, std::ostream& err) { return runTranslateCommand(options, out, err); }
};

struct BenchCommand {
  bench::BenchConfig config;
  std::vector<std::string> runs, externals, patterns, floors, cores, virtualBests;

  CLI::App* setUp(CLI::App& app) {
    CLI::App* c =
        app.add_subcommand("bench", "run configurations of argus or other tools on benchmark lists");
    c->add_option("lists", config.lists, "directories, .txt lists or task files")->required();
    c->add_option("--timeout", config.timeoutSeconds, "wall-clock seconds per task (default 60)");
    c->add_option("--memory", config.memoryMB, "address-space limit per task in MB (default 4096, 0: none)");
    c->add_option("--jobs", config.jobs, "tasks run in parallel (default 1)");
    c->add_option("--out", config.outDir, "output folder (default argus-bench-<date>-<time>)");
    c->add_flag("--resume", config.resume,
                "continue the run whose journal.jsonl is in --out (same arguments and argus binary): only the runs "
                "it lacks are taken, e.g. after the machine or session running a long benchmark was stopped");
    c->add_option("--longest-first", config.longestFirstJournal,
                  "JOURNAL: hand out the runs from the longest wall time in this journal of an earlier bench run "
                  "down (runs it lacks first), so that no long run starts last; the order only, not the results");
    repeatable(c->add_option("--run", runs,
                             "an argus configuration NAME=ARGS, e.g. bmc=\"--engine bmc\" (repeatable)"));
    repeatable(c->add_option(
        "--external", externals,
        "another tool NAME=TEMPLATE, a shell command with {file}, {task}, {timeout} (repeatable)"));
    repeatable(c->add_option(
        "--verdict-pattern", patterns,
        "NAME=REGEX: how to find the verdict in an external tool's output (default: the first of "
        "TRUE, FALSE, UNKNOWN, sat, unsat, unknown)"));
    repeatable(
        c->add_option("--stat", config.statKeys, "a value of argus' --json to add to the TSV (repeatable)"));
    c->add_option("--argus", config.argusExecutable,
                  "the argus binary for --run configurations (default: this one)");
    c->add_flag("--witnesses", config.witnesses,
                "argus runs write an SV-COMP witness of each TRUE/FALSE of a C task, checked by argus validate");
    repeatable(c->add_option("--witnesses-of", config.witnessRuns,
                             "NAME: --witnesses for configuration NAME only (repeatable; implies --witnesses)"));
    c->add_flag("--compile-cache", config.compileCache,
                "the argus runs share clang's outputs (bitcode, replay executables) through a cache in "
                "OUT/compile-cache: much faster on many configurations of small C tasks, but the first run of "
                "each task pays for clang alone, so do not compare run times with it");
    c->add_flag("--fail-on-wrong", config.failOnWrong,
                "exit 1 if a verdict is wrong, evidence was rejected, a task crashed or argus answered "
                "UNKNOWN (error: ...)");
    repeatable(c->add_option("--min-solved", floors,
                             "NAME=N: exit 1 if configuration NAME solves fewer than N tasks (correct TRUE + "
                             "correct FALSE) (repeatable)"));
    repeatable(c->add_option("--cores", cores,
                             "NAME=N: each task of configuration NAME takes N of the --jobs slots, for a run "
                             "that uses N cores itself (a portfolio with --jobs N) (repeatable)"));
    repeatable(c->add_option("--virtual-best", virtualBests,
                             "NAME=A,B,...: add the virtual best of configurations A, B, ... (per task the best "
                             "outcome) as configuration NAME, with the tasks each of them alone solves "
                             "(repeatable)"));
    return c;
  }
  void prepare() {
    for (auto& r : runs) config.runs.push_back(bench::parseArgusRun(r));
    for (auto& e : externals) config.runs.push_back(bench::parseExternalRun(e));
    for (auto& p : patterns) applyPattern(p);
    for (auto& f : floors) config.minSolved.push_back(bench::parseSolvedFloor(f));
    for (auto& c : cores) config.cores.push_back(bench::parseCoreShare(c));
    for (auto& v : virtualBests) config.virtualBest.push_back(bench::parseVirtualBest(v));
    if (config.statKeys.empty()) config.statKeys = bench::defaultStatKeys();
    bench::validateConfig(config);
  }
  int run(std::ostream& out, std::ostream& err) { return bench::runBench(config, out, err); }
  void applyPattern(const std::string& assignment) {
    auto eq = assignment.find('=');
    std::string name = assignment.substr(0, eq);
    for (auto& r : config.runs)
      if (r.name == name && !r.isArgus && eq != std::string::npos) {
        try {
          r.reader = bench::VerdictReader::forExternal(assignment.substr(eq + 1));
        } catch (const std::regex_error& e) {
          throw OptionError("--verdict-pattern " + name + ": bad regular expression: " + e.what());
        }
        return;
      }
    throw OptionError("--verdict-pattern expects NAME=REGEX for an --external NAME, got '" + assignment +
                      "'");
  }
};

std::string enginesHelp() {
  std::string out = "Engines (argus verify --engine NAME):\n";
  auto& all = engines::engineRegistry();
  if (all.empty()) out += "  (none in this build)\n";
  for (auto& e : all) out += fmt::format("  {:<12} {}\n", e.name, e.description);
  auto list = [](const portfolio::Shape& shape) { return portfolio::describe(portfolio::defaultEngines(shape)); };
  out += "\nWithout --engine (or with --engine auto) argus runs a portfolio: the engines below in forked\n"
         "processes, --jobs of them at once (default: the cores available), the others waiting in this\n"
         "order for a slot; the first certified TRUE or FALSE wins and the others are stopped.\n"
         "--engine a,b,c runs the named engines that way; b@0.4 lets b run for 40% of the time limit (of\n"
         "900 s without --timeout) and then gives its slot to the next engine.\n"
         "Combinations: legion+ = " + portfolio::describe(*portfolio::combination("legion+")) + ".\n";
  out += "  C programs:                  " + list({false, false, false}) + "\n";
  out += "  C programs with recursion:   " + list({false, true, false}) + "\n";
  out += fmt::format("  C, {} or more procedures:    ", portfolio::kManyProcedures) + list({.manyProcedures = true}) + "\n";
  out += "  linear Horn clauses:         " + list({true, false, false}) + "\n";
  out += "  linear Horn clauses (reals): " + list({true, false, false, true}) + "\n";
  out += "  non-linear Horn clauses:     " + list({true, false, true}) + "\n";
  return out;
}

std::string versionText() {
  return fmt::format("argus {}\n  Z3 {}\n  clang {}\n", kVersion, Z3_get_full_version(), ARGUS_CLANG);
}

/// One line whatever the message quotes: CLI11 quotes the arguments it did not expect as they are.
int usageError(std::ostream& err, const std::string& message) {
  err << "argus: error: " << escapeControl(message) << "\n";
  return kExitUsage;
}

/// run() and check(): parse, then each command's prepare() (what can be checked without reading an input
/// or starting work), then, if `execute`, the command itself.
int dispatch(int argc, const char* const* argv, std::ostream& out, std::ostream& err, bool execute) {
  CLI::App app("argus: a software model checker for C programs (SV-COMP conventions) and Horn clauses (CHC-COMP)", "argus");
  app.footer(exitCodeHelp());
  app.require_subcommand(0, 1);
  bool helpEngines = false, helpOptions = false, version = false;
  app.add_flag("--help-engines", helpEngines, "list the engines");
  app.add_flag("--help-options", helpOptions, "list every option of --set with type, default and meaning");
  app.add_flag("--version", version, "print the version");
  VerifyCommand verify;
  DumpCommand dump;
  BenchCommand bench;
  CLI::App* verifyApp = verify.setUp(app);
  CLI::App* dumpApp = dump.setUp(app);
  CLI::App* benchApp = bench.setUp(app);
  ChcCommand chc;
  TranslateCommand translate;
  CLI::App* chcApp = chc.setUp(app);
  CLI::App* translateApp = translate.setUp(app);
  ValidateCommand validate;
  CLI::App* validateApp = validate.setUp(app);
  try {
    try {
      app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
      return app.exit(e, out, err);
    } catch (const CLI::CallForAllHelp& e) {
      return app.exit(e, out, err);
    } catch (const CLI::ParseError& e) {
      return usageError(err, std::string(e.what()) + " (see argus --help)");
    }
    if (version) return out << versionText(), 0;
    if (helpEngines) return out << enginesHelp(), 0;
    if (helpOptions) return out << optionRegistry().helpText(), 0;
    auto perform = [&](auto& command) {
      command.prepare();
      return execute ? command.run(out, err) : 0;
    };
    if (verifyApp->parsed()) return perform(verify);
    if (dumpApp->parsed()) return perform(dump);
    if (benchApp->parsed()) return perform(bench);
    if (chcApp->parsed()) return perform(chc);
    if (translateApp->parsed()) return perform(translate);
    if (validateApp->parsed()) return perform(validate);
    return usageError(err, "no command given: use verify, chc, dump, translate, validate or bench (see argus --help)");
  } catch (const InputError& e) {
    return usageError(err, e.what());
  } catch (const OptionError& e) {
    return usageError(err, e.what());
  } catch (const UnsupportedError& e) {
    return usageError(err, std::string("unsupported: ") + e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    return usageError(err, e.what());
  } catch (const std::exception& e) {
    err << "argus: internal error: " << escapeControl(e.what()) << "\n";
    return kExitInternal;
  }
}

}  // namespace

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return dispatch(argc, argv, out, err, true);
}

int check(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return dispatch(argc, argv, out, err, false);
}

namespace {

// The handler std::terminate() had before ours: the default one prints what was thrown (the benchmark
// driver reads std::bad_alloc there as running out of memory) and aborts.
std::terminate_handler previousTerminate = nullptr;

/// An exception that escapes a thread ends argus without unwinding: nothing else would stop its child
/// processes or remove its temporary folders.
void releaseThenTerminate() {
  releaseBeforeEndingAtOnce();
  if (previousTerminate) previousTerminate();
  std::abort();
}

}  // namespace

int main(int argc, char** argv) {
  previousTerminate = std::set_terminate(releaseThenTerminate);
  leaveContextsToTheSystem();  // the process ends when the command returns
  return run(argc, argv, std::cout, std::cerr);
}

}  // namespace argus::cli
