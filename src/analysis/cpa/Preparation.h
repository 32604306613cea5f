// Preparing a program for an analysis over a block encoding (predicate abstraction, Impact): inline all
// calls (non-recursive programs only), then encode blocks; and pointing the evidence of a decided result
// at the right program afterwards (certificates speak about the encoded program, traces are expanded
// onto the program that was encoded, so that they list the exact inputs of the path they take).
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "ir/Evidence.h"
#include "ir/Program.h"
#include "smt/Solver.h"
#include "transforms/BlockEncoding.h"

namespace argus::cpa {

struct PreparedProgram {
  /// The single-procedure program that was encoded: `program` inlined, or null when `program` had one
  /// procedure without calls and was encoded as it is.
  std::shared_ptr<const ir::Program> inlined;
  transforms::EncodedProgram encoded;
};

/// Inlines `program` (unless it is one procedure without calls) and encodes it with `block`; with ABE and
/// `abeCalls`, the inlined call and return points stay abstraction points. Recursion throws.
PreparedProgram prepareProgram(const ir::Program& program, transforms::BlockEncoding block, bool abeCalls = false);

/// `result` (about the encoded program) with its evidence about the program certify should check: Safe
/// gets evidenceProgram = the encoded program; Unsafe gets its trace expanded onto the encoded program's
/// source, or becomes Unknown(Error) when the trace cannot be expanded (infeasible, or a solver could not
/// decide: the caller may prefer its own Unknown when a stop was requested).
ir::Result attachEvidence(ir::Result result, const ir::Program& input, const PreparedProgram& prepared,
                                         const smt::SolverConfig& traceSolver);

/// The certificate of a closed ARG over the encoded (single-procedure) program: at every location but
/// entry, exit and error the formula `at` gives, `false` where it gives none (no uncovered node there);
/// Invariants with k = 1.
ir::Certificate invariantsPerLocation(const ir::Program& encoded,
                                      const std::function<std::optional<z3::expr>(ir::LocId)>& at);

}  // namespace argus::cpa
