// The exit codes of argus (also listed by `argus --help` and in README.md).
#pragma once

#include "ir/Evidence.h"

namespace argus::cli {

inline constexpr int kExitTrue = 0;      // TRUE (sat)
inline constexpr int kExitFalse = 10;    // FALSE (unsat)
inline constexpr int kExitUnknown = 20;  // UNKNOWN
inline constexpr int kExitUsage = 2;     // bad input or usage: missing file, unparsable task, bad option
inline constexpr int kExitInternal = 3;  // a bug in argus

inline int exitCodeFor(ir::Verdict verdict) {
  switch (verdict) {
    case ir::Verdict::Safe:
      return kExitTrue;
    case ir::Verdict::Unsafe:
      return kExitFalse;
    case ir::Verdict::Unknown:
      break;
  }
  return kExitUnknown;
}

/// The help text block that explains them.
inline const char* exitCodeHelp() {
  return "Exit codes: 0 TRUE, 10 FALSE, 20 UNKNOWN, 2 input or usage error, 3 internal error.\n"
         "argus bench: 0 done, 1 with --fail-on-wrong when a verdict was wrong, evidence was rejected\n"
         "or a task crashed, 2 input or usage error, 130 interrupted.";
}

}  // namespace argus::cli
