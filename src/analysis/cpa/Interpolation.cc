// The adapter to smt::Interpolator, and interpolation by quantifier elimination (Z3's qe tactic), forward
// for the strongest interpolants and backward for the weakest.
#include "analysis/cpa/Interpolation.h"

#include <cmath>
#include <unordered_set>

#include <stdexcept>

#include "smt/Interpolator.h"
#include "smt/TermWalk.h"
#include "smt/Terms.h"

namespace argus::cpa {
namespace {

using Symbols = std::unordered_set<unsigned>;

Symbols symbolsOf(const z3::expr& e) {
  Symbols out;
  for (auto& c : smt::freeConstants(e)) out.insert(c.id());
  return out;
}

bool hasQuantifier(const z3::expr& e) {
  return smt::anySubterm(e, [](const z3::expr& t) { return t.is_quantifier(); });
}

class SmtInterpolator final : public SequenceInterpolator {
 public:
  SmtInterpolator(z3::context& ctx, const smt::SolverConfig& solver) : interpolator_(ctx, config(solver)) {}

  std::optional<std::vector<z3::expr>> interpolate(const std::vector<z3::expr>& parts) override {
    smt::Interpolants result = interpolator_.sequence(parts);
    failure_ = result.ok() ? "" : std::string(smt::toString(result.status)) + (result.detail.empty() ? "" : ": " + result.detail);
    if (!result.ok()) return std::nullopt;
    // smt::Interpolator includes I_0 = true and I_n = false.
    return std::vector<z3::expr>(result.formulas.begin() + 1, result.formulas.end() - 1);
  }
  std::string failure() const override { return failure_; }

 private:
  static smt::InterpolatorConfig config(const smt::SolverConfig& solver) {
    smt::InterpolatorConfig c;
    c.solver = solver;
    return c;
  }
  smt::Interpolator interpolator_;
  std::string failure_;
};

class ProjectionInterpolator final : public SequenceInterpolator {
 public:
  ProjectionInterpolator(bool weakest, ShutdownToken* shutdown) : weakest_(weakest), shutdown_(shutdown) {}

  std::optional<std::vector<z3::expr>> interpolate(const std::vector<z3::expr>& parts) override {
    if (parts.size() < 2) return std::vector<z3::expr>{};
    return weakest_ ? backward(parts) : forward(parts);
  }

 private:
  /// ∃ (free constants of `body` outside `keep`). body, without quantifiers; nullopt if QE fails.
  std::optional<z3::expr> project(const z3::expr& body, const Symbols& keep) {
    z3::context& ctx = body.ctx();
    z3::expr_vector vars(ctx);
    for (auto& c : smt::freeConstants(body))
      if (!keep.count(c.id())) vars.push_back(c);
    if (vars.empty()) return body;
    if (shutdown_ && shutdown_->stopRequested()) return std::nullopt;
    z3::goal goal(ctx);
    goal.add(z3::exists(vars, body));
    z3::tactic qe = z3::tactic(ctx, "qe") & z3::tactic(ctx, "simplify");
    double remaining = shutdown_ ? shutdown_->remainingSeconds() : INFINITY;
    if (std::isfinite(remaining)) qe = z3::try_for(qe, static_cast<unsigned>(std::max(1.0, remaining * 1000)));
    try {
      StopCallbackScope interrupt(shutdown_, [&ctx] { ctx.interrupt(); });
      z3::apply_result result = qe(goal);
      std::vector<z3::expr> cases;
      for (unsigned i = 0; i < result.size(); ++i) cases.push_back(result[i].as_expr());
      z3::expr out = smt::mkOr(ctx, cases);
      if (hasQuantifier(out)) return std::nullopt;
      return out;
    } catch (const z3::exception&) {
      return std::nullopt;
    }
  }

  std::optional<std::vector<z3::expr>> forward(const std::vector<z3::expr>& parts) {
    size_t n = parts.size();
    std::vector<Symbols> suffix(n + 1);  // suffix[k]: constants of parts[k..n-1]
    for (size_t k = n; k-- > 0;) {
      suffix[k] = suffix[k + 1];
      for (unsigned s : symbolsOf(parts[k])) suffix[k].insert(s);
    }
    std::vector<z3::expr> out;
    z3::expr current = parts[0].ctx().bool_val(true);
    for (size_t k = 0; k + 1 < n; ++k) {
      auto next = project(current && parts[k], suffix[k + 1]);
      if (!next) return std::nullopt;
      current = *next;
      out.push_back(current);
    }
    return out;
  }

  std::optional<std::vector<z3::expr>> backward(const std::vector<z3::expr>& parts) {
    size_t n = parts.size();
    std::vector<Symbols> prefix(n + 1);  // prefix[k]: constants of parts[0..k-1]
    for (size_t k = 0; k < n; ++k) {
      prefix[k + 1] = prefix[k];
      for (unsigned s : symbolsOf(parts[k])) prefix[k + 1].insert(s);
    }
    std::vector<z3::expr> out(n - 1, parts[0].ctx().bool_val(true));
    z3::expr rest = parts[0].ctx().bool_val(true);  // the projection of parts[k..n-1]
    for (size_t k = n - 1; k >= 1; --k) {
      auto next = project(parts[k] && rest, prefix[k]);
      if (!next) return std::nullopt;
      rest = *next;
      out[k - 1] = (!rest).simplify();
    }
    return out;
  }

  bool weakest_;
  ShutdownToken* shutdown_;
};

class CoreRestricted final : public SequenceInterpolator {
 public:
  CoreRestricted(std::unique_ptr<SequenceInterpolator> inner, z3::context& ctx, const smt::SolverConfig& solver)
      : inner_(std::move(inner)), ctx_(ctx), solver_(solver) {}

  std::optional<std::vector<z3::expr>> interpolate(const std::vector<z3::expr>& parts) override {
    std::vector<size_t> core = coreOf(parts);
    if (core.empty() || core.size() == parts.size()) return inner_->interpolate(parts);
    std::vector<z3::expr> kept;
    for (size_t i : core) kept.push_back(parts[i]);
    auto between = inner_->interpolate(kept);
    if (!between) return std::nullopt;
    std::vector<z3::expr> out;
    size_t seen = 0;  // core parts among parts[0..i]
    for (size_t i = 0; i + 1 < parts.size(); ++i) {
      if (seen < core.size() && core[seen] == i) ++seen;
      out.push_back(seen == 0 ? ctx_.bool_val(true) : seen == core.size() ? ctx_.bool_val(false) : (*between)[seen - 1]);
    }
    return out;
  }

  std::string failure() const override { return inner_->failure(); }

 private:
  /// Indices of the parts in an unsatisfiable core, ascending; empty when the check does not say unsat.
  std::vector<size_t> coreOf(const std::vector<z3::expr>& parts) {
    smt::Solver solver(ctx_, solver_);
    std::vector<z3::expr> selectors;
    for (size_t i = 0; i < parts.size(); ++i) {
      selectors.push_back(smt::freshConst(ctx_, "part" + std::to_string(i), ctx_.bool_sort()));
      solver.add(z3::implies(selectors.back(), parts[i]));
    }
    if (solver.check(selectors) != smt::SatResult::Unsat) return {};
    std::unordered_set<unsigned> inCore;
    for (auto& lit : solver.unsatCore()) inCore.insert(lit.id());
    std::vector<size_t> core;
    for (size_t i = 0; i < parts.size(); ++i)
      if (inCore.count(selectors[i].id())) core.push_back(i);
    return core;
  }

  std::unique_ptr<SequenceInterpolator> inner_;
  z3::context& ctx_;
  smt::SolverConfig solver_;
};

}  // namespace

std::unique_ptr<SequenceInterpolator> restrictToCore(std::unique_ptr<SequenceInterpolator> inner, z3::context& ctx,
                                                     const smt::SolverConfig& solver) {
  return std::make_unique<CoreRestricted>(std::move(inner), ctx, solver);
}

InterpolationKind parseInterpolationKind(const std::string& name) {
  if (name == "smt") return InterpolationKind::Smt;
  if (name == "weakest") return InterpolationKind::Weakest;
  if (name == "strongest") return InterpolationKind::Strongest;
  throw std::invalid_argument("unknown interpolation '" + name + "' (smt, weakest or strongest)");
}

std::unique_ptr<SequenceInterpolator> makeInterpolator(InterpolationKind kind, z3::context& ctx,
                                                       const smt::SolverConfig& solver) {
  if (kind == InterpolationKind::Smt) return std::make_unique<SmtInterpolator>(ctx, solver);
  return std::make_unique<ProjectionInterpolator>(kind == InterpolationKind::Weakest, solver.shutdown);
}

std::unique_ptr<SequenceInterpolator> makeInterpolator(InterpolationKind kind, bool coreOnly, z3::context& ctx,
                                                       const smt::SolverConfig& interpolation,
                                                       const smt::SolverConfig& core) {
  auto interpolator = makeInterpolator(kind, ctx, interpolation);
  return coreOnly ? restrictToCore(std::move(interpolator), ctx, core) : std::move(interpolator);
}

}  // namespace argus::cpa
