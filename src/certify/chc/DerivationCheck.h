// CHC derivations of false: read off an engine's trace over the program toProgram() made (the trace
// fixes which clause instances are used; the values come from our own solver), and replayed clause by
// clause without trusting anything but the original clauses.
#pragma once

#include <optional>
#include <string>

#include "certify/Certify.h"
#include "frontend/chc/ChcEvidence.h"
#include "frontend/chc/ChcSystem.h"
#include "frontend/chc/ToProgram.h"
#include "ir/Evidence.h"

namespace argus::certify {

struct DerivationOutcome {
  std::optional<chc::ChcDerivation> derivation;
  std::string detail;  // why there is none
  bool refuted = false;  // none because the clause instances along the trace contradict each other
};

/// The derivation whose shape `trace` follows (linear: a chain; non-linear: the call tree), with values
/// from a fresh solver. Fails if the trace does not follow the clauses or the instances are unsatisfiable.
DerivationOutcome chcDerivationFromTrace(const chc::ChcSystem& system, const chc::ChcProgram& program,
                                         const ir::Trace& trace, double timeoutSeconds);

/// Replays the derivation: every step's values satisfy its clause's constraint, its premises are earlier
/// steps whose heads are exactly its body facts, and the last step is a query.
CheckOutcome checkChcDerivation(const chc::ChcSystem& system, const chc::ChcDerivation& derivation,
                                double timeoutSeconds);

}  // namespace argus::certify
