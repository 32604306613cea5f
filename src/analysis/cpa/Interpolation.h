// Sequence interpolants for the refiners of CPA-based engines (predicate abstraction, Impact), behind a
// small interface so that the interpolation procedure can be exchanged: smt::Interpolator (the
// model-based cube loop, default), or the projection interpolator here, which computes interpolants by
// quantifier elimination: the weakest ones (I_k = ¬∃ private symbols of the
// suffix. A_{k+1} ∧ … ∧ A_n, "the states from which the rest of the path is infeasible") or the
// strongest ones (I_k = ∃ private symbols of the prefix. A_1 ∧ … ∧ A_k, the exact post-image). Both are
// exact for linear integer and real arithmetic; where Z3's QE leaves a quantifier it gives up.
#pragma once

#include <z3++.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "smt/Solver.h"

namespace argus::cpa {

class SequenceInterpolator {
 public:
  virtual ~SequenceInterpolator() = default;
  /// For an unsatisfiable A_1 ∧ … ∧ A_n: I_1 … I_{n-1} with A_1 ⇒ I_1, I_{k-1} ∧ A_k ⇒ I_k and
  /// I_{n-1} ∧ A_n unsatisfiable, each I_k over the constants that A_1 … A_k share with A_{k+1} … A_n.
  /// nullopt when it cannot compute them (solver unknown, unsupported theory, stop request).
  virtual std::optional<std::vector<z3::expr>> interpolate(const std::vector<z3::expr>& parts) = 0;
  /// Why the last interpolate() gave nullopt ("" if it did not, or if there is nothing to say): what an
  /// engine's UNKNOWN names, e.g. the theory outside the interpolator's fragment.
  virtual std::string failure() const { return ""; }
};

/// The UNKNOWN reason of an engine whose interpolator failed on an infeasible path, with the failure.
inline std::string noInterpolantsReason(const std::string& failure) {
  return "no interpolants for an infeasible path" + (failure.empty() ? std::string() : " (" + failure + ")");
}

enum class InterpolationKind { Smt, Weakest, Strongest };
InterpolationKind parseInterpolationKind(const std::string& name);  // "smt" | "weakest" | "strongest"

/// `solver` supplies statistics, the stop token and query dumps.
std::unique_ptr<SequenceInterpolator> makeInterpolator(InterpolationKind kind, z3::context& ctx,
                                                       const smt::SolverConfig& solver);

/// Interpolates only the parts in an unsatisfiable core of the conjunction: `inner` sees the sequence of
/// core parts, and every position between two core parts takes the interpolant between them (true
/// before the first, false after the last). Valid for the full sequence, because the other parts only
/// weaken to true, and much cheaper on long paths whose infeasibility involves a few steps.
std::unique_ptr<SequenceInterpolator> restrictToCore(std::unique_ptr<SequenceInterpolator> inner, z3::context& ctx,
                                                     const smt::SolverConfig& solver);

/// makeInterpolator(kind), wrapped in restrictToCore when `coreOnly`.
std::unique_ptr<SequenceInterpolator> makeInterpolator(InterpolationKind kind, bool coreOnly, z3::context& ctx,
                                                       const smt::SolverConfig& interpolation,
                                                       const smt::SolverConfig& core);

}  // namespace argus::cpa
