// Engine isolation and the evidence gate.
#include "cli/Pipeline.h"

#include <new>

#include "engines/SolverFailure.h"
#include "ir/Queries.h"
#include "util/Options.h"

namespace argus::cli {

const engines::EngineInfo& engineByName(const std::string& name) {
  if (auto* info = engines::findEngine(name)) return *info;
  std::string known;
  for (auto& e : engines::engineRegistry()) known += (known.empty() ? "" : ", ") + e.name;
  throw OptionError("unknown engine '" + name + "' (available: " + (known.empty() ? "none" : known) +
                    "; see argus --help-engines)");
}

ir::Result runEngine(const engines::EngineInfo& info, const ir::Program& program, engines::RunContext& ctx) {
  ir::Result result;
  try {
    std::unique_ptr<engines::Engine> engine = info.make();
    engines::Support support = engine->supports(program);
    if (support.ok && !info.floatingPoint)
      if (std::string use = ir::floatingPointUse(program); !use.empty())
        support = engines::Support::no("floating-point arithmetic (" + use + "): only bmc and kind handle it");
    if (!support.ok) {
      ctx.log.warn("cli", "engine {} does not support this program: {}", info.name, support.reason);
      result =
          ir::Result::unknown(ir::UnknownReason::Unsupported,
                              "engine " + info.name + " does not support this program: " + support.reason);
    } else {
      result = engine->run(program, ctx);
    }
  } catch (const std::bad_alloc&) {
    result = ir::Result::unknown(ir::UnknownReason::MemoryOut, "engine " + info.name + " ran out of memory");
  } catch (const z3::exception& e) {
    result = engines::unknownFromSolverException(e);
    ctx.log.warn("cli", "engine {}: {}", info.name, result.detail);
  } catch (const std::exception& e) {
    ctx.log.warn("cli", "engine {} failed: {}", info.name, e.what());
    result = ir::Result::unknown(ir::UnknownReason::Error, "engine " + info.name + " failed: " + e.what());
  } catch (...) {
    result = ir::Result::unknown(ir::UnknownReason::Error, "engine " + info.name + " failed");
  }
  // At the time limit the stop interrupts Z3, and a solver call other than a check (push, a model) then
  // throws ("canceled", "there is no current model"): such a run ran out of time, it did not fail.
  // The stop says why it came (RunContext::stopped: the time limit, or an interrupt).
  if (result.verdict == ir::Verdict::Unknown && result.reason == ir::UnknownReason::Error && ctx.shutdown &&
      ctx.shutdown->stopRequested()) {
    std::string failure = result.detail;
    result = ctx.stopped();
    result.detail += " (" + failure + ")";
  }
  if (result.engine.empty()) result.engine = info.name;
  return result;
}

ir::Result requireCheckedEvidence(const ir::Program& input, ir::Result result) {
  auto reject = [&](const std::string& why) {
    ir::Result out = ir::Result::unknown(ir::UnknownReason::EvidenceRejected, why);
    out.engine = result.engine;
    return out;
  };
  if (result.verdict == ir::Verdict::Safe) {
    const ir::Certificate* c = result.certificate();
    if (!c) return reject("TRUE without a certificate");
    if (!c->checked) return reject("the certificate was not checked");
  }
  if (result.verdict == ir::Verdict::Unsafe) {
    const ir::Trace* t = result.trace();
    if (!t) return reject("FALSE without a trace");
    if (!t->pathChecked) return reject("the trace was not checked");
    if (input.origin().language == ir::Language::C && !t->replayed)
      return reject("the trace did not replay natively" +
                    (t->replayDetail.empty() ? "" : ": " + t->replayDetail));
  }
  return result;
}

}  // namespace argus::cli
