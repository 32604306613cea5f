// Exact affine hulls (rational row reduction with GMP) and equality sampling at loop heads.
#include "analysis/invariants/AffineHull.h"

#include <gmpxx.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

#include "analysis/invariants/Candidates.h"
#include "smt/Terms.h"
#include "util/Stats.h"

namespace argus::analysis {
namespace {

/// The integer vector proportional to `w` whose entries have gcd 1.
std::vector<mpz_class> integral(const std::vector<mpq_class>& w) {
  mpz_class lcm = 1;
  for (auto& f : w) mpz_lcm(lcm.get_mpz_t(), lcm.get_mpz_t(), f.get_den_mpz_t());
  std::vector<mpz_class> ints;
  mpz_class g = 0;
  for (auto& f : w) {
    ints.push_back(f.get_num() * (lcm / f.get_den()));
    mpz_gcd(g.get_mpz_t(), g.get_mpz_t(), ints.back().get_mpz_t());
  }
  if (g > 1)
    for (mpz_class& v : ints) v /= g;
  return ints;
}

bool withinInt64(const std::vector<mpz_class>& w) {
  return std::all_of(w.begin(), w.end(), [](const mpz_class& v) { return v <= INT64_MAX && v >= -INT64_MAX; });
}

}  // namespace

void AffineHull::add(std::vector<int64_t> point) { points_.push_back(std::move(point)); }

std::vector<std::vector<mpz_class>> AffineHull::integralBasis() const {
  // Null space of the rows (p, 1): vectors (a, -b) with a·p = b for every point p. Exact rationals of
  // unbounded size: a few 31-bit points already give intermediate numbers beyond 128 bits.
  size_t cols = dims_ + 1;
  std::vector<std::vector<mpq_class>> m;
  for (auto& p : points_) {
    std::vector<mpq_class> row;
    for (int64_t v : p) row.emplace_back(static_cast<long>(v));
    row.emplace_back(1);
    m.push_back(std::move(row));
  }
  std::vector<size_t> pivotCol;
  size_t r = 0;
  for (size_t c = 0; c < cols && r < m.size(); ++c) {
    size_t i = r;
    while (i < m.size() && m[i][c] == 0) ++i;
    if (i == m.size()) continue;
    std::swap(m[i], m[r]);
    mpq_class pivot = m[r][c];
    for (auto& f : m[r]) f /= pivot;
    for (size_t k = 0; k < m.size(); ++k) {
      if (k == r || m[k][c] == 0) continue;
      mpq_class factor = m[k][c];
      for (size_t j = 0; j < cols; ++j) m[k][j] -= factor * m[r][j];
    }
    pivotCol.push_back(c);
    ++r;
  }
  std::vector<bool> isPivot(cols, false);
  for (size_t c : pivotCol) isPivot[c] = true;
  std::vector<std::vector<mpz_class>> out;
  for (size_t free = 0; free < cols; ++free) {
    if (isPivot[free]) continue;
    std::vector<mpq_class> w(cols);
    w[free] = 1;
    for (size_t k = 0; k < pivotCol.size(); ++k) w[pivotCol[k]] = -m[k][free];
    out.push_back(integral(w));
  }
  return out;
}

std::optional<std::vector<LinearEquality>> AffineHull::equalities() const {
  std::vector<LinearEquality> out;
  for (const std::vector<mpz_class>& w : integralBasis()) {
    if (!withinInt64(w)) return std::nullopt;
    LinearEquality eq;
    for (size_t i = 0; i < dims_; ++i) eq.coefficients.push_back(static_cast<int64_t>(w[i].get_si()));
    eq.constant = -static_cast<int64_t>(w.back().get_si());  // long is 64 bits wherever argus builds
    out.push_back(std::move(eq));
  }
  return out;
}

namespace {

/// Samples reachable states at one loop head until they span the bounded-reachable hull.
class HullSampler {
 public:
  HullSampler(const transforms::StepEncoder& enc, const EqualitySearch& search, smt::SolverConfig config)
      : enc_(enc), solver_(enc.ctx(), withTimeout(std::move(config), search.queryTimeoutSeconds)) {
    z3::expr pc = enc.freshPc("hull0");
    ir::State s = enc.freshState();
    solver_.add(enc.pcAt(pc, enc.system().entry()));
    // Step d is taken only where a state at depth d is asked for (taken_[d-1]); the steps after it are
    // free not to be. A state from which no block continues (a Horn clause system's predicate whose
    // clauses all have false bodies there, an assumption no value meets) ends its path before the last
    // step, and would otherwise lie on no sampled path at all.
    z3::context& c = enc.ctx();
    for (unsigned d = 1; d <= search.depth; ++d) {
      transforms::Step step = enc.encode(pc, s, "hull" + std::to_string(d));
      z3::expr taken = smt::freshConst(c, "hull-taken" + std::to_string(d), c.bool_sort());
      solver_.add(z3::implies(taken, step.formula));
      if (!taken_.empty()) solver_.add(z3::implies(taken, taken_.back()));
      pc = step.pcPost;
      s = step.post;
      pcs_.push_back(pc);
      states_.push_back(s);
      taken_.push_back(taken);
    }
  }

  /// The hull of the states at `head` over `vars` (those where `condition`, over the `cur` constants of
  /// the system's variables, holds), as far as the solver answered before `until` returned true.
  AffineHull sample(ir::LocId head, const std::vector<ir::VarId>& vars, const std::optional<z3::expr>& condition = {},
                    const std::function<bool()>& until = {}) {
    z3::context& c = enc_.ctx();
    std::vector<z3::expr> point;
    for (size_t i = 0; i < vars.size(); ++i) point.push_back(smt::freshConst(c, "hull-point", c.int_sort()));
    std::vector<z3::expr> somewhere;
    for (size_t d = 0; d < pcs_.size(); ++d) {
      std::vector<z3::expr> same{taken_[d], enc_.pcAt(pcs_[d], head)};
      if (condition) same.push_back(enc_.at(*condition, states_[d]));
      for (size_t i = 0; i < vars.size(); ++i) same.push_back(point[i] == states_[d][vars[i]]);
      somewhere.push_back(smt::mkAnd(c, same));
    }
    z3::expr active = smt::freshConst(c, "hull-head", c.bool_sort());
    solver_.add(z3::implies(active, smt::mkOr(c, somewhere)));
    AffineHull hull(vars.size());
    while (hull.points() <= vars.size() && !(until && until())) {
      z3::expr outside = c.bool_val(true);
      if (hull.points() > 0) {
        // Big coefficients are fine here: this only asks for a point off the hull so far.
        std::vector<std::vector<mpz_class>> basis = hull.integralBasis();
        if (basis.empty()) break;
        outside = !smt::mkAnd(c, basisTerms(basis, point));
      }
      z3::expr query = smt::freshConst(c, "hull-query", c.bool_sort());
      solver_.add(z3::implies(query, outside));
      bool found = solver_.check({active, query}) == smt::SatResult::Sat && addPoint(hull, point);
      solver_.add(!query);
      if (!found) break;
    }
    solver_.add(!active);
    return hull;
  }

  /// The equalities a·x = b of a basis (vectors (a, -b)) as terms over `xs`; Z3 numerals of any size.
  static std::vector<z3::expr> basisTerms(const std::vector<std::vector<mpz_class>>& basis,
                                          const std::vector<z3::expr>& xs) {
    std::vector<z3::expr> out;
    z3::context& c = xs.at(0).ctx();
    for (const std::vector<mpz_class>& w : basis) {
      z3::expr sum = c.int_val(0);
      for (size_t i = 0; i < xs.size(); ++i)
        if (w[i] != 0) sum = sum + c.int_val(w[i].get_str().c_str()) * xs[i];
      out.push_back(sum.simplify() == c.int_val(mpz_class(-w.back()).get_str().c_str()));
    }
    return out;
  }

 private:
  static smt::SolverConfig withTimeout(smt::SolverConfig config, double seconds) {
    config.queryTimeoutSeconds = seconds;
    return config;
  }

  bool addPoint(AffineHull& hull, const std::vector<z3::expr>& point) {
    std::vector<int64_t> values;
    z3::model model = solver_.model();
    for (auto& x : point) {
      int64_t v;
      if (!model.eval(x, true).is_numeral_i64(v)) return false;
      values.push_back(v);
    }
    hull.add(std::move(values));
    return true;
  }

  const transforms::StepEncoder& enc_;
  smt::Solver solver_;
  std::vector<z3::expr> pcs_;
  std::vector<ir::State> states_;
  std::vector<z3::expr> taken_;  // per depth: the steps up to it hold
};

}  // namespace

std::vector<Candidate> equalityCandidates(const transforms::StepEncoder& encoder, const EqualitySearch& search,
                                          smt::SolverConfig config) {
  const transforms::CutPointSystem& ts = encoder.system();
  const ir::Program& p = ts.program();
  z3::context& c = p.ctx();
  Stopwatch watch;
  HullSampler sampler(encoder, search, config);
  // A side the short unrolling does not reach (x ≥ 50 after fifty iterations) is sampled once more from a
  // longer one, built when first needed.
  std::unique_ptr<HullSampler> deep;
  EqualitySearch deeper = search;
  deeper.depth = search.deepDepth;
  std::vector<Candidate> out;
  for (ir::LocId head : ts.loopHeads()) {
    std::vector<ir::VarId> vars = relationalVariables(ts, head, search.maxDimensions);
    if (vars.empty()) continue;
    std::vector<z3::expr> xs;
    for (ir::VarId v : vars) xs.push_back(p.var(v).cur);
    // The equalities of one hull, each under `guard`; candidates only from a basis within int64, as
    // equalities() would give it.
    auto offer = [&](const AffineHull& hull, const z3::expr& guard) {
      std::vector<std::vector<mpz_class>> basis = hull.integralBasis();
      if (!std::all_of(basis.begin(), basis.end(), withinInt64)) return;
      for (auto& term : HullSampler::basisTerms(basis, xs))
        if (z3::expr candidate = z3::implies(guard, term).simplify(); !candidate.is_true())
          out.push_back({head, candidate});
    };
    AffineHull all = sampler.sample(head, vars);
    if (all.points() == 0) continue;
    offer(all, c.bool_val(true));
    if (!search.partitioned) continue;
    // Trace partitioning by the loop's own conditions: the hull of the sampled states on either side of
    // each. A loop that counts y up on every second iteration keeps i = 2y where i is even and i = 2y + 1
    // where it is odd, and one whose y starts counting once x passes m has y = m before and y = x after;
    // no equality over all its states says either. A side no sampled state lies on is offered as empty.
    size_t classes = 0;
    auto late = [&] { return watch.seconds() > search.partitionSeconds; };
    for (const z3::expr& condition : loopConditions(ts, head)) {
      if ((classes += 2) > search.maxClasses || late()) break;
      for (const z3::expr& side : {condition, !condition}) {
        AffineHull hull = sampler.sample(head, vars, side, late);
        if (hull.points() == 0 && deeper.depth > search.depth && !late()) {
          if (!deep) deep = std::make_unique<HullSampler>(encoder, deeper, config);
          hull = deep->sample(head, vars, side, late);
        }
        if (hull.points() == 0)
          out.push_back({head, !side});
        else
          offer(hull, side);
      }
    }
  }
  return out;
}

}  // namespace argus::analysis
