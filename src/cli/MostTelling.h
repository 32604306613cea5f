// Which engine's UNKNOWN a portfolio shows when no engine decided: the one that tells the user the most
// about what to do next. A construct of the program that argus does not model (an `unsupported` edge of
// the front end, with its line) comes first, since only the user can change that; then any other specific
// reason (a bound, memory, rejected evidence, an error); then "incomplete" (an engine gave up), then
// "timeout"; an engine that refused the program's shape as a whole ("engine kind does not support this
// program: recursion") and a process that ended without a report tell nothing about the program.
#pragma once

#include <string>
#include <vector>

#include "portfolio/Portfolio.h"

namespace argus::cli {

/// How telling one report is, most telling first (the order of the values).
enum class Telling {
  ProgramFeature,  // unsupported, naming one of the program's unsupported constructs
  Specific,        // any reason but those below
  Incomplete,
  Timeout,
  EngineLimit,     // unsupported by the engine (not a construct of the program), cancelled
  NoReport,        // the process ended without a report, or its output has no verdict line
};

/// `features`: the texts of the program's unsupported edges (ir::Edge::unsupported).
Telling tellingOf(const portfolio::RunReport& report, const std::vector<std::string>& features);

/// The most telling report; among equally telling ones the first engine in list order. Null when there
/// is no report.
const portfolio::RunReport* mostTelling(const std::vector<portfolio::Slot>& engines,
                                        const std::vector<portfolio::RunReport>& reports,
                                        const std::vector<std::string>& features);

}  // namespace argus::cli
