// impact.* options: registration and reading.
#include "engines/impact/Settings.h"

namespace argus::engines::impact {

void registerOptions(OptionRegistry& registry) {
  cpa::registerCpaOptions(registry);
  registry.addChoice("impact.block", "lbe", {"sbe", "lbe", "abe"},
                     "block encoding: single edges, large blocks (FMCAD 2009), or blocks between loop heads");
  registry.addBool("impact.forced_covering", true,
                   "before expanding a node, try to cover it by an older node at its location whose label "
                   "follows from the parent's label and the edge (and strengthen the node with that label)");
  cpa::registerInterpolationOptions(registry, "impact");
  registry.addInt("impact.max_refinements", -1, "give up after this many refinements (-1: no limit)", -1);
}

Settings Settings::from(const Options& raw) {
  cpa::ConfiguredOptions configured(raw);
  const Options& o = configured.options();
  Settings s;
  s.block = transforms::parseBlockEncoding(o.getString("impact.block"));
  s.forcedCovering = o.getBool("impact.forced_covering");
  s.order = configured.waitlistOrder();
  s.merge = configured.merge();
  s.interpolation = configured.interpolation("impact");
  s.coreInterpolation = configured.coreInterpolation("impact");
  s.maxRefinements = o.getInt("impact.max_refinements");
  return s;
}

}  // namespace argus::engines::impact
