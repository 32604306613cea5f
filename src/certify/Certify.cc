// certify(): picks the checks that fit a result, applies them to the program the evidence speaks about,
// and turns any failure into UNKNOWN (evidence rejected, or unsupported for a trace that ends on an
// unsupported edge). Logs and counts under "certify.*".
#include "certify/Certify.h"

#include "certify/Checks.h"

namespace argus::certify {
namespace {

ir::Result rejected(Logger& log, Stats& stats, const ir::Result& original, const std::string& detail) {
  log.warn("certify", "evidence rejected: {}", detail);
  stats.add("certify.rejected");
  ir::Result out = ir::Result::unknown(ir::UnknownReason::EvidenceRejected, detail);
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
  if (!path.ok) return rejected(log, stats, result, path.detail);
  log.log(1, "certify", "trace checked: {}", path.detail);
  if (p.origin().language == ir::Language::C && options.nativeReplay) {
    stats.add("certify.replays");
    ScopedTimer timer(stats, "certify.replay_time");
    CheckOutcome replay = replayTrace(p, trace, options);
    if (!replay.ok) return rejected(log, stats, result, "native replay did not reach the error: " + replay.detail);
    log.log(1, "certify", "trace replayed: {}", replay.detail);
  }
  return result;
}

}  // namespace

CheckOutcome checkCertificate(const ir::Program& program, ir::Certificate& certificate, const CertifyOptions& options) {
  CheckOutcome out = certificate.kind == ir::Certificate::Kind::Invariants
                         ? checkInvariants(program, certificate, options)
                         : checkCompleteUnrolling(program, certificate.bound, options);
  certificate.checked = out.ok;
  certificate.checkDetail = out.detail;
  return out;
}

ir::Result certify(const ir::Program& input, ir::Result result, const CertifyOptions& options, Logger& log,
                   Stats& stats) {
  const ir::Program& p = result.evidenceProgram ? *result.evidenceProgram : input;
  ScopedTimer timer(stats, "certify.time");
  if (result.verdict == ir::Verdict::Unsafe) {
    if (!result.trace()) return rejected(log, stats, result, "an unsafe result without a trace");
    return certifyTrace(p, std::move(result), options, log, stats);
  }
  if (result.verdict == ir::Verdict::Safe) {
    if (!result.certificate()) return rejected(log, stats, result, "a safe result without a certificate");
    stats.add("certify.certificates");
    CheckOutcome out = checkCertificate(p, *result.certificate(), options);
    if (!out.ok) return rejected(log, stats, result, "certificate: " + out.detail);
    log.log(1, "certify", "certificate checked: {}", out.detail);
  }
  return result;
}

}  // namespace argus::certify
