// The run around an analysis over a block encoding, shared by the CPA engines (predabs, impact):
// refuse merge-join (both refine single ARG paths), inline and block-encode the input, analyse the
// encoded program, and translate its evidence back to the input program (what certify checks). Statistics and times are
// recorded under the engine's name (`<engine>.locations`, `<engine>.time.encoding`, ...).
#pragma once

#include <functional>
#include <string>

#include "analysis/cpa/Operators.h"
#include "analysis/cpa/Preparation.h"
#include "engines/Engine.h"

namespace argus::engines {

struct BlockEncodedRun {
  std::string engine;  // the engine's name: statistics prefix, result.engine, messages
  transforms::BlockEncoding block = transforms::BlockEncoding::Lbe;
  bool abeCalls = false;  // with ABE: calls and returns stay abstraction points
  cpa::MergeKind merge = cpa::MergeKind::Sep;
};

/// Runs `analyse` on the encoded program. Unsupported input and Z3 failures become Unknown; a counterexample
/// lost to a stop request while its trace was being expanded reports the stop.
ir::Result runOnBlockEncoding(const ir::Program& program, RunContext& context, const BlockEncodedRun& run,
                              const std::function<ir::Result(const ir::Program& encoded)>& analyse);

}  // namespace argus::engines
