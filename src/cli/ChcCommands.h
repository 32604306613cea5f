// The commands `argus chc FILE.smt2 [--model]` (CHC-COMP mode) and `argus translate FILE --to chc
// [-o OUT.smt2]`, as functions the CLI's argument parser calls.
//
// `chc` prints `sat`, `unsat` or `unknown` as the first line of `out` and nothing else unless asked:
// with --model, `sat` is followed by `(model (define-fun ...) ...)` with every declared predicate and
// `unsat` by `(derivation (step ...) ...)`. Both are checked against the original clauses before
// anything is printed (certify/chc); evidence that fails its check gives `unknown`. Diagnostics go to
// `err`, every line starting with ';'. Exit codes: 0 sat, 10 unsat, 20 unknown, 2 bad input or usage,
// 3 internal error.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "engines/Engine.h"
#include "ir/Evidence.h"
#include "ir/Program.h"
#include "util/Options.h"

namespace argus::cli {

struct ChcCommandOptions {
  std::string file;
  bool printModel = false;            // --model
  std::string engine;                 // empty: the default portfolio for the clauses' shape (forked engines)
  double timeoutSeconds = 0;          // 0: none
  int jobs = 0;                       // portfolio engines that run at once; 0: the cores available
  int verbosity = 0;
  std::vector<std::string> settings;  // --set KEY=VALUE
  std::string dumpDir;                // --dump-queries DIR
  double checkTimeout = 60;           // per solver check of the model or derivation
  /// Decides the program instead of a registry engine (the CLI may pass its portfolio here).
  std::function<ir::Result(const ir::Program&, engines::RunContext&)> solve;
};

/// The engine options of --set, checked with the engine name and the timeout before any file is read;
/// throws OptionError.
Options chcOptions(const ChcCommandOptions& options);

int runChcCommand(const ChcCommandOptions& options, std::ostream& out, std::ostream& err);

struct TranslateOptions {
  std::string input;                     // a .c/.i file, an SV-COMP .yml task, or a .smt2 Horn file
  std::string to = "chc";                // the only target so far
  std::string output;                    // empty: write to `out`
  std::string errorFunction = "reach_error";
  bool ilp32 = false;
  bool bitVectors = false;               // the C front end's bit-precise encoding
  int verbosity = 0;
};

/// Writes the input's ir::Program as SMT-LIB Horn clauses (frontend/chc/Writer.h). Defined in
/// TranslateCommand.cc, the only part of the CHC commands that needs the C front end.
int runTranslateCommand(const TranslateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace argus::cli
