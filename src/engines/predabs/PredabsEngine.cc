// Predicate-abstraction engine: preparation of the program and the mapping of failures to Unknown.
#include "engines/predabs/PredabsEngine.h"

#include "engines/predabs/PredicateAnalysis.h"
#include "ir/Queries.h"
#include "util/Error.h"

namespace argus::engines::predabs {

Support PredabsEngine::supports(const ir::Program& program) const {
  if (ir::CallGraph(program).hasRecursion()) return Support::no("recursion (predabs inlines all calls)");
  return Support::yes();
}

PreparedProgram prepareProgram(const ir::Program& program, const Settings& settings) {
  return cpa::prepareProgram(program, settings.block, settings.abeCalls);
}

namespace {

/// Points the evidence of a decided result at the right program: the encoded one for certificates, the
/// encoded program's source for traces (expanded onto it).
ir::Result attachEvidence(ir::Result result, const ir::Program& input, const PreparedProgram& prepared,
                          RunContext& context) {
  ScopedTimer timer(context.stats, "predabs.time.trace_expansion");
  auto attached = cpa::attachEvidence(std::move(result), input, prepared, context.solverConfig("predabs-trace"));
  if (attached) return std::move(*attached);
  if (context.shutdown && context.shutdown->stopRequested()) return context.stopped();
  return ir::Result::unknown(ir::UnknownReason::Error, "the counterexample could not be mapped to the inlined program");
}

}  // namespace

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
    return attachEvidence(std::move(result), program, prepared, context);
  } catch (const UnsupportedError& e) {
    return ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
  } catch (const AbstractionUnknown& e) {
    if (context.shutdown && context.shutdown->stopRequested()) return context.stopped();
    return ir::Result::unknown(ir::UnknownReason::Incomplete, e.what());
  } catch (const z3::exception& e) {
    return ir::Result::unknown(ir::UnknownReason::Error, std::string("Z3: ") + e.msg());
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
