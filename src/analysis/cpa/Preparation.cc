// Inlining and block encoding before a CPA analysis, and the evidence of its result afterwards.
#include "analysis/cpa/Preparation.h"

#include "transforms/BlockTrace.h"
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
  if (program.numProcs() == 1 && !hasCalls(program)) return {nullptr, transforms::encodeBlocks(program, options)};
  transforms::InlineResult inlined = transforms::inlineAll(program);
  if (block == transforms::BlockEncoding::Abe && abeCalls) options.keep = callBoundaries(program, inlined);
  return {inlined.program, transforms::encodeBlocks(*inlined.program, options)};
}

ir::Result attachEvidence(ir::Result result, const ir::Program& input, const PreparedProgram& prepared,
                                         const smt::SolverConfig& traceSolver) {
  if (result.verdict == ir::Verdict::Safe) result.evidenceProgram = prepared.encoded.program;
  if (result.verdict != ir::Verdict::Unsafe) return result;
  const ir::Program& source = prepared.inlined ? *prepared.inlined : input;
  auto expanded = transforms::expandTrace(source, prepared.encoded, *result.trace(), traceSolver);
  if (!expanded)
    return ir::Result::unknown(ir::UnknownReason::Error, "the counterexample could not be mapped to the inlined program");
  result.evidence = std::move(*expanded);
  result.evidenceProgram = prepared.inlined;
  return result;
}

ir::Certificate invariantsPerLocation(const ir::Program& encoded,
                                      const std::function<std::optional<z3::expr>(ir::LocId)>& at) {
  const ir::Procedure& proc = encoded.proc(encoded.mainProc());
  ir::Certificate c;
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
