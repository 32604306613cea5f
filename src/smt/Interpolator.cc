// Interpolator: budget and input checks per call, the primal/dual/shortest strategies over the cube
// loop (CubeCover.h), and tree interpolation by post-order, of which sequences are the chain case.
#include "smt/Interpolator.h"

#include <cmath>
#include <limits>

#include "smt/CubeCover.h"
#include "smt/TermWalk.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::smt {
namespace {

/// The limits of one public call: the configured timeout and the caller's stop token, merged into a
/// token of our own that every solver of the call watches.
class CallBudget {
 public:
  explicit CallBudget(const InterpolatorConfig& config)
      : outer_(config.solver.shutdown), forward_(outer_, [this] { token_.requestStop(outer_->reason()); }) {
    double limit = config.timeoutSeconds > 0 ? config.timeoutSeconds : std::numeric_limits<double>::infinity();
    if (outer_) {
      limit = std::min(limit, outer_->remainingSeconds());
      if (outer_->stopRequested()) token_.requestStop(outer_->reason());
    }
    if (std::isfinite(limit)) token_.setTimeout(std::max(limit, 1e-3));
    solver_ = config.solver;
    solver_.shutdown = &token_;
  }
  const SolverConfig& solver() const { return solver_; }

 private:
  ShutdownToken* outer_;
  ShutdownToken token_;
  StopCallbackScope forward_;
  SolverConfig solver_;
};

bool supportedSort(const z3::sort& s) {
  if (s.is_bool() || s.is_int() || s.is_real() || s.is_bv()) return true;
  return s.is_array() && supportedSort(s.array_domain()) && supportedSort(s.array_range());
}

/// Empty if `e` is in the supported fragment, else the first feature that is not.
std::string unsupportedFeature(const z3::expr& e) {
  std::string why;
  anySubterm(e, [&](const z3::expr& t) {
    if (t.is_quantifier() || t.is_lambda() || t.is_var()) why = "quantifier";
    else if (t.is_app() && t.decl().decl_kind() == Z3_OP_UNINTERPRETED && t.num_args() > 0)
      why = "uninterpreted function " + t.decl().name().str();
    else if (t.is_const() && !supportedSort(t.get_sort())) why = "sort " + t.get_sort().to_string();
    return !why.empty();
  });
  return why;
}

std::unordered_set<unsigned> sharedConstants(const z3::expr& a, const z3::expr& b) {
  std::unordered_set<unsigned> inA, shared;
  for (auto& c : freeConstants(a)) inA.insert(c.id());
  for (auto& c : freeConstants(b))
    if (inA.count(c.id())) shared.insert(c.id());
  return shared;
}

/// The primal cover is the interpolant (a DNF); the dual cover J (from B's side) gives ¬J (a CNF).
Interpolants fromCover(z3::context& ctx, const CubeCoverResult& cover, bool dual) {
  if (cover.status != ItpStatus::Ok) return {cover.status, {}, cover.detail};
  std::vector<z3::expr> parts;
  for (auto& cube : cover.cubes) {
    if (!dual) {
      parts.push_back(mkAnd(ctx, cube));
      continue;
    }
    std::vector<z3::expr> clause;
    for (auto& l : cube) clause.push_back(negateLiteral(l));
    parts.push_back(mkOr(ctx, clause));
  }
  return {ItpStatus::Ok, {dual ? mkAnd(ctx, parts) : mkOr(ctx, parts)}, ""};
}

void record(Stats* stats, const Interpolants& r) {
  if (!stats) return;
  stats->add(std::string("itp.") + toString(r.status));
  if (!r.ok()) return;
  auto literals = static_cast<int64_t>(literalCount(r.formulas[0]));
  stats->add("itp.literals", literals);
  stats->setMax("itp.max_literals", literals);
}

}  // namespace

const char* toString(ItpStatus s) {
  switch (s) {
    case ItpStatus::Ok: return "ok";
    case ItpStatus::Satisfiable: return "satisfiable";
    case ItpStatus::Unknown: return "unknown";
    case ItpStatus::Unsupported: return "unsupported";
  }
  return "?";
}

// ---------------------------------------------------------------- ItpTree

int ItpTree::add(const z3::expr& formula, int parentIndex) {
  formulas.push_back(formula);
  parent.push_back(parentIndex);
  return static_cast<int>(formulas.size()) - 1;
}

std::string ItpTree::shapeError() const {
  int n = static_cast<int>(formulas.size());
  if (n == 0) return "no nodes";
  if (parent.size() != formulas.size()) return "parent and formula counts differ";
  int roots = 0;
  for (int v = 0; v < n; ++v) {
    if (parent[v] < 0) ++roots;
    else if (parent[v] >= n) return "parent of node " + std::to_string(v) + " out of range";
  }
  if (roots != 1) return std::to_string(roots) + " roots";
  for (int v = 0; v < n; ++v) {
    int steps = 0;
    for (int u = v; parent[u] >= 0; u = parent[u])
      if (++steps > n) return "cycle through node " + std::to_string(v);
  }
  return "";
}

std::vector<std::vector<int>> ItpTree::children() const {
  std::vector<std::vector<int>> out(formulas.size());
  for (size_t v = 0; v < parent.size(); ++v)
    if (parent[v] >= 0) out[parent[v]].push_back(static_cast<int>(v));
  return out;
}

std::vector<int> ItpTree::postOrder() const {
  auto kids = children();
  int root = 0;
  while (parent[root] >= 0) root = parent[root];
  std::vector<int> order;
  std::vector<std::pair<int, size_t>> stack{{root, 0}};  // node, next child to visit
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    if (next < kids[v].size()) {
      int child = kids[v][next++];
      stack.emplace_back(child, 0);
    } else {
      order.push_back(v);
      stack.pop_back();
    }
  }
  return order;
}

std::vector<bool> ItpTree::inSubtree(int node) const {
  auto kids = children();
  std::vector<bool> in(formulas.size(), false);
  std::vector<int> stack{node};
  while (!stack.empty()) {
    int v = stack.back();
    stack.pop_back();
    in[v] = true;
    for (int c : kids[v]) stack.push_back(c);
  }
  return in;
}

ItpTree ItpTree::chain(const std::vector<z3::expr>& parts) {
  ItpTree t;
  for (size_t i = 0; i < parts.size(); ++i) t.add(parts[i], i + 1 < parts.size() ? static_cast<int>(i) + 1 : -1);
  return t;
}

// ---------------------------------------------------------------- Interpolator

Interpolator::Interpolator(z3::context& ctx, InterpolatorConfig config)
    : ctx_(&ctx), config_(std::move(config)), pool_(std::make_unique<IndicatorPool>(ctx)) {}

Interpolator::~Interpolator() = default;

template <typename Body>
Interpolants Interpolator::guarded(const std::vector<z3::expr>& inputs, Body&& body) {
  for (auto& f : inputs) {
    std::string why = unsupportedFeature(f);
    if (!why.empty()) return {ItpStatus::Unsupported, {}, why};
  }
  Stopwatch watch;
  CallBudget budget(config_);
  Interpolants out = body(budget.solver());
  if (config_.solver.stats) config_.solver.stats->addTime("itp.time", watch.seconds());
  return out;
}

Interpolants Interpolator::binary(const z3::expr& a, const z3::expr& b) {
  return guarded({a, b}, [&](const SolverConfig& solver) { return binaryWithin(a, b, solver); });
}

Interpolants Interpolator::sequence(const std::vector<z3::expr>& parts) {
  INVARIANT(!parts.empty(), "sequence interpolation of no parts");
  Interpolants out = tree(ItpTree::chain(parts));
  if (out.ok()) out.formulas.insert(out.formulas.begin(), ctx_->bool_val(true));
  return out;
}

Interpolants Interpolator::tree(const ItpTree& t) {
  std::string shape = t.shapeError();
  INVARIANT(shape.empty(), "malformed interpolation tree: " + shape);
  return guarded(t.formulas, [&](const SolverConfig& solver) { return treeWithin(t, solver); });
}

Interpolants Interpolator::binaryWithin(const z3::expr& a, const z3::expr& b, const SolverConfig& solver) {
  auto shared = sharedConstants(a, b);
  CubeCoverLimits limits{config_.maxCubes, config_.minimizeCubes};
  auto primal = [&] { return fromCover(*ctx_, coverByCubes(a, b, shared, solver, limits, *pool_), false); };
  auto dual = [&] { return fromCover(*ctx_, coverByCubes(b, a, shared, solver, limits, *pool_), true); };
  Interpolants out;
  switch (config_.strategy) {
    case ItpStrategy::Primal: out = primal(); break;
    case ItpStrategy::Dual: out = dual(); break;
    case ItpStrategy::Shortest: {
      out = primal();
      if (out.status == ItpStatus::Satisfiable || out.status == ItpStatus::Unsupported) break;
      Interpolants other = dual();
      bool otherBetter = other.ok() && (!out.ok() || literalCount(other.formulas[0]) < literalCount(out.formulas[0]));
      if (otherBetter) out = std::move(other);
      break;
    }
  }
  record(solver.stats, out);
  return out;
}

/// Post-order over the nodes. The invariant that makes the tree property hold: the "frontier" — every
/// finished maximal subtree replaced by its interpolant, every other node by its formula — stays
/// unsat. Node v interpolates between its own part of the frontier (its formula and its children's
/// interpolants) and the rest of the frontier, and then replaces that part in it.
Interpolants Interpolator::treeWithin(const ItpTree& t, const SolverConfig& solver) {
  size_t n = t.formulas.size();
  auto kids = t.children();
  std::vector<z3::expr> itps(n, ctx_->bool_val(true));
  std::vector<bool> done(n, false);
  for (int v : t.postOrder()) {
    std::vector<z3::expr> own{t.formulas[v]};
    for (int c : kids[v]) own.push_back(itps[c]);
    std::vector<bool> inside = t.inSubtree(v);
    std::vector<z3::expr> rest;
    for (size_t u = 0; u < n; ++u) {
      if (inside[u]) continue;
      if (!done[u]) rest.push_back(t.formulas[u]);
      else if (!done[t.parent[u]]) rest.push_back(itps[u]);
    }
    Interpolants r = binaryWithin(mkAnd(*ctx_, own), mkAnd(*ctx_, rest), solver);
    if (!r.ok()) {
      r.detail = "node " + std::to_string(v) + ": " + r.detail;
      return r;
    }
    itps[v] = t.parent[v] < 0 ? ctx_->bool_val(false) : r.formulas[0];
    done[v] = true;
  }
  return {ItpStatus::Ok, std::move(itps), ""};
}

size_t literalCount(const z3::expr& e) {
  size_t count = 0;
  std::vector<z3::expr> stack{e};
  while (!stack.empty()) {
    z3::expr t = stack.back();
    stack.pop_back();
    if (t.is_true() || t.is_false()) continue;
    bool connective = false;
    if (t.is_app()) {
      switch (t.decl().decl_kind()) {
        case Z3_OP_AND:
        case Z3_OP_OR:
        case Z3_OP_NOT:
        case Z3_OP_IMPLIES:
        case Z3_OP_XOR:
        case Z3_OP_IFF: connective = true; break;
        case Z3_OP_ITE:
        case Z3_OP_EQ: connective = t.arg(1).is_bool(); break;
        default: break;
      }
    }
    if (!connective) {
      ++count;
      continue;
    }
    for (unsigned i = 0; i < t.num_args(); ++i) stack.push_back(t.arg(i));
  }
  return count;
}

}  // namespace argus::smt
