// The table of named configurations and the cpa.* options.
#include "analysis/cpa/Configuration.h"

namespace argus::cpa {

const std::vector<NamedConfiguration>& namedConfigurations() {
  static const std::vector<NamedConfiguration> table = {
      {"predicate-lbe", "predicate abstraction with large blocks and Boolean abstraction (FMCAD 2009)",
       {{"predabs.block", "lbe"}, {"predabs.abstraction", "boolean"}, {"predabs.precision", "location"}}},
      {"predicate-sbe", "predicate abstraction after every edge with Cartesian abstraction (BLAST-style)",
       {{"predabs.block", "sbe"}, {"predabs.abstraction", "cartesian"}, {"predabs.precision", "location"}}},
      {"predicate-abe", "predicate abstraction at loop heads with Boolean abstraction",
       {{"predabs.block", "abe"}, {"predabs.abstraction", "boolean"}, {"predabs.precision", "location"}}},
  };
  return table;
}

const NamedConfiguration* findConfiguration(const std::string& name) {
  for (auto& c : namedConfigurations())
    if (c.name == name) return &c;
  return nullptr;
}

void registerCpaOptions(OptionRegistry& registry) {
  if (registry.find("cpa.config")) return;
  std::vector<std::string> names{"none"};
  std::string doc = "named configuration whose option values apply unless set explicitly:";
  for (auto& c : namedConfigurations()) {
    names.push_back(c.name);
    doc += " " + c.name + " (" + c.description + ");";
  }
  registry.addChoice("cpa.config", "none", names, doc);
  registry.addChoice("cpa.traversal", "dfs", {"dfs", "bfs", "rpo"},
                     "waitlist order of the CPA algorithm: depth-first, breadth-first, reverse post-order");
  registry.addChoice("cpa.merge", "sep", {"sep", "join"}, "CPA merge operator");
  registry.addChoice("cpa.stop", "sep", {"sep", "join"}, "CPA stop operator");
}

void registerInterpolationOptions(OptionRegistry& registry, const std::string& ns) {
  registry.addChoice(ns + ".interpolation", "smt", {"smt", "weakest", "strongest"},
                     "sequence interpolants: smt::Interpolator, or by quantifier elimination the weakest "
                     "(backward) or the strongest (forward) ones");
  registry.addBool(ns + ".core_interpolation", true,
                   "interpolate only the steps of an unsatisfiable core of the infeasible path");
}

ConfiguredOptions::ConfiguredOptions(const Options& options) : resolved_(options) {
  if (!options.registry().find("cpa.config")) return;
  config_ = findConfiguration(options.getString("cpa.config"));
  if (!config_) return;
  for (auto& [name, value] : config_->values)
    if (!options.isSet(name)) resolved_.set(name, value);
}

}  // namespace argus::cpa
