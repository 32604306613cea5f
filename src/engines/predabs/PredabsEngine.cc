// Predicate-abstraction engine: its settings, the BDD session and the failures of abstraction, inside the
// run the CPA engines share (BlockEncodedRun.h).
#include "engines/predabs/PredabsEngine.h"

#include "engines/BlockEncodedRun.h"
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

ir::Result PredabsEngine::run(const ir::Program& program, RunContext& context) {
  Settings settings = Settings::from(context.options);
  BlockEncodedRun run{"predabs", settings.block, settings.abeCalls, settings.merge};
  return runOnBlockEncoding(program, context, run, [&](const ir::Program& encoded) {
    try {
      BddSession bdds(context.shutdown.get());
      if (!bdds.acquired()) return context.stopped();
      return PredicateAnalysis(encoded, settings, context, bdds).run();
    } catch (const AbstractionUnknown& e) {
      if (context.shutdown && context.shutdown->stopRequested()) return context.stopped();
      return ir::Result::unknown(ir::UnknownReason::Incomplete, e.what());
    } catch (const UnsupportedError&) {
      throw;  // the shared run reports it as unsupported
    } catch (const std::runtime_error& e) {  // BDD package errors
      return ir::Result::unknown(ir::UnknownReason::Error, e.what());
    }
  });
}

EngineInfo engineInfo() {
  return EngineInfo{"predabs",
                    "lazy predicate abstraction with CEGAR over block encodings (SBE, LBE, ABE) in the CPA framework",
                    [] { return std::make_unique<PredabsEngine>(); }, registerOptions};
}

}  // namespace argus::engines::predabs
