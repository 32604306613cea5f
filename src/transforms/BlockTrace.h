// Traces of a block-encoded program mapped back to the program it encodes. An encoded edge summarises
// paths through removed locations; which of them a trace took is read off a model: the values at both
// ends of every encoded step are fixed to those of one model of the whole trace, and a depth-first search
// over the input edges the step summarises (each extension checked for satisfiability) finds a path of
// the input program between them. The result lists every input edge taken, so it carries exactly the
// nondet inputs and unsupported features of the path, whatever the encoding merged.
#pragma once

#include <optional>

#include "ir/Evidence.h"
#include "smt/Solver.h"
#include "transforms/BlockEncoding.h"

namespace argus::transforms {

/// `trace` is a trace of `encoded.program` from its entry to its error location; `source` is the program
/// that was encoded. nullopt when the trace is infeasible or a solver cannot decide.
std::optional<ir::Trace> expandTrace(const ir::Program& source, const EncodedProgram& encoded,
                                     const ir::Trace& trace, const smt::SolverConfig& config);

}  // namespace argus::transforms
