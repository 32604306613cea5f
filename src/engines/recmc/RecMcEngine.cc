// RecMC engine: encode the program as Horn clauses, solve, translate the evidence back to the input.
#include "engines/recmc/RecMcEngine.h"

#include "engines/recmc/RecMc.h"
#include "transforms/HornEncoding.h"
#include "transforms/HornInlining.h"

namespace argus::engines::recmc {

Support RecMcEngine::supports(const ir::Program&) const { return Support::yes(); }

ir::Result RecMcEngine::run(const ir::Program& program, RunContext& context) {
  try {
    return solveEncoded(program, context);
  } catch (const StopRequestedError&) {
    return context.stopped();  // while the clauses were built (the solver's own loop returns by itself)
  }
}

ir::Result RecMcEngine::solveEncoded(const ir::Program& program, RunContext& context) {
  transforms::HornEncoding encoding(program, context.shutdown.get());
  std::optional<transforms::HornInlining> inlining;
  if (context.options.getBool("recmc.inline")) inlining.emplace(encoding.system(), context.shutdown.get());
  const ir::horn::System& system = inlining ? inlining->system() : encoding.system();
  context.stats.set("recmc.predicates", int64_t(system.preds.size()));
  context.stats.set("recmc.clauses", int64_t(system.clauses.size()));
  if (inlining) context.stats.set("recmc.inlined_predicates", int64_t(inlining->inlinedPredicates()));
  context.log.log(1, "recmc", "{} predicates ({} inlined), {} clauses ({})", system.preds.size(),
                  inlining ? inlining->inlinedPredicates() : 0, system.clauses.size(),
                  system.isLinear() ? "linear" : "non-linear");
  Answer answer = solve(system, Settings::from(context.options), context);
  switch (answer.kind) {
    case Answer::Kind::Safe: {
      std::optional<ir::horn::Model> model = std::move(answer.model);
      std::string why;
      if (inlining) model = inlining->model(*model, 5, &why);
      if (!model) return ir::Result::unknown(ir::UnknownReason::Incomplete, "safe, but no model of the clauses: " + why);
      return ir::Result::safe(encoding.certificate(*model));
    }
    case Answer::Kind::Unsafe: {
      std::string why;
      ir::horn::Derivation derivation = inlining ? inlining->derivation(*answer.derivation) : *answer.derivation;
      std::optional<ir::Trace> trace = encoding.trace(derivation, &why);
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
