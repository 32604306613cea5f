// `argus verify`: task → C front end → engine → certify → report. Prints exactly one verdict line on
// stdout (then the trace of a FALSE, and with -v the certificate summary and statistics), optionally
// writes the JSON report, and returns the exit code (see ExitCode.h).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "util/Options.h"

namespace argus::cli {

struct VerifyRequest {
  std::string input;                     // .c, .i or .yml
  std::vector<std::string> assignments;  // "name=value", applied in order (flags after --set)
  std::string jsonFile;                  // empty: none
  std::string witnessFile;               // --witness, empty: none
  std::string witnessFormat = "yaml";    // --witness-format: yaml or graphml
  std::string dumpDir;                   // --dump-queries, empty: none
  std::string reportDir;                 // --report: DIR/index.html, empty: none
  int verbosity = 0;
};

/// The request's options, checked (the engine exists too) before any file is read; throws OptionError.
Options verifyOptions(const VerifyRequest& request);

/// Throws InputError/OptionError for bad input (the caller prints them and exits with 2).
int runVerify(const VerifyRequest& request, std::ostream& out);

/// Called by argus's main, whose process ends when the command returns (tests run commands in-process and
/// do not call it): from then on runVerify leaves the Z3 context of its program to the operating system
/// instead of deleting it. Deleting a context that held millions of terms (recmc's clauses of a device
/// driver, kind's unrollings) takes Z3 longer than the run itself: floppy.i.cil-1 printed its verdict at
/// the time limit and then spent 8 (kind) to 50 (recmc) seconds in Z3_del_context.
void leaveContextsToTheSystem();

}  // namespace argus::cli
