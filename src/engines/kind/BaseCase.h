// The base case and the forward condition of k-induction: an unrolling from the entry, extended one
// step per k in one incremental solver.
#pragma once

#include "engines/kind/Unrolling.h"
#include "ir/Evidence.h"

namespace argus::engines::kind {

class BaseCase {
 public:
  BaseCase(const transforms::StepEncoder& encoder, smt::SolverConfig config);

  /// Sat iff some execution reaches the error location within k steps; then counterexample(k) reads it.
  smt::SatResult errorWithin(unsigned k);
  /// Sat iff some execution takes k+1 steps. Unsat (with errorWithin(k) unsat) proves the program safe:
  /// every execution ends within k steps.
  smt::SatResult runsLongerThan(unsigned k);
  /// The path of the last Sat errorWithin(k), as a trace over the system's program.
  ir::Trace counterexample(unsigned k) const;

 private:
  Unrolling unrolling_;
};

}  // namespace argus::engines::kind
