// The argus command line: `argus verify | dump | bench` plus --help, --help-engines, --help-options and
// --version. Everything happens here (not in main.cpp) so that tests can run a command line in-process.
#pragma once

#include <ostream>

namespace argus::cli {

/// Runs one command line; normal output goes to `out`, error messages to `err` (the Logger writes to
/// stderr directly). Returns the exit code (see ExitCode.h).
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

/// run() on std::cout and std::cerr, with a std::terminate handler that releases what must not outlive
/// argus (see releaseBeforeEndingAtOnce) before the usual one.
int main(int argc, char** argv);

}  // namespace argus::cli
