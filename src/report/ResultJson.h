// The machine-readable report of one run (`argus verify --json FILE`): verdict, reason, engine, times,
// statistics, and the trace or certificate summary. `argus bench` reads it back for its tables.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "ir/Evidence.h"
#include "ir/Program.h"
#include "util/Stats.h"

namespace argus::report {

/// What the CLI knows about the run besides the result.
struct RunInfo {
  std::string inputFile;  // the C or .smt2 file
  std::string taskFile;   // the .yml, or empty
  std::string errorFunction;
  std::string property = "unreach-call";  // C: what a FALSE violates (the verdict line names it)
  std::string dataModel;  // "ILP32" / "LP64", or empty
  std::string encoding;   // "int" / "bv"
  std::optional<bool> expectedSafe;
  std::vector<std::string> options;  // non-default options, "name=value"
  double frontendSeconds = 0, engineSeconds = 0, certifySeconds = 0, totalSeconds = 0;
  int exitCode = 0;
};


/// `input` may be null when the run ended before a program existed (then no evidence is described).
nlohmann::json resultJson(const ir::Result& result, const ir::Program* input, const Stats& stats,
                          const RunInfo& info);

nlohmann::json traceJson(const ir::Program& program, const ir::Trace& trace);

}  // namespace argus::report
