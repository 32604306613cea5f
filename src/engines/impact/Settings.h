// The options of the Impact engine (impact.*, plus the framework's cpa.*), read once at the start of a run.
#pragma once

#include <cstdint>

#include "analysis/cpa/Configuration.h"
#include "analysis/cpa/Interpolation.h"
#include "transforms/BlockEncoding.h"
#include "util/Options.h"

namespace argus::engines::impact {

struct Settings {
  transforms::BlockEncoding block = transforms::BlockEncoding::Lbe;
  bool forcedCovering = true;
  cpa::WaitlistOrder order = cpa::WaitlistOrder::Dfs;
  cpa::MergeKind merge = cpa::MergeKind::Sep;
  cpa::InterpolationKind interpolation = cpa::InterpolationKind::Smt;
  bool coreInterpolation = true;
  int64_t maxRefinements = -1;  // -1: no limit

  static Settings from(const Options& options);
};

void registerOptions(OptionRegistry& registry);

}  // namespace argus::engines::impact
