// Impact engine: preparation of the program, evidence, and the mapping of failures to Unknown.
#include "engines/impact/ImpactEngine.h"

#include "analysis/cpa/Preparation.h"
#include "engines/impact/ImpactAnalysis.h"
#include "engines/impact/Settings.h"
#include "ir/Queries.h"
#include "util/Error.h"
#include "engines/SolverFailure.h"

namespace argus::engines::impact {

Support ImpactEngine::supports(const ir::Program& program) const {
  if (ir::CallGraph(program).hasRecursion()) return Support::no("recursion (impact inlines all calls)");
  return Support::yes();
}

ir::Result ImpactEngine::run(const ir::Program& program, RunContext& context) {
  try {
    Settings settings = Settings::from(context.options);
    if (settings.merge != cpa::MergeKind::Sep)
      return ir::Result::unknown(ir::UnknownReason::Unsupported, "impact refines single ARG paths and needs cpa.merge=sep");
    cpa::PreparedProgram prepared;
    {
      ScopedTimer timer(context.stats, "impact.time.encoding");
      prepared = cpa::prepareProgram(program, settings.block);
    }
    const ir::Program& encoded = *prepared.encoded.program;
    context.stats.set("impact.locations", static_cast<int64_t>(encoded.numLocs()));
    context.stats.set("impact.blocks", static_cast<int64_t>(encoded.numEdges()));
    ir::Result result = ImpactAnalysis(encoded, settings, context).run();
    result.engine = "impact";
    bool unsafe = result.verdict == ir::Verdict::Unsafe;
    ScopedTimer timer(context.stats, "impact.time.trace_expansion");
    result = cpa::attachEvidence(std::move(result), program, prepared, context.solverConfig("impact-trace"));
    bool stopped = context.shutdown && context.shutdown->stopRequested();
    return unsafe && result.verdict != ir::Verdict::Unsafe && stopped ? context.stopped() : result;
  } catch (const UnsupportedError& e) {
    return ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
  } catch (const z3::exception& e) {
    return unknownFromSolverException(e);
  }
}

EngineInfo engineInfo() {
  return EngineInfo{"impact",
                    "lazy abstraction with interpolants (McMillan's Impact) over block encodings (SBE, LBE, ABE) "
                    "in the CPA framework",
                    [] { return std::make_unique<ImpactEngine>(); }, registerOptions};
}

}  // namespace argus::engines::impact
