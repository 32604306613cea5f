// Configurations of the CPA framework chosen by name. A named configuration is a bundle of option values
// (in the spirit of CPAchecker's .properties files), e.g. "predicate-lbe" = large blocks with Boolean
// abstraction; `--set cpa.config=NAME` applies it, and any option set explicitly still wins. The
// framework's own options (waitlist order, merge, stop) live in the cpa.* namespace.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/cpa/Interpolation.h"
#include "analysis/cpa/Operators.h"
#include "analysis/cpa/Waitlist.h"
#include "util/Options.h"

namespace argus::cpa {

struct NamedConfiguration {
  std::string name;
  std::string description;
  std::vector<std::pair<std::string, std::string>> values;  // option name, value
};

/// Every named configuration, in the order --help-options lists them.
const std::vector<NamedConfiguration>& namedConfigurations();
const NamedConfiguration* findConfiguration(const std::string& name);

/// Registers cpa.config, cpa.traversal, cpa.merge and cpa.stop (once; later calls do nothing, so that
/// every engine built on the framework may call it).
void registerCpaOptions(OptionRegistry& registry);

/// Registers <ns>.interpolation (smt, weakest, strongest) and <ns>.core_interpolation: how an engine's
/// refiner computes sequence interpolants (see Interpolation.h).
void registerInterpolationOptions(OptionRegistry& registry, const std::string& ns);

/// The options of a run with the chosen named configuration applied: a value set explicitly wins, then
/// the configuration's value, then the option's default. Configuration values are validated like
/// explicit ones (a bad table entry throws OptionError).
class ConfiguredOptions {
 public:
  explicit ConfiguredOptions(const Options& options);
  const Options& options() const { return resolved_; }
  const NamedConfiguration* configuration() const { return config_; }

  WaitlistOrder waitlistOrder() const { return parseWaitlistOrder(resolved_.getString("cpa.traversal")); }
  MergeKind merge() const { return parseMergeKind(resolved_.getString("cpa.merge")); }
  StopKind stop() const { return parseStopKind(resolved_.getString("cpa.stop")); }
  InterpolationKind interpolation(const std::string& ns) const {
    return parseInterpolationKind(resolved_.getString(ns + ".interpolation"));
  }
  bool coreInterpolation(const std::string& ns) const { return resolved_.getBool(ns + ".core_interpolation"); }

 private:
  Options resolved_;
  const NamedConfiguration* config_ = nullptr;
};

}  // namespace argus::cpa
