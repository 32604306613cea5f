// The options of the predicate-abstraction engine (predabs.*, plus the framework's cpa.*), read once at
// the start of a run through the chosen named configuration.
#pragma once

#include <cstdint>

#include "analysis/cpa/Configuration.h"
#include "analysis/cpa/Interpolation.h"
#include "engines/predabs/Abstraction.h"
#include "engines/predabs/Predicates.h"
#include "transforms/BlockEncoding.h"
#include "util/Options.h"

namespace argus::engines::predabs {

struct Settings {
  transforms::BlockEncoding block = transforms::BlockEncoding::Lbe;
  bool abeCalls = false;
  AbstractionKind abstraction = AbstractionKind::Boolean;
  bool clusters = true;
  PrecisionScope precision = PrecisionScope::Location;
  cpa::WaitlistOrder order = cpa::WaitlistOrder::Dfs;
  cpa::MergeKind merge = cpa::MergeKind::Sep;
  cpa::StopKind stop = cpa::StopKind::Sep;
  cpa::InterpolationKind interpolation = cpa::InterpolationKind::Smt;
  bool coreInterpolation = true;
  int64_t maxRefinements = -1;  // -1: no limit
  size_t maxCubes = 4096;

  static Settings from(const Options& options);
};

void registerOptions(OptionRegistry& registry);

}  // namespace argus::engines::predabs
