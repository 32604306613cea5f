// predabs.* options: registration and reading.
#include "engines/predabs/Settings.h"

namespace argus::engines::predabs {

void registerOptions(OptionRegistry& registry) {
  cpa::registerCpaOptions(registry);
  registry.addChoice("predabs.block", "lbe", {"sbe", "lbe", "abe"},
                     "block encoding: single edges, large blocks (FMCAD 2009), or blocks between loop heads");
  registry.addBool("predabs.abe_calls", false, "with predabs.block=abe, abstract at inlined calls and returns too");
  registry.addChoice("predabs.abstraction", "boolean", {"cartesian", "boolean"},
                     "abstraction: conjunction of predicate literals, or any Boolean combination (AllSAT)");
  registry.addBool("predabs.clusters", true,
                   "Boolean abstraction enumerates each cluster of predicates (the atoms of one interpolant, "
                   "merged where they share atoms) on its own; false: all predicates at once");
  registry.addChoice("predabs.precision", "location", {"location", "global"},
                     "where predicates found along a path apply: at their locations, or everywhere");
  cpa::registerInterpolationOptions(registry, "predabs");
  registry.addInt("predabs.max_refinements", -1,
                  "give up when a counterexample would need more than this many refinements (-1: no limit)", -1);
  registry.addInt("predabs.allsat_limit", 4096,
                  "Boolean abstraction enumerating more cubes than this uses Cartesian abstraction for that step", 1);
}

Settings Settings::from(const Options& raw) {
  cpa::ConfiguredOptions configured(raw);
  const Options& o = configured.options();
  Settings s;
  s.block = transforms::parseBlockEncoding(o.getString("predabs.block"));
  s.abeCalls = o.getBool("predabs.abe_calls");
  s.abstraction = parseAbstractionKind(o.getString("predabs.abstraction"));
  s.clusters = o.getBool("predabs.clusters");
  s.precision = parsePrecisionScope(o.getString("predabs.precision"));
  s.order = configured.waitlistOrder();
  s.merge = configured.merge();
  s.stop = configured.stop();
  s.interpolation = configured.interpolation("predabs");
  s.coreInterpolation = configured.coreInterpolation("predabs");
  s.maxRefinements = o.getInt("predabs.max_refinements");
  s.maxCubes = static_cast<size_t>(o.getInt("predabs.allsat_limit"));
  return s;
}

}  // namespace argus::engines::predabs
