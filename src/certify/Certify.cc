// certify(): picks the checks that fit a result, applies them to the input program, and turns any
// failure into UNKNOWN (evidence rejected, certification undecided, or unsupported for a trace that ends
// on an unsupported edge). Logs and counts under "certify.*".
#include "certify/Certify.h"

#include "certify/Checks.h"

#include <optional>

#include "util/Error.h"

namespace argus::certify {

const char* toString(CheckStatus s) {
  switch (s) {
    case CheckStatus::Accepted: return "accepted";
    case CheckStatus::Refuted: return "refuted";
    case CheckStatus::Undecided: return "undecided";
  }
  return "?";
}

namespace {

/// The result to report for evidence that did not pass: rejected when refuted, undecided otherwise.
ir::Result failed(Logger& log, Stats& stats, const ir::Result& original, const CheckOutcome& outcome,
                  const std::string& what) {
  std::string detail = what + outcome.detail;
  ir::Result out;
  if (outcome.refuted()) {
    log.warn("certify", "evidence rejected: {}", detail);
    stats.add("certify.rejected");
    out = ir::Result::unknown(ir::UnknownReason::EvidenceRejected, detail);
  } else {
    log.log(1, "certify", "certification undecided: {}", detail);
    stats.add("certify.undecided");
    out = ir::Result::unknown(ir::UnknownReason::Undecided, detail);
  }
  out.engine = original.engine;
  return out;
}

/// The trace's last edge's `unsupported` text, or empty.
std::string unsupportedFeature(const ir::Program& p, const ir::Trace& t) {
  if (t.steps.empty() || t.steps.back().edge >= p.numEdges()) return "";
  return p.edge(t.steps.back().edge).unsupported;
}

ir::Result certifyTrace(const ir::Program& p, ir::Result result, const CertifyOptions& options, Logger& log,
                        Stats& stats) {
  ir::Trace& trace = *result.trace();
  stats.add("certify.traces");
  CheckOutcome path = checkTrace(p, trace, options);
  std::string feature = unsupportedFeature(p, trace);
  if (!feature.empty() && trace.pathChecked) {
    log.log(1, "certify", "the trace ends on an unsupported feature: {}", feature);
    ir::Result out = ir::Result::unknown(ir::UnknownReason::Unsupported, feature);
    out.engine = result.engine;
    return out;
  }
  if (!path.accepted()) return failed(log, stats, result, path, "trace: ");
  log.log(1, "certify", "trace checked: {}", path.detail);
  if (p.origin().language == ir::Language::C && options.nativeReplay) {
    stats.add("certify.replays");
    ScopedTimer timer(stats, "certify.replay_time");
    CheckOutcome replay = replayTrace(p, trace, options);
    if (!replay.accepted()) return failed(log, stats, result, replay, "native replay did not reach the error: ");
    log.log(1, "certify", "trace replayed: {}", replay.detail);
  }
  return result;
}

/// The checks rely on the IR's rules (an edge mentions only its own variables and writes only those it
/// lists; a call matches its callee): where a front end broke one, a value could stay fixed where it changes.
std::optional<CheckOutcome> breaksTheIrRules(const ir::Program& program) {
  try {
    program.validate();
  } catch (const InternalError& e) {
    return CheckOutcome::undecided(std::string("the program breaks the IR's rules: ") + e.what());
  }
  return std::nullopt;
}

/// The checkers judge an exit as the end of an activation; a program that continues after one is not judged.
std::optional<CheckOutcome> continuesAfterAnExit(const ir::Program& program) {
  for (auto& proc : program.procs())
    if (!program.loc(proc.exit).out.empty())
      return CheckOutcome::undecided("the exit of " + proc.name + " has outgoing edges, which certify does not model");
  return std::nullopt;
}

}  // namespace

CheckOutcome checkCertificate(const ir::Program& program, ir::Certificate& certificate, const CertifyOptions& options) {
  std::optional<CheckOutcome> out = breaksTheIrRules(program);
  if (!out) out = continuesAfterAnExit(program);
  if (!out) {
    switch (certificate.kind) {
      case ir::Certificate::Kind::CompleteUnrolling:
        out = checkCompleteUnrolling(program, certificate.bound, options);
        break;
      case ir::Certificate::Kind::InliningTree:
        out = checkInliningTree(program, certificate, options);
        break;
      case ir::Certificate::Kind::Invariants:
      case ir::Certificate::Kind::BlockBound:
        out = checkInvariants(program, certificate, options);  // cut points
        break;
    }
  }
  certificate.checked = out->accepted();
  certificate.checkDetail = out->detail;
  return *out;
}

ir::Result certify(const ir::Program& input, ir::Result result, const CertifyOptions& options, Logger& log,
                   Stats& stats) {
  ScopedTimer timer(stats, "certify.time");
  if (result.verdict == ir::Verdict::Unsafe) {
    if (!result.trace()) return failed(log, stats, result, CheckOutcome::refute("an unsafe result without a trace"), "");
    return certifyTrace(input, std::move(result), options, log, stats);
  }
  if (result.verdict == ir::Verdict::Safe) {
    if (!result.certificate())
      return failed(log, stats, result, CheckOutcome::refute("a safe result without a certificate"), "");
    stats.add("certify.certificates");
    CheckOutcome out = checkCertificate(input, *result.certificate(), options);
    if (!out.accepted()) return failed(log, stats, result, out, "certificate: ");
    log.log(1, "certify", "certificate checked: {}", out.detail);
  }
  return result;
}

}  // namespace argus::certify
