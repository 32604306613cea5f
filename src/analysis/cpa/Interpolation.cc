// Interpolation by quantifier elimination (Z3's qe tactic), forward for the strongest interpolants and
// backward for the weakest.
#include "analysis/cpa/Interpolation.h"

#include <cmath>
#include <unordered_set>

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
  std::vector<z3::expr> stack{e};
  std::unordered_set<unsigned> seen;
  while (!stack.empty()) {
    z3::expr t = stack.back();
    stack.pop_back();
    if (!seen.insert(t.id()).second) continue;
    if (t.is_quantifier()) return true;
    if (t.is_app())
      for (unsigned i = 0; i < t.num_args(); ++i) stack.push_back(t.arg(i));
  }
  return false;
}

class ProjectionInterpolator final : public SequenceInterpolator {
 public:
  ProjectionInterpolator(ProjectionKind kind, ShutdownToken* shutdown) : kind_(kind), shutdown_(shutdown) {}

  std::optional<std::vector<z3::expr>> interpolate(const std::vector<z3::expr>& parts) override {
    if (parts.size() < 2) return std::vector<z3::expr>{};
    return kind_ == ProjectionKind::Strongest ? forward(parts) : backward(parts);
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

  ProjectionKind kind_;
  ShutdownToken* shutdown_;
};

}  // namespace

std::unique_ptr<SequenceInterpolator> makeProjectionInterpolator(ProjectionKind kind, ShutdownToken* shutdown) {
  return std::make_unique<ProjectionInterpolator>(kind, shutdown);
}

}  // namespace argus::cpa
