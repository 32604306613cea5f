// Test oracles that stand in for engines: Z3's own Horn solver for models (turned into certificates
// over the program toProgram() built), a small BMC for traces of linear systems, and traces of
// non-linear systems built from a derivation tree given by hand.
#pragma once

#include <optional>
#include <vector>

#include "frontend/chc/ChcEvidence.h"
#include "frontend/chc/ChcSystem.h"
#include "frontend/chc/ToProgram.h"
#include "ir/Evidence.h"

namespace chctest {

/// The model Z3's Horn solver (Spacer) finds, or nothing (unsat, unknown, timeout).
std::optional<argus::chc::ChcModel> z3Model(const argus::chc::ChcSystem& system, unsigned timeoutMs);

/// The model as a certificate: location invariants (linear) or contract posts (non-linear).
argus::ir::Certificate certificateOf(const argus::chc::ChcProgram& program, const argus::chc::ChcModel& model);

/// A path of at most `maxDepth` edges from main's entry to its error (linear encodings only).
std::optional<argus::ir::Trace> bmcTrace(const argus::chc::ChcProgram& program, unsigned maxDepth);

/// A derivation tree: a clause and one subtree per body application.
struct Tree {
  uint32_t clause;
  std::vector<Tree> premises;
};
/// The trace of the procedure encoding that follows the tree (calls, returns, clause edges).
argus::ir::Trace traceOfTree(const argus::chc::ChcProgram& program, const Tree& tree);

}  // namespace chctest
