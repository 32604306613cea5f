// The independent judge: every verdict passes through certify() before report/ may print it. certify
// only ever sees the input program, the one the front end built; the evidence speaks about it (engines
// that ran on a transform translate their evidence back first).
// Unsafe: the trace is re-checked with a fresh solver (and values filled in from that solver's model),
// then, for C programs, replayed natively. Safe: the certificate is checked (invariants: initiation,
// k-inductive consecution over the cut-point blocks, safety, contracts at calls, on the input or, for an
// inlined certificate, on certify's own unfolding of it; complete unrolling and inlining tree: re-derived
// with certify's own unrolling).
// Every check is three-valued: accepted, refuted (a counter-model or malformed evidence: a bug to report,
// UNKNOWN (evidence rejected)), or undecided (a solver answered unknown, a size cap or the time ran out:
// UNKNOWN (certification undecided)).
#pragma once

#include <string>

#include "ir/Evidence.h"
#include "ir/Program.h"
#include "util/Logger.h"
#include "util/Shutdown.h"
#include "util/Stats.h"

namespace argus::certify {

struct CertifyOptions {
  bool nativeReplay = true;       // C programs: compile and run the counterexample
  double replayTimeout = 10;      // seconds for the native run
  double checkTimeout = 60;       // seconds for each certificate/trace solver check (0: none)
  std::string dumpDir;            // --dump-queries: certify's queries too (certify-*.smt2), empty: none
};

enum class CheckStatus { Accepted, Refuted, Undecided };
const char* toString(CheckStatus s);

struct CheckOutcome {
  CheckStatus status = CheckStatus::Undecided;
  std::string detail;
  bool accepted() const { return status == CheckStatus::Accepted; }
  bool refuted() const { return status == CheckStatus::Refuted; }
  static CheckOutcome accept(std::string detail) { return {CheckStatus::Accepted, std::move(detail)}; }
  static CheckOutcome refute(std::string detail) { return {CheckStatus::Refuted, std::move(detail)}; }
  static CheckOutcome undecided(std::string detail) { return {CheckStatus::Undecided, std::move(detail)}; }
};

/// Checks a trace against `program`, by running its path or with a fresh solver; when accepted, fills step
/// values, inputs and the initial state, and sets trace.pathChecked.
CheckOutcome checkTrace(const ir::Program& program, ir::Trace& trace, const CertifyOptions& options);
/// Replays a checked trace natively (C programs only); sets trace.replayed/replayDetail.
CheckOutcome replayTrace(const ir::Program& program, ir::Trace& trace, const CertifyOptions& options);
/// Checks a certificate against `program`; sets certificate.checked/checkDetail.
CheckOutcome checkCertificate(const ir::Program& program, ir::Certificate& certificate,
                              const CertifyOptions& options);

/// Applies the checks that fit the result and returns the result to report: unchanged when the
/// evidence holds; Unknown(Unsupported) when a trace ends on an `unsupported` edge; Unknown
/// (EvidenceRejected, why) when a check refutes the evidence; Unknown(Undecided, why) when a check cannot
/// decide. `input` is the program the engine was given, and the only one the evidence is checked on.
ir::Result certify(const ir::Program& input, ir::Result result, const CertifyOptions& options, Logger& log,
                   Stats& stats);

}  // namespace argus::certify
