// The k-induction loop over one prepared (call-free) program: for k = 1, 2, ... the base case, the
// forward condition and the inductive step, taking in auxiliary invariants whenever the generator has
// posted some and retrying the step at once after each injection.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/invariants/InvariantGenerator.h"
#include "engines/Engine.h"
#include "engines/kind/BaseCase.h"
#include "engines/kind/StepCase.h"
#include "transforms/CutPointSystem.h"

namespace argus::engines::kind {

struct ProverOptions {
  unsigned maxK = 0;  // 0: unbounded
  bool forward = true;
  analysis::GeneratorOptions generator;
  static ProverOptions from(const Options& options);
};

class Prover {
 public:
  Prover(const ir::Program& program, ProverOptions options, RunContext& ctx);
  ir::Result prove();

 private:
  /// Moves posted invariants into the step case; true if any arrived.
  bool injectPending();
  /// The base case and the forward condition at k: a result if they decide the program.
  std::optional<ir::Result> baseAndForward(unsigned k);
  bool stepDue(unsigned k);
  /// The inductive step at k, retried while new invariants arrive: a result if it decides.
  std::optional<ir::Result> inductiveStep(unsigned k);
  /// Runs a check, adding its wall time to `total` and to the statistic `key`.
  template <typename Check>
  smt::SatResult timed(const char* key, double& total, Check check);
  ir::Result provedByStep(unsigned k);
  /// The smallest k ≤ 3 at which the step holds with every injected invariant assumed from the start,
  /// or `k` itself.
  unsigned smallestK(unsigned k);
  ir::Result provedByForward(unsigned k);
  ir::Result undecided(const char* what);

  const ir::Program& program_;
  ProverOptions options_;
  RunContext& ctx_;
  Stopwatch watch_;
  transforms::CutPointSystem ts_;
  transforms::StepEncoder encoder_;
  BaseCase base_;
  StepCase step_;
  std::shared_ptr<analysis::InvariantChannel> channel_;
  std::unique_ptr<analysis::InvariantGenerator> generator_;
  struct Injected {
    ir::LocId cut;
    z3::expr formula;
    std::string source;
  };
  std::vector<Injected> injected_;  // parallel to the step case's invariant indices
  double baseSeconds_ = 0, forwardSeconds_ = 0, stepSeconds_ = 0;
};

}  // namespace argus::engines::kind
