// Impact engine: its settings and its analysis inside the run the CPA engines share (BlockEncodedRun.h).
#include "engines/impact/ImpactEngine.h"

#include "engines/BlockEncodedRun.h"
#include "engines/impact/ImpactAnalysis.h"
#include "engines/impact/Settings.h"
#include "ir/Queries.h"
#include "util/Error.h"

namespace argus::engines::impact {

Support ImpactEngine::supports(const ir::Program& program) const {
  if (ir::CallGraph(program).hasRecursion()) return Support::no("recursion (impact inlines all calls)");
  return Support::yes();
}

ir::Result ImpactEngine::run(const ir::Program& program, RunContext& context) {
  Settings settings = Settings::from(context.options);
  BlockEncodedRun run{"impact", settings.block, false, settings.merge};
  return runOnBlockEncoding(program, context, run, [&](const ir::Program& encoded) {
    return ImpactAnalysis(encoded, settings, context).run();
  });
}

EngineInfo engineInfo() {
  return EngineInfo{"impact",
                    "lazy abstraction with interpolants (McMillan's Impact) over block encodings (SBE, LBE, ABE) "
                    "in the CPA framework",
                    [] { return std::make_unique<ImpactEngine>(); }, registerOptions};
}

}  // namespace argus::engines::impact
