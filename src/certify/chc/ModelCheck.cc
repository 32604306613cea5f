// Building CHC models from certificates and checking them clause by clause.
#include "certify/chc/ModelCheck.h"

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <unordered_set>

#include "certify/chc/Projection.h"
#include "smt/Solver.h"
#include "smt/Qe.h"
#include "smt/Terms.h"
#include "util/Shutdown.h"
#include "util/Stats.h"

namespace argus::certify {
namespace {

using chc::PredId;

/// `f` over program variables read as a formula over the predicate's formals: the predicate's
/// variables become the formals, the `projected` ones are existentially quantified, and every other
/// variable (whose value at this point is arbitrary) gets a default value.
z3::expr overFormals(const ir::Program& p, ir::ProcId proc, const z3::expr& f, const std::vector<ir::VarId>& predVars,
                     const std::vector<z3::expr>& formals, const std::vector<ir::VarId>& projected) {
  std::vector<z3::expr> hidden;
  for (ir::VarId v : projected) hidden.push_back(p.var(v).cur);
  z3::expr body = smt::projectExists(hidden, f);
  std::vector<z3::expr> from, to;
  for (size_t i = 0; i < predVars.size(); ++i) {
    from.push_back(p.var(predVars[i]).cur);
    to.push_back(formals[i]);
  }
  for (ir::VarId v : p.scope(proc)) {
    const ir::Variable& var = p.var(v);
    if (std::find(predVars.begin(), predVars.end(), v) == predVars.end()) {
      from.push_back(var.cur);
      to.push_back(defaultValue(var.cur.get_sort()));
    }
    from.push_back(var.old);
    to.push_back(defaultValue(var.cur.get_sort()));
  }
  return smt::substitute(body, from, to).simplify();
}

/// What the certificate says about the predicate, if anything.
std::optional<z3::expr> fromCertificate(const chc::ChcProgram& cp, const ir::Certificate& cert,
                                        const chc::ChcModel& model, PredId pred) {
  const ir::Program& p = *cp.program;
  const chc::ChcEncoding& enc = cp.encoding;
  if (enc.linear) {
    auto it = cert.invariants.find(enc.predLoc[pred]);
    if (it == cert.invariants.end()) return std::nullopt;
    return overFormals(p, p.mainProc(), it->second, enc.predVars[pred], model.formals[pred], {});
  }
  ir::ProcId proc = enc.predProc[pred];
  if (auto c = cert.contracts.find(proc); c != cert.contracts.end())
    return overFormals(p, proc, c->second.post, enc.predVars[pred], model.formals[pred], {});
  // Without a contract, the exit invariant summarises the procedure once the locals are projected away.
  if (auto it = cert.invariants.find(p.proc(proc).exit); it != cert.invariants.end())
    return overFormals(p, proc, it->second, enc.predVars[pred], model.formals[pred], p.proc(proc).locals);
  return std::nullopt;
}

}  // namespace

ModelOutcome chcModelFromCertificate(const chc::ChcSystem& sys, const chc::ChcProgram& cp,
                                     const ir::Certificate& cert, unsigned maxRounds, double budgetSeconds) {
  // Bounded executions: the iteration is exact. An inlining tree has no formulas to read either (its
  // bound is 0: the rounds are the default).
  if (cert.kind != ir::Certificate::Kind::Invariants)
    return chcModelByIteration(sys, std::max(maxRounds, (cert.bound + 2) * static_cast<unsigned>(sys.preds.size() + 1)),
                               budgetSeconds);
  chc::ChcModel model = chc::ChcModel::empty(sys);
  enum State { Open, Done, Visiting };
  std::vector<State> state(sys.preds.size(), Open);
  for (auto& pred : sys.preds)
    if (auto given = fromCertificate(cp, cert, model, pred.id)) {
      model.interp[pred.id] = *given;
      state[pred.id] = Done;
    }
  std::string failure;
  // Open predicates get the image of their clauses, once their body predicates are known.
  std::function<bool(PredId)> fill = [&](PredId pred) {
    state[pred] = Visiting;
    for (auto& c : sys.clauses) {
      if (!c.head || c.head->pred != pred) continue;
      for (auto& app : c.body) {
        if (state[app.pred] == Visiting) {
          failure = "predicate " + sys.preds[pred].name + " has no invariant and lies on a cycle of such predicates";
          return false;
        }
        if (state[app.pred] == Open && !fill(app.pred)) return false;
      }
    }
    model.interp[pred] = imageOf(sys, model, pred, budgetSeconds);
    state[pred] = Done;
    return true;
  };
  for (auto& pred : sys.preds)
    if (state[pred.id] == Open && !fill(pred.id)) return {std::nullopt, failure};
  return {std::move(model), ""};
}

namespace {

/// Semi-naive iteration: each round applies every clause with at least one body application read from
/// the facts new in the last round (`delta`), the others from everything known (`model`), so the work
/// per round follows the frontier instead of the whole model.
class LeastFixpoint {
 public:
  LeastFixpoint(const chc::ChcSystem& sys, double budgetSeconds)
      : sys_(sys), budget_(budgetSeconds), model_(chc::ChcModel::empty(sys)), delta_(model_) {
    deadline_.setTimeout(budgetSeconds);
  }

  ModelOutcome run(unsigned maxRounds) {
    constexpr size_t kMaxFormulaSize = 20000;
    for (unsigned round = 0; round < maxRounds; ++round) {
      chc::ChcModel next = chc::ChcModel::empty(sys_);
      for (auto& c : sys_.clauses)
        if (c.head && (round == 0) == c.body.empty() && !addImages(c, next)) return outOfTime();
      bool grew = false;
      for (auto& pred : sys_.preds) {
        if (left() <= 0) return outOfTime();
        // The delta is the image itself (small), not image ∧ ¬model (which would carry the whole model).
        z3::expr image = next.interp[pred.id].simplify();
        smt::SatResult r = image.is_false() ? smt::SatResult::Unsat : outsideModel(pred.id, image);
        if (r == smt::SatResult::Unknown) return outOfTime();
        delta_.interp[pred.id] = r == smt::SatResult::Sat ? image : sys_.ctx->bool_val(false);
        if (r == smt::SatResult::Sat) outside_[pred.id]->add(!image);
        grew = grew || r == smt::SatResult::Sat;
        model_.interp[pred.id] = (model_.interp[pred.id] || delta_.interp[pred.id]).simplify();
        if (smt::dagSize(model_.interp[pred.id]) > kMaxFormulaSize)
          return {std::nullopt, "the iterated interpretation of " + pred.name + " grows too large"};
      }
      if (!grew) return {std::move(model_), ""};
    }
    return {std::nullopt, "no fixpoint within " + std::to_string(maxRounds) + " rounds"};
  }

 private:
  double left() const { return budget_ - watch_.seconds(); }

  /// Whether `image` has a fact outside the predicate's model so far. The model only grows by
  /// disjuncts, so "outside" is the conjunction of their negations, kept in one solver per predicate
  /// (asked under an assumption) rather than a growing disjunction rebuilt for a fresh solver each round.
  smt::SatResult outsideModel(PredId pred, const z3::expr& image) {
    if (!outside_[pred]) {
      smt::SolverConfig config;
      config.name = "chc-least-fixpoint";
      config.shutdown = &deadline_;
      outside_[pred] = std::make_unique<smt::Solver>(*sys_.ctx, config);
    }
    smt::Solver& solver = *outside_[pred];
    z3::expr query = smt::freshConst(*sys_.ctx, "certify!image", sys_.ctx->bool_sort());
    solver.add(z3::implies(query, image));
    return solver.check({query});
  }
  ModelOutcome outOfTime() const { return {std::nullopt, fmt::format("no fixpoint within {:g} s", budget_)}; }

  /// Adds to `next` what the clause derives with one body application from the delta; false when out of time.
  bool addImages(const chc::Clause& c, chc::ChcModel& next) {
    z3::expr& into = next.interp[c.head->pred];
    const std::vector<z3::expr>& formals = model_.formals[c.head->pred];
    if (c.body.empty()) {
      into = into || clauseImage(c, {}, formals, left());
      return left() > 0;
    }
    for (size_t j = 0; j < c.body.size(); ++j) {
      if (delta_.interp[c.body[j].pred].is_false()) continue;
      if (left() <= 0) return false;
      std::vector<z3::expr> facts;
      for (size_t i = 0; i < c.body.size(); ++i)
        facts.push_back((i == j ? delta_ : model_).apply(c.body[i].pred, c.body[i].args));
      into = into || clauseImage(c, facts, formals, left());
    }
    return true;
  }

  const chc::ChcSystem& sys_;
  double budget_;
  Stopwatch watch_;
  chc::ChcModel model_, delta_;
  ShutdownToken deadline_;  // the budget, for the solvers
  std::vector<std::unique_ptr<smt::Solver>> outside_ = std::vector<std::unique_ptr<smt::Solver>>(sys_.preds.size());
};

}  // namespace

ModelOutcome chcModelByIteration(const chc::ChcSystem& sys, unsigned maxRounds, double budgetSeconds) {
  return LeastFixpoint(sys, budgetSeconds).run(maxRounds);
}

CheckOutcome checkChcModel(const chc::ChcSystem& sys, const chc::ChcModel& model, double timeoutSeconds) {
  for (auto& pred : sys.preds) {
    std::unordered_set<unsigned> formals;
    for (auto& f : model.formals[pred.id]) formals.insert(f.id());
    for (auto& c : smt::freeConstants(model.interp[pred.id]))
      if (!formals.count(c.id()))
        return CheckOutcome::refute("the interpretation of " + pred.name + " mentions " + c.to_string() + ", not a parameter");
  }
  smt::SolverConfig config;
  config.name = "chc-model-check";
  config.queryTimeoutSeconds = timeoutSeconds;
  for (size_t i = 0; i < sys.clauses.size(); ++i) {
    const chc::Clause& c = sys.clauses[i];
    smt::Solver solver(*sys.ctx, config);  // fresh for every clause: nothing carries over
    solver.add(c.constraint);
    for (auto& app : c.body) solver.add(model.apply(app.pred, app.args));
    if (c.head) solver.add(!model.apply(c.head->pred, c.head->args));
    smt::SatResult r = solver.check();
    if (r == smt::SatResult::Unsat) continue;
    std::string where = "clause " + std::to_string(i) + " (line " + std::to_string(c.line) + ")";
    if (r == smt::SatResult::Sat) return CheckOutcome::refute(where + " does not hold in the model");
    return CheckOutcome::undecided(where + " could not be checked: " + solver.reasonUnknown());
  }
  return CheckOutcome::accept("all " + std::to_string(sys.clauses.size()) + " clauses hold in the model");
}

}  // namespace argus::certify
