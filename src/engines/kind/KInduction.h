// The k-induction engine (`--engine kind`): base case, forward condition and inductive step over the
// cut-point transition system of the inlined program, strengthened by auxiliary invariants that a
// generator thread finds meanwhile. See README.md in this folder.
#pragma once

#include "engines/Engine.h"
#include "transforms/Inline.h"

namespace argus::engines::kind {

class KInductionEngine : public Engine {
 public:
  std::string_view name() const override { return "kind"; }
  /// Non-recursive programs only (they are inlined).
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& ctx) override;
};

/// kind.max_k, kind.invariants, kind.max_disjuncts, kind.partition_boxes, kind.forward.
void registerOptions(OptionRegistry& registry);

/// The program k-induction works on: every call inlined into main, and an entry without incoming edges
/// (certify's implicit entry invariant speaks about the first visit only), with the back-translator of
/// its evidence; null when the input already is such a program (calls in procedures main never calls do
/// not matter). Throws UnsupportedError.
std::shared_ptr<transforms::InlineBackTranslator> prepareProgram(const ir::Program& program);

}  // namespace argus::engines::kind
