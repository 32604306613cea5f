// The shared run of the CPA engines around their analysis.
#include "engines/BlockEncodedRun.h"

#include "engines/SolverFailure.h"
#include "util/Error.h"

namespace argus::engines {

ir::Result runOnBlockEncoding(const ir::Program& program, RunContext& context, const BlockEncodedRun& run,
                              const std::function<ir::Result(const ir::Program& encoded)>& analyse) {
  try {
    if (run.merge != cpa::MergeKind::Sep)
      return ir::Result::unknown(ir::UnknownReason::Unsupported,
                                 run.engine + " refines single ARG paths and needs cpa.merge=sep");
    cpa::PreparedProgram prepared;
    {
      ScopedTimer timer(context.stats, run.engine + ".time.encoding");
      prepared = cpa::prepareProgram(program, run.block, run.abeCalls);
    }
    const ir::Program& encoded = *prepared.encoded;
    context.stats.set(run.engine + ".locations", static_cast<int64_t>(encoded.numLocs()));
    context.stats.set(run.engine + ".blocks", static_cast<int64_t>(encoded.numEdges()));
    ir::Result result = analyse(encoded);
    result.engine = run.engine;
    bool unsafe = result.verdict == ir::Verdict::Unsafe;
    ScopedTimer timer(context.stats, run.engine + ".time.trace_expansion");
    result = cpa::translateEvidence(std::move(result), prepared, context.solverConfig(run.engine + "-trace"));
    bool stopped = context.shutdown && context.shutdown->stopRequested();
    return unsafe && result.verdict != ir::Verdict::Unsafe && stopped ? context.stopped() : result;
  } catch (const UnsupportedError& e) {
    return ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
  } catch (const z3::exception& e) {
    return unknownFromSolverException(e);
  }
}

}  // namespace argus::engines
