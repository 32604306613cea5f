// The independent judge: every verdict passes through certify() before report/ may print it.
// Unsafe: the trace is re-checked with a fresh solver (and values filled in from that solver's model),
// then, for C programs, replayed natively. Safe: the certificate is checked (invariants: initiation,
// k-inductive consecution over the cut-point blocks, safety, contracts at calls; complete unrolling:
// re-derived with certify's own unrolling). Anything that fails becomes Unknown(EvidenceRejected).
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
};

struct CheckOutcome {
  bool ok = false;
  std::string detail;
};

/// Checks a trace against `program` with a fresh solver; on success fills step values, inputs and the
/// initial state, and sets trace.pathChecked.
CheckOutcome checkTrace(const ir::Program& program, ir::Trace& trace, const CertifyOptions& options);
/// Replays a checked trace natively (C programs only); sets trace.replayed/replayDetail.
CheckOutcome replayTrace(const ir::Program& program, ir::Trace& trace, const CertifyOptions& options);
/// Checks a certificate against `program`; sets certificate.checked/checkDetail.
CheckOutcome checkCertificate(const ir::Program& program, ir::Certificate& certificate,
                              const CertifyOptions& options);

/// Applies the checks that fit the result and returns the result to report: unchanged when the
/// evidence holds; Unknown(Unsupported) when a trace ends on an `unsupported` edge; Unknown
/// (EvidenceRejected, why) when a check fails. `input` is the program the engine was given; the
/// evidence is checked against result.evidenceProgram when set.
ir::Result certify(const ir::Program& input, ir::Result result, const CertifyOptions& options, Logger& log,
                   Stats& stats);

}  // namespace argus::certify
