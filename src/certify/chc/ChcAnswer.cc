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

/// True if the evidence speaks about another program than the one built from the clauses.
bool aboutOtherProgram(const chc::ChcProgram& cp, const ir::Result& r) {
  return r.evidenceProgram && r.evidenceProgram.get() != cp.program.get();
}

ChcAnswer answerSafe(const chc::ChcSystem& sys, const chc::ChcProgram& cp, const ir::Result& r,
                     const ChcCertifyOptions& options) {
  ModelOutcome built{std::nullopt, "no certificate"};
  if (r.certificate() && !aboutOtherProgram(cp, r))
    built = chcModelFromCertificate(sys, cp, *r.certificate(), options.iterationRounds, options.iterationSeconds);
  else if (aboutOtherProgram(cp, r))
    built.detail = "the certificate is about a transformed program";
  std::string why = built.detail;
  // The engine's evidence did not give a model: a least fixpoint may still exist and is checked all the same.
  if (!built.model) built = chcModelByIteration(sys, options.iterationRounds, options.iterationSeconds);
  if (!built.model) return unknown("safe, but no model of the clauses: " + why + "; " + built.detail);
  CheckOutcome check = checkChcModel(sys, *built.model, options.checkTimeout);
  if (!check.ok) return unknown("safe, but the model was rejected: " + check.detail);
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
