// Samples, candidates and Houdini over Horn clauses (see Seeds.h).
#include "engines/recmc/Seeds.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

#include "analysis/invariants/AffineHull.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "util/Stats.h"

namespace argus::engines::recmc {

using namespace ir::horn;

namespace {

struct OutOfBudget {};

class SeedSearch {
 public:
  SeedSearch(const System& sys, const SeedLimits& limits, RunContext& run)
      : sys_(sys), ctx_(sys.context()), limits_(limits), run_(run), sampled_(sys.preds.size()),
        samples_(sys.preds.size()), seen_(sys.preds.size()) {
    for (auto& p : sys.preds) {
      for (size_t i = 0; i < p.params.size(); ++i)
        if (p.params[i].get_sort().is_int() || p.params[i].get_sort().is_bool()) sampled_[p.id].push_back(i);
      hulls_.emplace_back(sampled_[p.id].size());
    }
  }

  std::vector<std::vector<z3::expr>> run() {
    std::vector<std::vector<z3::expr>> none(sys_.preds.size());
    try {
      sample();
      std::vector<std::vector<z3::expr>> candidates = candidatesFromSamples();
      size_t offered = 0;
      for (auto& c : candidates) offered += c.size();
      houdini(candidates);
      size_t kept = 0;
      for (auto& c : candidates) kept += c.size();
      run_.stats.set("recmc.seed_candidates", int64_t(offered));
      run_.stats.set("recmc.seeds", int64_t(kept));
      run_.log.log(1, "recmc", "seeds: {} of {} candidates inductive ({:.2f} s)", kept, offered, clock_.seconds());
      return candidates;
    } catch (const OutOfBudget&) {
      run_.log.log(1, "recmc", "seeds: none (out of budget after {:.2f} s)", clock_.seconds());
      return none;  // Houdini did not finish: nothing it kept is known to be inductive
    }
  }

 private:
  smt::SolverConfig config(const char* name) const {
    smt::SolverConfig c = run_.solverConfig(name);
    c.queryTimeoutSeconds = limits_.queryTimeoutSeconds;
    return c;
  }
  void checkBudget() const {
    if (clock_.seconds() > limits_.budgetSeconds || (run_.shutdown && run_.shutdown->stopRequested()))
      throw OutOfBudget{};
  }

  /// The numeric view of argument i of the sampled ones: an integer itself, a Boolean 1 or 0.
  z3::expr number(const std::vector<z3::expr>& args, size_t i) const {
    const z3::expr& a = args[i];
    return a.get_sort().is_bool() ? z3::ite(a, ctx_.int_val(1), ctx_.int_val(0)) : a;
  }

  /// The sampled arguments of an application equal a sample of its predicate.
  z3::expr isSample(PredId pred, const std::vector<z3::expr>& args, const std::vector<int64_t>& point) const {
    std::vector<z3::expr> eqs;
    for (size_t i = 0; i < sampled_[pred].size(); ++i) eqs.push_back(number(args, sampled_[pred][i]) == ctx_.int_val(point[i]));
    return smt::mkAnd(ctx_, eqs);
  }

  /// Σ a·x = b over the numeric views of the sampled arguments.
  z3::expr equality(PredId pred, const std::vector<z3::expr>& args, const analysis::LinearEquality& e) const {
    z3::expr sum = ctx_.int_val(0);
    for (size_t i = 0; i < e.coefficients.size(); ++i)
      if (e.coefficients[i] != 0) sum = sum + ctx_.int_val(e.coefficients[i]) * number(args, sampled_[pred][i]);
    return sum.simplify() == ctx_.int_val(e.constant);
  }

  std::optional<std::vector<int64_t>> pointOf(PredId pred, const std::vector<z3::expr>& args, const z3::model& m) const {
    std::vector<int64_t> point;
    for (size_t i : sampled_[pred]) {
      z3::expr v = m.eval(args[i], true);
      if (v.is_true() || v.is_false()) {
        point.push_back(v.is_true() ? 1 : 0);
        continue;
      }
      int64_t x = 0;
      if (!v.is_numeral_i64(x) || x > (int64_t(1) << 40) || x < -(int64_t(1) << 40)) return std::nullopt;
      point.push_back(x);
    }
    return point;
  }

  /// Records a sample of `pred`; false if it had it already.
  bool addSample(PredId pred, const std::vector<int64_t>& point) {
    if (!seen_[pred].insert(point).second) return false;
    samples_[pred].push_back(point);
    hulls_[pred].add(point);
    return true;
  }

  /// Derives samples clause by clause: each clause whose body predicates have samples is asked for a
  /// head sample outside the affine hull of the head's samples so far (so few samples span the hull).
  void sample() {
    const size_t maxSamples = 64;
    for (unsigned round = 0; round < limits_.samplingRounds; ++round) {
      bool grew = false;
      for (const Clause& c : sys_.clauses) {
        if (c.isQuery()) continue;
        PredId head = c.head;
        if (samples_[head].size() >= maxSamples) continue;
        if (std::any_of(c.body.begin(), c.body.end(), [&](const Application& a) { return samples_[a.pred].empty(); }))
          continue;
        checkBudget();
        smt::Solver s(ctx_, config("recmc-seed-sample"));
        s.add(c.constraint);
        for (const Application& a : c.body) {
          std::vector<z3::expr> options;
          const auto& pts = samples_[a.pred];
          for (size_t k = pts.size() > 16 ? pts.size() - 16 : 0; k < pts.size(); ++k)
            options.push_back(isSample(a.pred, a.args, pts[k]));
          s.add(smt::mkOr(ctx_, options));
        }
        for (size_t tries = 0; tries <= sampled_[head].size() + 1; ++tries) {
          checkBudget();
          s.push();
          if (!samples_[head].empty()) {
            std::optional<std::vector<analysis::LinearEquality>> eqs = hulls_[head].equalities();
            if (!eqs) {
              s.pop();
              break;
            }
            // Outside the hull; without equalities (the hull is everything), merely a new sample.
            std::vector<z3::expr> inside;
            for (auto& e : *eqs) inside.push_back(equality(head, c.headArgs, e));
            if (eqs->empty())
              for (auto& p : samples_[head]) s.add(!isSample(head, c.headArgs, p));
            else
              s.add(!smt::mkAnd(ctx_, inside));
          }
          bool found = false;
          if (s.check() == smt::SatResult::Sat)
            if (auto point = pointOf(head, c.headArgs, s.model()); point && addSample(head, *point))
              found = grew = true;
          s.pop();
          if (!found || samples_[head].size() >= maxSamples) break;
        }
      }
      if (!grew) break;
    }
    size_t n = 0;
    for (auto& s : samples_) n += s.size();
    run_.stats.set("recmc.seed_samples", int64_t(n));
    run_.log.log(2, "recmc", "seeds: {} samples after {:.2f} s", n, clock_.seconds());
  }

  /// Per predicate: `false` without samples; otherwise the hull's equalities, each integer param's
  /// sampled bounds, and the orderings between params that every sample satisfies.
  std::vector<std::vector<z3::expr>> candidatesFromSamples() const {
    std::vector<std::vector<z3::expr>> out(sys_.preds.size());
    for (auto& p : sys_.preds) {
      auto& mine = out[p.id];
      const auto& pts = samples_[p.id];
      if (pts.empty()) {
        mine.push_back(ctx_.bool_val(false));
        continue;
      }
      const size_t n = sampled_[p.id].size();
      if (n == 0) continue;
      if (auto eqs = hulls_[p.id].equalities())
        for (auto& e : *eqs) mine.push_back(equality(p.id, p.params, e));
      for (size_t i = 0; i < n; ++i) {
        int64_t lo = pts[0][i], hi = pts[0][i];
        for (auto& pt : pts) lo = std::min(lo, pt[i]), hi = std::max(hi, pt[i]);
        if (lo == hi) continue;  // the hull has it as an equality
        if (p.params[sampled_[p.id][i]].get_sort().is_bool()) continue;  // 0 and 1: nothing to bound
        z3::expr x = number(p.params, sampled_[p.id][i]);
        mine.push_back(x >= ctx_.int_val(lo));
        mine.push_back(x <= ctx_.int_val(hi));
      }
      const size_t m = std::min(n, limits_.maxOrderingParams);
      for (size_t i = 0; i < m; ++i)
        for (size_t j = i + 1; j < m; ++j) {
          bool le = true, ge = true, differ = false;
          for (auto& pt : pts) {
            le = le && pt[i] <= pt[j];
            ge = ge && pt[i] >= pt[j];
            differ = differ || pt[i] != pt[j];
          }
          if (!differ) continue;  // an equality of the hull
          // Between Booleans an ordering is an implication.
          z3::expr x = number(p.params, sampled_[p.id][i]);
          z3::expr y = number(p.params, sampled_[p.id][j]);
          if (le) mine.push_back(x <= y);
          if (ge) mine.push_back(x >= y);
        }
    }
    return out;
  }

  /// Drops candidates until every clause, under the body's remaining candidates, implies the head's.
  /// A worklist of clauses: when a predicate loses candidates, the clauses that use it are checked
  /// again. One solver per clause, the body's candidates guarded by one literal each.
  void houdini(std::vector<std::vector<z3::expr>>& cands) {
    std::vector<std::vector<z3::expr>> active(sys_.preds.size());
    std::vector<std::vector<bool>> alive(sys_.preds.size());
    for (auto& p : sys_.preds) {
      for (size_t i = 0; i < cands[p.id].size(); ++i) active[p.id].push_back(smt::freshConst(ctx_, "seed", ctx_.bool_sort()));
      alive[p.id].assign(cands[p.id].size(), true);
    }
    std::vector<std::vector<size_t>> usedBy(sys_.preds.size());
    for (size_t c = 0; c < sys_.clauses.size(); ++c)
      for (const Application& a : sys_.clauses[c].body) usedBy[a.pred].push_back(c);
    std::vector<std::unique_ptr<smt::Solver>> solvers(sys_.clauses.size());
    std::vector<size_t> work;
    std::vector<bool> queued(sys_.clauses.size(), false);
    for (size_t c = sys_.clauses.size(); c-- > 0;)
      if (!sys_.clauses[c].isQuery()) work.push_back(c), queued[c] = true;
    while (!work.empty()) {
      size_t ci = work.back();
      work.pop_back();
      queued[ci] = false;
      const Clause& c = sys_.clauses[ci];
      if (!solvers[ci]) {
        solvers[ci] = std::make_unique<smt::Solver>(ctx_, config("recmc-seed-houdini"));
        solvers[ci]->add(c.constraint);
        for (const Application& a : c.body)
          for (size_t i = 0; i < cands[a.pred].size(); ++i)
            solvers[ci]->add(z3::implies(active[a.pred][i], sys_.instantiate(a.pred, cands[a.pred][i], a.args)));
      }
      smt::Solver& s = *solvers[ci];
      std::vector<z3::expr> assume;
      for (const Application& a : c.body)
        for (size_t i = 0; i < cands[a.pred].size(); ++i)
          if (alive[a.pred][i]) assume.push_back(active[a.pred][i]);
      bool lost = false;
      for (;;) {
        checkBudget();
        std::vector<size_t> live;
        std::vector<z3::expr> head;
        for (size_t i = 0; i < cands[c.head].size(); ++i)
          if (alive[c.head][i]) live.push_back(i), head.push_back(sys_.instantiate(c.head, cands[c.head][i], c.headArgs));
        if (live.empty()) break;
        s.push();
        s.add(!smt::mkAnd(ctx_, head));
        smt::SatResult r = s.check(assume);
        std::optional<z3::model> m;
        if (r == smt::SatResult::Sat) m = s.model();
        s.pop();
        if (r == smt::SatResult::Unsat) break;
        lost = true;
        for (size_t k = 0; k < live.size(); ++k)
          // Unknown: which hold cannot be told, so none is kept.
          if (!m || m->eval(head[k], true).is_false()) alive[c.head][live[k]] = false;
      }
      if (lost)
        for (size_t user : usedBy[c.head])
          if (!queued[user] && !sys_.clauses[user].isQuery()) work.push_back(user), queued[user] = true;
    }
    for (auto& p : sys_.preds) {
      std::vector<z3::expr> kept;
      for (size_t i = 0; i < cands[p.id].size(); ++i)
        if (alive[p.id][i]) kept.push_back(cands[p.id][i]);
      cands[p.id] = kept;
    }
  }

  const System& sys_;
  z3::context& ctx_;
  SeedLimits limits_;
  RunContext& run_;
  Stopwatch clock_;
  std::vector<std::vector<size_t>> sampled_;                 // per predicate: indices of its integer and Boolean params
  std::vector<std::vector<std::vector<int64_t>>> samples_;  // per predicate: values of those params (Booleans as 1 and 0)
  std::vector<std::set<std::vector<int64_t>>> seen_;
  std::vector<analysis::AffineHull> hulls_;               // per predicate: of its samples
};

}  // namespace

std::vector<std::vector<z3::expr>> inductiveSeeds(const System& system, const SeedLimits& limits, RunContext& run) {
  return SeedSearch(system, limits, run).run();
}

}  // namespace argus::engines::recmc
