// Preparing a program for an analysis over a block encoding (predicate abstraction, Impact): inline all
// calls (non-recursive programs only), then encode blocks; and translating the evidence of a decided
// result back to the input program afterwards (certificates through the block encoding and the inlining,
// traces expanded onto the inlined program and then mapped onto the input's procedures).
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "ir/Evidence.h"
#include "ir/Program.h"
#include "smt/Solver.h"
#include "transforms/BackTranslation.h"
#include "transforms/BlockEncoding.h"

namespace argus::cpa {

struct PreparedProgram {
  /// The program the analysis runs on.
  std::shared_ptr<const ir::Program> encoded;
  /// Evidence about `encoded` → evidence about the input.
  std::shared_ptr<const transforms::BackTranslator> backTranslator;
};

/// Inlines `program` (unless it is one procedure without calls) and encodes it with `block`; with ABE and
/// `abeCalls`, the inlined call and return points stay abstraction points. Recursion throws.
/// `program` must outlive the result.
PreparedProgram prepareProgram(const ir::Program& program, transforms::BlockEncoding block, bool abeCalls = false);

/// `result` (about the encoded program) with its evidence translated back to the input program. An
/// Unsafe result whose trace cannot be mapped becomes Unknown(Error): the analysis found the path feasible,
/// so only a bug or a solver that could not decide explains it (the caller prefers its own Unknown when
/// a stop was requested).
ir::Result translateEvidence(ir::Result result, const PreparedProgram& prepared, const smt::SolverConfig& traceSolver);

/// The certificate of a closed ARG over the encoded (single-procedure) program: at every location but
/// entry, exit and error the formula `at` gives, `false` where it gives none (no uncovered node there);
/// Invariants with k = 1.
ir::Certificate invariantsPerLocation(const ir::Program& encoded,
                                      const std::function<std::optional<z3::expr>(ir::LocId)>& at);

}  // namespace argus::cpa
