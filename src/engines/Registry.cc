// The table of engines: one row per engine (name, one-line description, factory, option registration).
// Adding an engine means adding its folder under src/engines and one row here.
#include "engines/Engine.h"
#include "engines/bmc/BmcEngine.h"
#include "engines/impact/ImpactEngine.h"
#include "engines/kind/KInduction.h"
#include "engines/maxsmt/MaxSmtEngine.h"
#include "engines/predabs/PredabsEngine.h"
#include "engines/recmc/RecMcEngine.h"
#include "engines/si/SiEngine.h"

namespace argus::engines {

const std::vector<EngineInfo>& engineRegistry() {
  static const std::vector<EngineInfo> table = [] {
    std::vector<EngineInfo> rows = {
      {"bmc", "bounded model checking: incremental unwinding with iterative deepening (finds bugs; proves "
              "safety when the unwinding is complete)",
       [] { return std::make_unique<bmc::BmcEngine>(); }, bmc::BmcEngine::registerOptions, /*floatingPoint=*/true},
      {"kind", "k-induction over the cut-point system of the inlined program, with auxiliary invariants "
               "(intervals, congruences, disjunctions of intervals, orderings) found by a concurrent generator",
       [] { return std::make_unique<kind::KInductionEngine>(); }, kind::registerOptions, /*floatingPoint=*/true},
      predabs::engineInfo(),
      impact::engineInfo(),
      recmc::engineInfo(),
      maxsmt::engineInfo(),
    };
    for (EngineInfo& row : si::engineInfos()) rows.push_back(std::move(row));
    return rows;
  }();
  return table;
}

const EngineInfo* findEngine(const std::string& name) {
  for (auto& e : engineRegistry())
    if (e.name == name) return &e;
  return nullptr;
}

void registerEngineOptions(OptionRegistry& registry) {
  for (auto& e : engineRegistry())
    if (e.registerOptions) e.registerOptions(registry);
}

}  // namespace argus::engines
