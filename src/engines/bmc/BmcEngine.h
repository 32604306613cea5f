// Bounded model checking with iterative deepening over one incremental solver (engine "bmc").
// Finds error traces; proves safety when the unwinding is complete (forward condition), with a
// CompleteUnrolling certificate. See README.md in this folder.
#pragma once

#include "engines/Engine.h"

namespace argus::engines::bmc {

class BmcEngine : public Engine {
 public:
  std::string_view name() const override { return "bmc"; }
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& ctx) override;

  /// bmc.max_bound, bmc.step, bmc.forward_condition.
  static void registerOptions(OptionRegistry& registry);
};

}  // namespace argus::engines::bmc
