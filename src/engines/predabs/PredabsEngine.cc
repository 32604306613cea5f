// Predicate-abstraction engine: preparation of the program and the mapping of failures to Unknown.
#include "engines/predabs/PredabsEngine.h"

#include "engines/predabs/PredicateAnalysis.h"
#include "ir/Queries.h"
#include "util/Error.h"
#include "engines/SolverFailure.h"

namespace argus::engines::predabs {

Support PredabsEngine::supports(const ir::Program& program) const {
  if (ir::CallGraph(program).hasRecursion()) return Support::no("recursion (predabs inlines all calls)");
  return Support::yes();
}

PreparedProgram prepareProgram(const ir::Program& program, const Settings& settings) {
  return cpa::prepareProgram(program, settings.block, settings.abeCalls);
}

ir::Result PredabsEngine::run(const ir::Program& program, RunContext& context) {
  try {
    Settings settings = Settings::from(context.options);
    if (settings.merge != cpa::MergeKind::Sep)
      return ir::Result::unknown(ir::UnknownReason::Unsupported,
                                 "predabs refines single ARG paths and needs cpa.merge=sep");
    PreparedProgram prepared;
    {
      ScopedTimer timer(context.stats, "predabs.time.encoding");
      prepared = prepareProgram(program, settings);
    }
    const ir::Program& encoded = *prepared.encoded.program;
    context.stats.set("predabs.locations", static_cast<int64_t>(encoded.numLocs()));
    context.stats.set("predabs.blocks", static_cast<int64_t>(encoded.numEdges()));
    ir::Result result;
    {
      BddSession bdds(context.shutdown.get());
      if (!bdds.acquired()) return context.stopped();
      result = PredicateAnalysis(encoded, settings, context, bdds).run();
    }
    result.engine = "predabs";
    bool unsafe = result.verdict == ir::Verdict::Unsafe;
    ScopedTimer timer(context.stats, "predabs.time.trace_expansion");
    result = cpa::attachEvidence(std::move(result), program, prepared, context.solverConfig("predabs-trace"));
    bool stopped = context.shutdown && context.shutdown->stopRequested();
    return unsafe && result.verdict != ir::Verdict::Unsafe && stopped ? context.stopped() : result;
  } catch (const UnsupportedError& e) {
    return ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
  } catch (const AbstractionUnknown& e) {
    if (context.shutdown && context.shutdown->stopRequested()) return context.stopped();
    return ir::Result::unknown(ir::UnknownReason::Incomplete, e.what());
  } catch (const z3::exception& e) {
    return unknownFromSolverException(e);
  } catch (const std::runtime_error& e) {  // BDD package errors
    return ir::Result::unknown(ir::UnknownReason::Error, e.what());
  }
}

EngineInfo engineInfo() {
  return EngineInfo{"predabs",
                    "lazy predicate abstraction with CEGAR over block encodings (SBE, LBE, ABE) in the CPA framework",
                    [] { return std::make_unique<PredabsEngine>(); }, registerOptions};
}

}  // namespace argus::engines::predabs
