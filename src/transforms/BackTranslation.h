// Evidence about a transformed program mapped back to the program the transform was applied to (the
// Golem pattern: a transform returns its result together with a back-translator). Engines that analyse
// a transform of their input (inlined, block-encoded) translate their certificate or trace back before
// they return it, so that certify only ever sees evidence about the input program. A mistake in a
// transform or its back-translator can cost a proof (certify rejects the translated evidence), never
// produce a certified wrong answer.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ir/Evidence.h"
#include "smt/Solver.h"

namespace argus::transforms {

class BackTranslator {
 public:
  virtual ~BackTranslator() = default;
  /// A certificate of the transformed program as a certificate of the source program.
  virtual ir::Certificate certificate(const ir::Certificate& onResult) const = 0;
  /// A trace of the transformed program as a trace of the source program; nullopt when it cannot be
  /// mapped (the trace is infeasible, or a solver the mapping needs could not decide).
  virtual std::optional<ir::Trace> trace(const ir::Trace& onResult, const smt::SolverConfig& solver) const = 0;
};

/// Transforms applied one after the other: `steps` in the order they were applied (the first maps to
/// the input); evidence is translated from the last transform's result back through each in turn.
class ChainedBackTranslator : public BackTranslator {
 public:
  explicit ChainedBackTranslator(std::vector<std::shared_ptr<const BackTranslator>> steps)
      : steps_(std::move(steps)) {}
  ir::Certificate certificate(const ir::Certificate& onResult) const override;
  std::optional<ir::Trace> trace(const ir::Trace& onResult, const smt::SolverConfig& solver) const override;

 private:
  std::vector<std::shared_ptr<const BackTranslator>> steps_;
};

}  // namespace argus::transforms
