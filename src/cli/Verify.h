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

}  // namespace argus::cli
