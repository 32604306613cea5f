// RecMC engine: encode the program as Horn clauses, solve, translate the evidence back to the input.
#include "engines/recmc/RecMcEngine.h"

#include "engines/recmc/RecMc.h"
#include "transforms/HornEncoding.h"
#include "transforms/HornInlining.h"

#include <memory>

#include "util/KeepUntilExit.h"

namespace argus::engines::recmc {

Support RecMcEngine::supports(const ir::Program&) const { return Support::yes(); }

namespace {

/// What a stop leaves half built is not destroyed (keepUntilExit): releasing the millions of terms of a
/// driver's clauses one by one takes Z3 seconds past the deadline (floppy.i.cil-1: 3-7 s). This keeps the
/// encoding and the inlining when the run ends after a stop, in either's construction or in the solver's
/// loop (argus's main keeps the program's context to the end as well).
struct AbandonedOnStop {
  const ShutdownToken* stop;
  std::unique_ptr<transforms::HornEncoding>& encoding;
  std::unique_ptr<transforms::HornInlining>& inlining;
  ~AbandonedOnStop() {
    if (!stop || !stop->stopRequested()) return;
    if (inlining) keepUntilExit(std::shared_ptr<transforms::HornInlining>(std::move(inlining)));
    if (encoding) keepUntilExit(std::shared_ptr<transforms::HornEncoding>(std::move(encoding)));
  }
};

}  // namespace

ir::Result RecMcEngine::run(const ir::Program& program, RunContext& context) {
  const ShutdownToken* stop = context.shutdown.get();
  std::unique_ptr<transforms::HornEncoding> encoding;
  std::unique_ptr<transforms::HornInlining> inlining;
  AbandonedOnStop abandoned{stop, encoding, inlining};
  encoding = std::make_unique<transforms::HornEncoding>(program, stop);
  if (encoding->stopped()) return context.stopped();
  if (context.options.getBool("recmc.inline")) {
    inlining = std::make_unique<transforms::HornInlining>(encoding->system(), stop);
    if (inlining->stopped()) return context.stopped();
  }
  const ir::horn::System& system = inlining ? inlining->system() : encoding->system();
  context.stats.set("recmc.predicates", int64_t(system.preds.size()));
  context.stats.set("recmc.clauses", int64_t(system.clauses.size()));
  if (inlining) context.stats.set("recmc.inlined_predicates", int64_t(inlining->inlinedPredicates()));
  context.log.log(1, "recmc", "{} predicates ({} inlined), {} clauses ({})", system.preds.size(),
                  inlining ? inlining->inlinedPredicates() : 0, system.clauses.size(),
                  system.isLinear() ? "linear" : "non-linear");
  Answer answer = solve(system, Settings::from(context.options), context);
  switch (answer.kind) {
    case Answer::Kind::Safe: {
      if (!answer.model) return ir::Result::unknown(ir::UnknownReason::Incomplete, "safe, but without a model");
      ir::horn::Model model = inlining ? inlining->model(*answer.model, 5) : std::move(*answer.model);
      return ir::Result::safe(encoding->certificate(model));
    }
    case Answer::Kind::Unsafe: {
      std::string why;
      ir::horn::Derivation derivation = inlining ? inlining->derivation(*answer.derivation) : *answer.derivation;
      std::optional<ir::Trace> trace = encoding->trace(derivation, &why);
      if (!trace) return ir::Result::unknown(ir::UnknownReason::Incomplete, "derivation without a trace: " + why);
      return ir::Result::unsafe(std::move(*trace));
    }
    case Answer::Kind::Unknown:
      break;
  }
  return ir::Result::unknown(answer.reason == ir::UnknownReason::None ? ir::UnknownReason::Incomplete : answer.reason,
                             answer.detail);
}

EngineInfo engineInfo() {
  return EngineInfo{"recmc",
                    "RecMC (Komuravelli et al., CAV 2014; the algorithm behind Spacer): procedure summaries from "
                    "reach facts (model-based projection) and summary facts (unsat cores), iterative deepening "
                    "on the bound; handles recursion and non-linear clauses",
                    [] { return std::make_unique<RecMcEngine>(); }, registerOptions};
}

}  // namespace argus::engines::recmc
