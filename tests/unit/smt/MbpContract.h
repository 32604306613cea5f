// The contract of model-based projection as test assertions, shared by the MBP tests: for model ⊨ f,
// the projection mentions none of the eliminated variables and no symbol outside f, the model satisfies
// it, and it implies ∃eliminated. f — the last decided by Z3 on the quantified query.
#pragma once

#include <gtest/gtest.h>

#include <functional>

#include "InterpolationRandom.h"
#include "smt/Mbp.h"
#include "smt/Solver.h"
#include "smt/Terms.h"

namespace argus::smt::testing {

inline z3::model modelOf(z3::context& ctx, const z3::expr& f) {
  Solver s(ctx);
  s.add(f);
  EXPECT_EQ(s.check(), SatResult::Sat);
  return s.model();
}

inline bool mentions(const z3::expr& e, const z3::expr& constant) {
  for (auto& c : freeConstants(e))
    if (z3::eq(c, constant)) return true;
  return false;
}

/// result ⇒ ∃vars. formula, decided by Z3 on the quantified query. A fresh solver: only its first,
/// non-incremental check runs the quantifier-elimination tactics that decide LIA/LRA.
inline SatResult impliesExistential(const z3::expr& result, const std::vector<z3::expr>& vars,
                                    const z3::expr& formula, const SolverConfig& config = {}) {
  z3::expr_vector bound(formula.ctx());
  for (auto& v : vars) bound.push_back(v);
  z3::expr closure = vars.empty() ? formula : z3::exists(bound, formula);
  return checkSat(formula.ctx(), {result, !closure}, config);
}

/// Checks that `result` is a projection of `eliminate` out of `f` for the model `m`. Quantified queries
/// may be beyond Z3's decision procedures (arrays) or its time limit: with `mayBeUndecided` an unknown
/// answer passes (a counterexample never does). Returns the answer of the implication check.
inline SatResult expectProjection(const z3::expr& result, const std::vector<z3::expr>& eliminate,
                                  const z3::expr& f, const z3::model& m, bool mayBeUndecided = false,
                                  const SolverConfig& config = {}) {
  for (auto& v : eliminate) EXPECT_FALSE(mentions(result, v)) << v << " left in " << result;
  for (auto& c : freeConstants(result)) EXPECT_TRUE(mentions(f, c)) << "foreign symbol " << c;
  EXPECT_TRUE(m.eval(result, true).is_true()) << "model violates " << result;
  SatResult implied = impliesExistential(result, eliminate, f, config);
  if (!(mayBeUndecided && implied == SatResult::Unknown)) {
    EXPECT_EQ(implied, SatResult::Unsat) << f << "\nprojected: " << result;
  }
  return implied;
}

/// projectCube's contract for one formula and one of its models.
inline void expectContract(const std::vector<z3::expr>& eliminate, const z3::expr& f, const z3::model& m,
                           bool mayBeUndecided = false, MbpMethod method = MbpMethod::Own,
                           Stats* stats = nullptr) {
  auto cube = projectCube(eliminate, f, m, stats, method);
  ASSERT_TRUE(cube.has_value()) << f;
  expectProjection(mkAnd(f.ctx(), *cube), eliminate, f, m, mayBeUndecided);
}

/// One projection question: eliminate `eliminate` from `formula` at `model` (a model of it).
struct MbpCase {
  z3::expr formula;
  std::vector<z3::expr> eliminate;
  z3::model model;
};

/// Random questions for the seeds firstSeed, ..., firstSeed + count − 1 (the unsatisfiable ones left
/// out): `numbers` kept and as many eliminated numbers (reals when `reals(seed)`), two Booleans of which
/// one is eliminated, a conjunction of `conjuncts` random formulas of depth 2.
inline std::vector<MbpCase> randomMbpCases(z3::context& ctx, unsigned firstSeed, unsigned count,
                                           const std::function<bool(unsigned)>& reals, int numbers,
                                           int conjuncts) {
  std::vector<MbpCase> out;
  Solver s(ctx);
  for (unsigned seed = firstSeed; seed < firstSeed + count; ++seed) {
    RandomFormulas gen(ctx, seed, reals(seed));
    auto keep = gen.numbers("y", numbers), drop = gen.numbers("x", numbers);
    std::vector<z3::expr> bools{gen.boolean("p"), gen.boolean("q")};
    std::vector<z3::expr> all = keep;
    all.insert(all.end(), drop.begin(), drop.end());
    z3::expr f = gen.conjunction(all, bools, conjuncts, 2);
    s.push();
    s.add(f);
    if (s.check() == SatResult::Sat) {
      std::vector<z3::expr> eliminate = drop;
      eliminate.push_back(bools[seed % 2]);
      out.push_back({f, eliminate, s.model()});
    }
    s.pop();
  }
  return out;
}

}  // namespace argus::smt::testing
