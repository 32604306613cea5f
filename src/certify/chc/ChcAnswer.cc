// From an engine result to a checked CHC answer.
#include "certify/chc/ChcAnswer.h"

#include "certify/chc/DerivationCheck.h"
#include "certify/chc/ModelCheck.h"
#include "certify/chc/Strengthening.h"
#include "smt/Terms.h"

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

ChcAnswer unknown(std::string why) {
  return ChcAnswer{ChcStatus::Unknown, std::nullopt, std::nullopt, std::move(why), ""};
}

/// The certificate with its formulas in `ctx` (engines may work on a copy in a context of their own).
ir::Certificate intoContext(const ir::Certificate& c, z3::context& ctx) {
  ir::Certificate out = c;
  for (auto& [loc, inv] : out.invariants) inv = smt::inContext(inv, ctx);
  for (auto& [at, inv] : out.inlined) inv = smt::inContext(inv, ctx);
  for (auto& [proc, contract] : out.contracts) {
    contract.pre = smt::inContext(contract.pre, ctx);
    contract.post = smt::inContext(contract.post, ctx);
  }
  return out;
}

/// Why the certificate cannot be read as a model, if it cannot.
std::optional<std::string> noModel(const ir::Certificate& c) {
  // Bounded, or an inlining tree: no formulas, the model comes from the iteration.
  if (c.kind != ir::Certificate::Kind::Invariants) return std::nullopt;
  if (c.form == ir::Certificate::Form::Inlined)
    return "the certificate speaks about calling contexts (inlined procedures), not about the predicates";
  if (c.k > 1) return "the certificate is " + std::to_string(c.k) + "-inductive, so its formulas are no model";
  return std::nullopt;
}

ChcAnswer answerSafe(const chc::ChcSystem& sys, const chc::ChcProgram& cp, const ir::Result& r,
                     const ChcCertifyOptions& options) {
  ModelOutcome built{std::nullopt, "no certificate"};
  std::string rejection;
  if (!r.certificate()) {
    // nothing to build from
  } else if (auto why = noModel(*r.certificate())) {
    built.detail = *why;
    // A k-inductive certificate may still give a model once strengthened to a 1-inductive one.
    if (r.certificate()->k > 1 && r.certificate()->form == ir::Certificate::Form::Modular) {
      ir::Certificate inContext = intoContext(*r.certificate(), *sys.ctx);
      Strengthened s = strengthenToOneInductive(*cp.program, inContext, options.iterationSeconds);
      if (s.certificate)
        built = chcModelFromCertificate(sys, cp, *s.certificate, options.iterationRounds, options.iterationSeconds);
      else
        built.detail += "; " + s.detail;
    }
  } else {
    built = chcModelFromCertificate(sys, cp, intoContext(*r.certificate(), *sys.ctx), options.iterationRounds,
                                    options.iterationSeconds);
  }
  std::string why = built.detail;
  if (built.model) {
    CheckOutcome check = checkChcModel(sys, *built.model, options.checkTimeout);
    if (check.accepted()) return ChcAnswer{ChcStatus::Sat, std::move(built.model), std::nullopt, check.detail, ""};
    why = "the certificate's model was " + std::string(toString(check.status)) + ": " + check.detail;
    // An inductive certificate the program-level check accepted must give a model of the clauses: a
    // refuted one means a bug between the clauses and the program (or in the model builder).
    if (check.refuted()) rejection = why;
  }
  // The engine's evidence did not give a model: a least fixpoint may still exist and is checked all the same,
  // unless the evidence's model was that very iteration (bounded executions, an inlining tree: see
  // chcModelFromCertificate), which would only spend its budget again on the same answer (a kind proof by
  // its forward condition over 38 reals spent 2 × 10 s so while the portfolio's other engines waited).
  if (r.certificate() && r.certificate()->kind != ir::Certificate::Kind::Invariants) {
    ChcAnswer out = unknown("safe, but no model of the clauses: " + why);
    out.rejection = rejection;
    return out;
  }
  built = chcModelByIteration(sys, options.iterationRounds, options.iterationSeconds);
  ChcAnswer out = unknown("safe, but no model of the clauses: " + why + "; " + built.detail);
  if (built.model) {
    CheckOutcome check = checkChcModel(sys, *built.model, options.checkTimeout);
    out = check.accepted() ? ChcAnswer{ChcStatus::Sat, std::move(built.model), std::nullopt, check.detail, ""}
                           : unknown("safe, but the model was " + std::string(toString(check.status)) + ": " + why +
                                     "; " + check.detail);
  }
  out.rejection = rejection;
  return out;
}

ChcAnswer answerUnsafe(const chc::ChcSystem& sys, const chc::ChcProgram& cp, const ir::Result& r,
                       const ChcCertifyOptions& options) {
  if (!r.trace()) return unknown("unsafe, but without a trace");
  DerivationOutcome built = chcDerivationFromTrace(sys, cp, *r.trace(), options.checkTimeout);
  if (!built.derivation) {
    ChcAnswer out = unknown("unsafe, but no derivation of false from the trace: " + built.detail);
    if (built.refuted) out.rejection = out.detail;  // a trace the program-level check accepted
    return out;
  }
  CheckOutcome check = checkChcDerivation(sys, *built.derivation, options.checkTimeout);
  if (!check.accepted()) {
    ChcAnswer out = unknown("unsafe, but the derivation was " + std::string(toString(check.status)) + ": " + check.detail);
    if (check.refuted()) out.rejection = out.detail;
    return out;
  }
  return ChcAnswer{ChcStatus::Unsat, std::nullopt, std::move(built.derivation), check.detail, ""};
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
