// The argus command line: `argus verify | dump | bench` plus --help, --help-engines, --help-options and
// --version. Everything happens here (not in main.cpp) so that tests can run a command line in-process.
#pragma once

#include <ostream>

namespace argus::cli {

/// Runs one command line; normal output goes to `out`, error messages to `err` (the Logger writes to
/// stderr directly). Returns the exit code (see ExitCode.h).
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

/// Parses the command line and checks its options exactly as run() does, but reads no input file and
/// runs no command: the exit code of a usage error (with its message on `err`), of --help, --version
/// and the like, or 0 for a command run() would start. For the fuzz harness of the argument parser.
int check(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

/// run() on std::cout and std::cerr, with a std::terminate handler that releases what must not outlive
/// argus (see releaseBeforeEndingAtOnce) before the usual one.
int main(int argc, char** argv);

}  // namespace argus::cli
