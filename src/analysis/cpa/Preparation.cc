// Inlining and block encoding before a CPA analysis, and the evidence of its result afterwards.
#include "analysis/cpa/Preparation.h"

#include "transforms/Inline.h"

namespace argus::cpa {
namespace {

bool hasCalls(const ir::Program& p) {
  for (auto& e : p.edges())
    if (e.isCall()) return true;
  return false;
}

/// Locations of the inlined program that copy a callee's entry or exit (the call and return points).
std::vector<ir::LocId> callBoundaries(const ir::Program& original, const transforms::InlineResult& inlined) {
  std::vector<ir::LocId> out;
  for (ir::LocId l = 0; l < inlined.originalLoc.size(); ++l) {
    if (inlined.originalLoc[l] == ir::kNone) continue;
    const ir::Location& source = original.loc(inlined.originalLoc[l]);
    const ir::Procedure& proc = original.proc(source.proc);
    if (proc.id != original.mainProc() && (source.id == proc.entry || source.id == proc.exit)) out.push_back(l);
  }
  return out;
}

}  // namespace

PreparedProgram prepareProgram(const ir::Program& program, transforms::BlockEncoding block, bool abeCalls) {
  transforms::BlockEncodingOptions options;
  options.kind = block;
  options.exactInputs = false;  // traces are expanded
  if (program.numProcs() == 1 && !hasCalls(program)) {
    auto encoding = std::make_shared<transforms::BlockBackTranslator>(program, transforms::encodeBlocks(program, options));
    return {encoding->encoded().program, encoding};
  }
  auto inlining = std::make_shared<transforms::InlineBackTranslator>(transforms::inlineAll(program));
  const transforms::InlineResult& inlined = inlining->result();
  if (block == transforms::BlockEncoding::Abe && abeCalls) options.keep = callBoundaries(program, inlined);
  auto encoding = std::make_shared<transforms::BlockBackTranslator>(
      *inlined.program, transforms::encodeBlocks(*inlined.program, options), inlined.program);
  std::shared_ptr<const transforms::BackTranslator> chain =
      std::make_shared<transforms::ChainedBackTranslator>(std::vector<std::shared_ptr<const transforms::BackTranslator>>{inlining, encoding});
  return {encoding->encoded().program, chain};
}

ir::Result translateEvidence(ir::Result result, const PreparedProgram& prepared, const smt::SolverConfig& traceSolver) {
  if (auto* certificate = result.certificate()) *certificate = prepared.backTranslator->certificate(*certificate);
  if (result.verdict != ir::Verdict::Unsafe) return result;
  auto mapped = prepared.backTranslator->trace(*result.trace(), traceSolver);
  if (!mapped)
    return ir::Result::unknown(ir::UnknownReason::Error,
                               "the counterexample could not be mapped back to the input program");
  result.evidence = std::move(*mapped);
  return result;
}

ir::Certificate invariantsPerLocation(const ir::Program& encoded,
                                      const std::function<std::optional<z3::expr>(ir::LocId)>& at) {
  const ir::Procedure& proc = encoded.proc(encoded.mainProc());
  ir::Certificate c;
  c.context = encoded.sharedCtx();
  c.kind = ir::Certificate::Kind::Invariants;
  c.k = 1;
  for (ir::LocId l : proc.locations) {
    if (l == proc.entry || l == proc.exit || l == proc.error) continue;
    std::optional<z3::expr> formula = at(l);
    c.invariants.emplace(l, formula ? *formula : encoded.ctx().bool_val(false));
  }
  return c;
}

}  // namespace argus::cpa
