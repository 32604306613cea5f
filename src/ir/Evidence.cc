// Names of verdicts and reasons, and the Result constructors.
#include "ir/Evidence.h"

#include "util/Error.h"

namespace argus::ir {

const char* toString(Verdict v) {
  switch (v) {
    case Verdict::Safe: return "safe";
    case Verdict::Unsafe: return "unsafe";
    case Verdict::Unknown: return "unknown";
  }
  return "?";
}

const char* toString(UnknownReason r) {
  switch (r) {
    case UnknownReason::None: return "none";
    case UnknownReason::Timeout: return "timeout";
    case UnknownReason::MemoryOut: return "out of memory";
    case UnknownReason::BoundReached: return "bound reached";
    case UnknownReason::Unsupported: return "unsupported";
    case UnknownReason::Incomplete: return "incomplete";
    case UnknownReason::EvidenceRejected: return "evidence rejected";
    case UnknownReason::Undecided: return "certification undecided";
    case UnknownReason::Cancelled: return "cancelled";
    case UnknownReason::Error: return "error";
  }
  return "?";
}

Result Result::safe(Certificate c) {
  bool hasTerms = !c.invariants.empty() || !c.contracts.empty() || !c.inlined.empty();
  INVARIANT(c.context || !hasTerms, "a certificate with formulas must keep their Z3 context alive");
  Result r;
  r.verdict = Verdict::Safe;
  r.evidence = std::move(c);
  return r;
}

Result Result::unsafe(Trace t) {
  INVARIANT(t.context || (t.initial.empty() && t.steps.empty()) || t.steps.front().values.empty(),
            "a trace with values must keep their Z3 context alive");
  Result r;
  r.verdict = Verdict::Unsafe;
  r.evidence = std::move(t);
  return r;
}

Result Result::unknown(UnknownReason reason, std::string detail) {
  Result r;
  r.verdict = Verdict::Unknown;
  r.reason = reason;
  r.detail = std::move(detail);
  return r;
}

}  // namespace argus::ir
