// Running the BMC engine from the registry on a hand-built program, with options given as text.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "certify/Certify.h"
#include "engines/Engine.h"

namespace argus::testing {

struct BmcOutcome {
  Stats stats;
  ir::Result result;
};

inline std::unique_ptr<BmcOutcome> runBmc(const ir::Program& p, const std::map<std::string, std::string>& settings = {},
                                          std::shared_ptr<ShutdownToken> token = std::make_shared<ShutdownToken>()) {
  OptionRegistry registry;
  engines::registerEngineOptions(registry);
  Options options(registry);
  for (auto& [k, v] : settings) options.set(k, v);
  Logger log(0);
  auto out = std::make_unique<BmcOutcome>();
  engines::RunContext ctx{options, log, out->stats, token, ""};
  const engines::EngineInfo* info = engines::findEngine("bmc");
  out->result = info->make()->run(p, ctx);
  return out;
}

}  // namespace argus::testing
