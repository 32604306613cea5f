// From an engine result to a checked CHC answer.
#include "certify/chc/ChcAnswer.h"

#include "certify/chc/DerivationCheck.h"
#include "certify/chc/ModelCheck.h"

namespace argus::certify {

const char* toString(ChcStatus s) {
  switch (s) {
    case ChcStatus::Sat: return "sat";
    case ChcStatus::Unsat: return "unsat";
    case ChcStatus::Unknown: return "unknown";
  }
  return "unknown";
}

namespace {

ChcAnswer unknown(std::string why) { return ChcAnswer{ChcStatus::Unknown, std::nullopt, std::nullopt, std::move(why)}; }

/// Same variables, locations and edges: a copy (e.g. in another Z3 context), whose ids mean ours.
bool sameShape(const ir::Program& a, const ir::Program& b) {
  if (a.numVars() != b.numVars() || a.numLocs() != b.numLocs() || a.numEdges() != b.numEdges() ||
      a.numProcs() != b.numProcs())
    return false;
  for (size_t v = 0; v < a.numVars(); ++v)
    if (a.var(static_cast<ir::VarId>(v)).name != b.var(static_cast<ir::VarId>(v)).name) return false;
  for (size_t e = 0; e < a.numEdges(); ++e) {
    const ir::Edge &x = a.edge(static_cast<ir::EdgeId>(e)), &y = b.edge(static_cast<ir::EdgeId>(e));
    if (x.from != y.from || x.to != y.to || x.kind != y.kind) return false;
  }
  return true;
}

/// True if the evidence speaks about a program whose ids do not mean ours (a transform of it). Whatever
/// passes is still checked against the clauses themselves, so this only guards the id mapping.
bool aboutOtherProgram(const chc::ChcProgram& cp, const ir::Result& r) {
  return r.evidenceProgram && r.evidenceProgram.get() != cp.program.get() && !sameShape(*r.evidenceProgram, *cp.program);
}

z3::expr inContext(const z3::expr& e, z3::context& ctx) {
  if (&e.ctx() == &ctx) return e;
  return z3::to_expr(ctx, Z3_translate(e.ctx(), e, ctx));
}

/// The certificate with its formulas in `ctx` (engines may work on a copy in a context of their own).
ir::Certificate intoContext(const ir::Certificate& c, z3::context& ctx) {
  ir::Certificate out = c;
  for (auto& [loc, inv] : out.invariants) inv = inContext(inv, ctx);
  for (auto& [proc, contract] : out.contracts) {
    contract.pre = inContext(contract.pre, ctx);
    contract.post = inContext(contract.post, ctx);
  }
  return out;
}

ChcAnswer answerSafe(const chc::ChcSystem& sys, const chc::ChcProgram& cp, const ir::Result& r,
                     const ChcCertifyOptions& options) {
  ModelOutcome built{std::nullopt, "no certificate"};
  if (r.certificate() && !aboutOtherProgram(cp, r))
    built = chcModelFromCertificate(sys, cp, intoContext(*r.certificate(), *sys.ctx), options.iterationRounds,
                                    options.iterationSeconds);
  else if (aboutOtherProgram(cp, r))
    built.detail = "the certificate is about a transformed program";
  std::string why = built.detail;
  if (built.model) {
    CheckOutcome check = checkChcModel(sys, *built.model, options.checkTimeout);
    if (check.ok) return ChcAnswer{ChcStatus::Sat, std::move(built.model), std::nullopt, check.detail};
    // A k-inductive certificate (k > 1) is no model by itself: its formulas fail the clauses' step.
    why = "the certificate's model was rejected: " + check.detail;
  }
  // The engine's evidence did not give a model: a least fixpoint may still exist and is checked all the same.
  built = chcModelByIteration(sys, options.iterationRounds, options.iterationSeconds);
  if (!built.model) return unknown("safe, but no model of the clauses: " + why + "; " + built.detail);
  CheckOutcome check = checkChcModel(sys, *built.model, options.checkTimeout);
  if (!check.ok) return unknown("safe, but the model was rejected: " + why + "; " + check.detail);
  return ChcAnswer{ChcStatus::Sat, std::move(built.model), std::nullopt, check.detail};
}

ChcAnswer answerUnsafe(const chc::ChcSystem& sys, const chc::ChcProgram& cp, const ir::Result& r,
                       const ChcCertifyOptions& options) {
  if (!r.trace()) return unknown("unsafe, but without a trace");
  if (aboutOtherProgram(cp, r)) return unknown("unsafe, but the trace is about a transformed program");
  DerivationOutcome built = chcDerivationFromTrace(sys, cp, *r.trace(), options.checkTimeout);
  if (!built.derivation) return unknown("unsafe, but no derivation of false from the trace: " + built.detail);
  CheckOutcome check = checkChcDerivation(sys, *built.derivation, options.checkTimeout);
  if (!check.ok) return unknown("unsafe, but the derivation was rejected: " + check.detail);
  return ChcAnswer{ChcStatus::Unsat, std::nullopt, std::move(built.derivation), check.detail};
}

}  // namespace

ChcAnswer certifyChcResult(const chc::ChcSystem& sys, const chc::ChcProgram& cp, const ir::Result& r,
                           const ChcCertifyOptions& options) {
  switch (r.verdict) {
    case ir::Verdict::Safe: return answerSafe(sys, cp, r, options);
    case ir::Verdict::Unsafe: return answerUnsafe(sys, cp, r, options);
    case ir::Verdict::Unknown: break;
  }
  return unknown(std::string(ir::toString(r.reason)) + (r.detail.empty() ? "" : ": " + r.detail));
}

}  // namespace argus::certify
