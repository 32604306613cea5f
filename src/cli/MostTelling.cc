// Ranking the UNKNOWN reports of a portfolio (see MostTelling.h).
#include "cli/MostTelling.h"

#include <algorithm>

#include "report/VerdictLine.h"

namespace argus::cli {

Telling tellingOf(const portfolio::RunReport& report, const std::vector<std::string>& features) {
  if (!report.failure.empty()) return Telling::NoReport;
  auto verdict = report::findVerdict(report.stdoutText);
  if (!verdict) return Telling::NoReport;
  const std::string& reason = verdict->reason;
  if (reason == "unsupported") {
    // The detail names the program's construct when it carries an unsupported edge's text (certify's
    // reason for a trace that ends there, bmc's list of the ones it reached); anything else is about the
    // engine.
    bool program = std::any_of(features.begin(), features.end(), [&](const std::string& feature) {
      return !feature.empty() && verdict->detail.find(feature) != std::string::npos;
    });
    return program ? Telling::ProgramFeature : Telling::EngineLimit;
  }
  if (reason == "incomplete") return Telling::Incomplete;
  if (reason == "timeout") return Telling::Timeout;
  if (reason == "cancelled") return Telling::EngineLimit;
  return Telling::Specific;
}

const portfolio::RunReport* mostTelling(const std::vector<portfolio::Slot>& engines,
                                        const std::vector<portfolio::RunReport>& reports,
                                        const std::vector<std::string>& features) {
  const portfolio::RunReport* best = nullptr;
  Telling bestRank = Telling::NoReport;
  for (const portfolio::Slot& slot : engines)
    for (const portfolio::RunReport& r : reports) {
      if (r.engine != slot.engine) continue;
      Telling rank = tellingOf(r, features);
      if (!best || rank < bestRank) {
        best = &r;
        bestRank = rank;
      }
    }
  return best;
}

}  // namespace argus::cli
