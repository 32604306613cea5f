// The cube loop: a solver for A (strengthened by the negation of every cube found) proposes models; each
// model's implicant of A is cut to a core against B, projected onto the shared symbols, and cut again.
#include "smt/CubeCover.h"

#include <algorithm>
#include <unordered_map>

#include "smt/Implicant.h"
#include "smt/Mbp.h"
#include "smt/Terms.h"

namespace argus::smt {
namespace {

/// A literal under generalisation. Arithmetic equalities are split into two bounds so that one bound
/// alone may be kept; `partner` links the halves and `whole` is the equality to restore if both stay.
struct Piece {
  z3::expr literal;
  int partner = -1;
  z3::expr whole;
};

std::vector<Piece> splitEqualities(const Cube& cube) {
  std::vector<Piece> pieces;
  for (auto& l : cube) {
    bool arithEq = l.is_app() && l.decl().decl_kind() == Z3_OP_EQ && l.arg(0).is_arith();
    if (!arithEq) {
      pieces.push_back({l, -1, l});
      continue;
    }
    int first = static_cast<int>(pieces.size());
    pieces.push_back({l.arg(0) <= l.arg(1), first + 1, l});
    pieces.push_back({l.arg(0) >= l.arg(1), first, l});
  }
  return pieces;
}

Cube mergeHalves(const std::vector<Piece>& pieces, const std::vector<size_t>& kept) {
  std::vector<bool> in(pieces.size(), false);
  for (size_t i : kept) in[i] = true;
  Cube out;
  for (size_t i : kept) {
    int partner = pieces[i].partner;
    if (partner < 0 || !in[partner]) out.push_back(pieces[i].literal);
    else if (static_cast<int>(i) < partner) out.push_back(pieces[i].whole);
  }
  return out;
}

struct CoreResult {
  SatResult result = SatResult::Unknown;
  std::vector<size_t> kept;  // Unsat: indices of literals still inconsistent with the solver
};

/// One core query session: literal i is enabled by indicator i, all inside a push/pop scope.
class CoreQuery {
 public:
  CoreQuery(Solver& solver, const std::vector<z3::expr>& literals, IndicatorPool& pool) : solver_(solver) {
    solver_.push();
    for (size_t i = 0; i < literals.size(); ++i) {
      const z3::expr& p = pool.get(i);
      solver_.add(z3::implies(p, literals[i]));
      indicators_.push_back(p);
      indexOf_.emplace(p.id(), i);
    }
  }
  ~CoreQuery() { solver_.pop(); }
  CoreQuery(const CoreQuery&) = delete;
  CoreQuery& operator=(const CoreQuery&) = delete;

  SatResult check(const std::vector<size_t>& enabled) {
    std::vector<z3::expr> assumptions;
    for (size_t i : enabled) assumptions.push_back(indicators_[i]);
    return solver_.check(assumptions);
  }
  std::vector<size_t> core() const {
    std::vector<size_t> out;
    for (auto& e : solver_.unsatCore()) out.push_back(indexOf_.at(e.id()));
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  Solver& solver_;
  std::vector<z3::expr> indicators_;
  std::unordered_map<unsigned, size_t> indexOf_;
};

/// Drops literals from an unsat core while it stays unsat, largest literals first so that the simple
/// ones survive. Stops early (keeping a valid core) when the solver answers unknown.
void dropLiterals(CoreQuery& query, const std::vector<z3::expr>& literals, std::vector<size_t>& kept) {
  std::vector<size_t> order = kept;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return dagSize(literals[x]) > dagSize(literals[y]); });
  for (size_t drop : order) {
    if (!std::binary_search(kept.begin(), kept.end(), drop)) continue;
    std::vector<size_t> trial;
    for (size_t i : kept)
      if (i != drop) trial.push_back(i);
    SatResult r = query.check(trial);
    if (r == SatResult::Unknown) return;
    if (r == SatResult::Unsat) kept = query.core();
  }
}

CoreResult coreAgainst(Solver& solver, const std::vector<z3::expr>& literals, bool minimize, IndicatorPool& pool) {
  CoreQuery query(solver, literals, pool);
  std::vector<size_t> all(literals.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  CoreResult out;
  out.result = query.check(all);
  if (out.result != SatResult::Unsat) return out;
  out.kept = query.core();
  if (minimize) dropLiterals(query, literals, out.kept);
  return out;
}

std::vector<z3::expr> select(const std::vector<z3::expr>& all, const std::vector<size_t>& indices) {
  std::vector<z3::expr> out;
  for (size_t i : indices) out.push_back(all[i]);
  return out;
}

bool isNegation(const z3::expr& l) { return l.is_app() && l.decl().decl_kind() == Z3_OP_NOT; }

struct NextCube {
  ItpStatus status = ItpStatus::Unknown;
  Cube cube;
  std::string detail;
};

/// The cube for one model of A: implicant, core against B, projection, minimal core against B.
NextCube cubeForModel(const z3::expr& a, const z3::model& model, const std::vector<z3::expr>& locals,
                      Solver& againstB, const CubeCoverLimits& limits, IndicatorPool& pool, Stats* stats) {
  auto implicant = modelImplicant(a, model);
  if (!implicant) return {ItpStatus::Unsupported, {}, "no implicant of a model (quantifier?)"};
  CoreResult first = coreAgainst(againstB, *implicant, false, pool);
  if (first.result == SatResult::Sat) return {ItpStatus::Satisfiable, {}, "the conjunction is satisfiable"};
  if (first.result == SatResult::Unknown) return {ItpStatus::Unknown, {}, "core query: " + againstB.reasonUnknown()};

  auto projected = projectCube(locals, mkAnd(a.ctx(), select(*implicant, first.kept)), model, stats);
  if (!projected) return {ItpStatus::Unsupported, {}, "model-based projection failed"};
  std::vector<Piece> pieces = splitEqualities(*projected);
  std::vector<z3::expr> literals;
  for (auto& p : pieces) literals.push_back(p.literal);
  CoreResult second = coreAgainst(againstB, literals, limits.minimize, pool);
  if (second.result == SatResult::Sat) {
    // A correct projection of a core inconsistent with B stays inconsistent with B.
    if (stats) stats->add("itp.projection_errors");
    return {ItpStatus::Unknown, {}, "projection is consistent with B"};
  }
  if (second.result == SatResult::Unknown) return {ItpStatus::Unknown, {}, "core query: " + againstB.reasonUnknown()};
  Cube cube;
  for (auto& l : mergeHalves(pieces, second.kept)) cube.push_back(isNegation(l) ? negateLiteral(l.arg(0)) : l);
  return {ItpStatus::Ok, cube, ""};
}

SolverConfig named(const SolverConfig& base, const char* suffix) {
  SolverConfig c = base;
  c.name = base.name + "-" + suffix;
  return c;
}

/// Drops every cube implied by the disjunction of the others (the loop finds specific cubes first and
/// more general ones later), trying the cubes with the most literals first. Unknown answers keep a cube.
std::vector<Cube> withoutRedundantCubes(z3::context& ctx, const std::vector<Cube>& cubes, const SolverConfig& config) {
  if (cubes.size() < 2) return cubes;
  std::vector<size_t> order(cubes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return cubes[x].size() > cubes[y].size(); });
  std::vector<bool> kept(cubes.size(), true);
  for (size_t i : order) {
    Solver s(ctx, named(config, "itp-redundancy"));
    s.add(mkAnd(ctx, cubes[i]));
    for (size_t j = 0; j < cubes.size(); ++j)
      if (j != i && kept[j]) s.add(!mkAnd(ctx, cubes[j]));
    if (s.check() == SatResult::Unsat) kept[i] = false;
  }
  std::vector<Cube> out;
  for (size_t i = 0; i < cubes.size(); ++i)
    if (kept[i]) out.push_back(cubes[i]);
  return out;
}

}  // namespace

z3::expr negateLiteral(const z3::expr& l) {
  if (!l.is_app()) return !l;
  switch (l.decl().decl_kind()) {
    case Z3_OP_NOT: return l.arg(0);
    case Z3_OP_LE: return l.arg(0) > l.arg(1);
    case Z3_OP_LT: return l.arg(0) >= l.arg(1);
    case Z3_OP_GE: return l.arg(0) < l.arg(1);
    case Z3_OP_GT: return l.arg(0) <= l.arg(1);
    default: return !l;
  }
}

const z3::expr& IndicatorPool::get(size_t i) {
  while (indicators_.size() <= i) indicators_.push_back(freshConst(*ctx_, "itp!core", ctx_->bool_sort()));
  return indicators_[i];
}

CubeCoverResult coverByCubes(const z3::expr& a, const z3::expr& b, const std::unordered_set<unsigned>& shared,
                             const SolverConfig& solver, const CubeCoverLimits& limits, IndicatorPool& pool) {
  Solver aSide(a.ctx(), named(solver, "itp-a"));
  Solver bSide(a.ctx(), named(solver, "itp-b"));
  aSide.add(a);
  bSide.add(b);
  std::vector<z3::expr> locals;
  for (auto& c : freeConstants(a))
    if (!shared.count(c.id())) locals.push_back(c);

  CubeCoverResult out;
  while (true) {
    if (solver.shutdown && solver.shutdown->stopRequested())
      return {ItpStatus::Unknown, {}, "stopped: " + solver.shutdown->reason()};
    SatResult r = aSide.check();
    if (r == SatResult::Unsat) {
      out.status = ItpStatus::Ok;
      out.cubes = withoutRedundantCubes(a.ctx(), out.cubes, solver);
      return out;
    }
    if (r == SatResult::Unknown) return {ItpStatus::Unknown, {}, "solver: " + aSide.reasonUnknown()};
    if (out.cubes.size() >= limits.maxCubes) return {ItpStatus::Unknown, {}, "cube budget exhausted"};
    NextCube next = cubeForModel(a, aSide.model(), locals, bSide, limits, pool, solver.stats);
    if (next.status != ItpStatus::Ok) return {next.status, {}, next.detail};
    aSide.add(!mkAnd(a.ctx(), next.cube));
    out.cubes.push_back(std::move(next.cube));
  }
}

}  // namespace argus::smt
