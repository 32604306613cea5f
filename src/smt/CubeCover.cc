// The cube loop: a solver for A (strengthened by the negation of every cube found) proposes models; each
// model's implicant of A is cut to a core against B, projected onto the shared symbols, and cut again.
#include "smt/CubeCover.h"

#include <algorithm>
#include <unordered_map>

#include "smt/Implicant.h"
#include "smt/Mbp.h"
#include "smt/ScopedCheck.h"
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

/// One core query: literal i is enabled by indicator i inside a push/pop scope; `context` holds the
/// activation literals of the formulas the literals are checked against.
class CoreQuery {
 public:
  CoreQuery(ItpSession& session, const std::vector<z3::expr>& literals, const std::vector<z3::expr>& context)
      : solver_(session.solver()), context_(context) {
    solver_.push();
    for (size_t i = 0; i < literals.size(); ++i) {
      const z3::expr& p = session.indicator(i);
      solver_.add(z3::implies(p, literals[i]));
      indicators_.push_back(p);
      indexOf_.emplace(p.id(), i);
    }
  }
  ~CoreQuery() { solver_.pop(); }
  CoreQuery(const CoreQuery&) = delete;
  CoreQuery& operator=(const CoreQuery&) = delete;

  SatResult check(const std::vector<size_t>& enabled) {
    std::vector<z3::expr> assumptions = context_;
    for (size_t i : enabled) assumptions.push_back(indicators_[i]);
    return solver_.check(assumptions);
  }
  /// The enabled literals in the last unsat core (activation literals are not literals of the cube).
  std::vector<size_t> core() const {
    std::vector<size_t> out;
    for (auto& e : solver_.unsatCore()) {
      auto it = indexOf_.find(e.id());
      if (it != indexOf_.end()) out.push_back(it->second);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  Solver& solver_;
  std::vector<z3::expr> context_;
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

/// A subset of `literals` inconsistent with the formulas `against` activates (see CoreQuery).
CoreResult coreAgainst(ItpSession& session, const std::vector<z3::expr>& against,
                       const std::vector<z3::expr>& literals, bool minimize) {
  CoreQuery query(session, literals, against);
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
NextCube cubeForModel(ItpSession& session, const z3::expr& a, const z3::model& model,
                      const std::vector<z3::expr>& locals, const std::vector<z3::expr>& bOn,
                      const CubeCoverLimits& limits) {
  Stats* stats = session.config().stats;
  auto implicant = modelImplicant(a, model);
  if (!implicant) return {ItpStatus::Unsupported, {}, "no implicant of a model (quantifier?)"};
  CoreResult first = coreAgainst(session, bOn, *implicant, false);
  if (first.result == SatResult::Sat) return {ItpStatus::Satisfiable, {}, "the conjunction is satisfiable"};
  if (first.result == SatResult::Unknown) return {ItpStatus::Unknown, {}, "core query: " + session.solver().reasonUnknown()};

  auto projected = projectCube(locals, mkAnd(a.ctx(), select(*implicant, first.kept)), model, stats);
  if (!projected) return {ItpStatus::Unsupported, {}, "model-based projection failed"};
  std::vector<Piece> pieces = splitEqualities(*projected);
  std::vector<z3::expr> literals;
  for (auto& p : pieces) literals.push_back(p.literal);
  CoreResult second = coreAgainst(session, bOn, literals, limits.minimize);
  if (second.result == SatResult::Sat) {
    // A correct projection of a core inconsistent with B stays inconsistent with B.
    if (stats) stats->add("itp.projection_errors");
    return {ItpStatus::Unknown, {}, "projection is consistent with B"};
  }
  if (second.result == SatResult::Unknown) return {ItpStatus::Unknown, {}, "core query: " + session.solver().reasonUnknown()};
  Cube cube;
  for (auto& l : mergeHalves(pieces, second.kept)) cube.push_back(isNegation(l) ? negateLiteral(l.arg(0)) : l);
  return {ItpStatus::Ok, cube, ""};
}

/// Drops every cube implied by the disjunction of the others (the loop finds specific cubes first and
/// more general ones later), trying the cubes with the most literals first. Unknown answers keep a cube.
std::vector<Cube> withoutRedundantCubes(ItpSession& session, const std::vector<Cube>& cubes) {
  if (cubes.size() < 2) return cubes;
  z3::context& ctx = session.ctx();
  std::vector<size_t> order(cubes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return cubes[x].size() > cubes[y].size(); });
  std::vector<bool> kept(cubes.size(), true);
  for (size_t i : order) {
    std::vector<z3::expr> facts{mkAnd(ctx, cubes[i])};
    for (size_t j = 0; j < cubes.size(); ++j)
      if (j != i && kept[j]) facts.push_back(!mkAnd(ctx, cubes[j]));
    if (checkInScope(session.solver(), facts) == SatResult::Unsat) kept[i] = false;
  }
  std::vector<Cube> out;
  for (size_t i = 0; i < cubes.size(); ++i)
    if (kept[i]) out.push_back(cubes[i]);
  return out;
}

/// Switches a guard off when the scope ends, however the loop ends.
class RetireAtExit {
 public:
  RetireAtExit(ItpSession& session, z3::expr guard) : session_(session), guard_(std::move(guard)) {}
  ~RetireAtExit() { session_.retire(guard_); }
  RetireAtExit(const RetireAtExit&) = delete;
  RetireAtExit& operator=(const RetireAtExit&) = delete;

 private:
  ItpSession& session_;
  z3::expr guard_;
};

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

ItpSession::ItpSession(z3::context& ctx, const SolverConfig& config)
    : config_(config), solver_(ctx, [&] {
        SolverConfig c = config;
        c.name = config.name + "-itp";
        return c;
      }()) {}

std::vector<z3::expr> ItpSession::activations(const std::vector<z3::expr>& formulas) {
  std::vector<z3::expr> out;
  for (auto& f : formulas) {
    auto it = activationOf_.find(f.id());
    if (it == activationOf_.end()) {
      z3::expr literal = freshConst(ctx(), "itp!on", ctx().bool_sort());
      solver_.add(z3::implies(literal, f));
      it = activationOf_.emplace(f.id(), literal).first;
    }
    out.push_back(it->second);
  }
  return out;
}

z3::expr ItpSession::freshGuard() { return freshConst(ctx(), "itp!loop", ctx().bool_sort()); }

const z3::expr& ItpSession::indicator(size_t i) {
  while (indicators_.size() <= i) indicators_.push_back(freshConst(ctx(), "itp!core", ctx().bool_sort()));
  return indicators_[i];
}

CubeCoverResult coverByCubes(ItpSession& session, const std::vector<z3::expr>& aParts,
                             const std::vector<z3::expr>& bParts, const std::unordered_set<unsigned>& shared,
                             const CubeCoverLimits& limits) {
  z3::context& ctx = session.ctx();
  z3::expr a = mkAnd(ctx, aParts);
  std::vector<z3::expr> aOn = session.activations(aParts), bOn = session.activations(bParts);
  z3::expr loop = session.freshGuard();  // enables this loop's blocking clauses
  RetireAtExit retire(session, loop);
  aOn.push_back(loop);
  std::vector<z3::expr> locals;
  for (auto& c : freeConstants(a))
    if (!shared.count(c.id())) locals.push_back(c);

  ShutdownToken* stop = session.config().shutdown;
  Solver& solver = session.solver();
  std::vector<Cube> cubes;
  while (true) {
    if (stop && stop->stopRequested()) return {ItpStatus::Unknown, {}, "stopped: " + stop->reason()};
    SatResult r = solver.check(aOn);
    if (r == SatResult::Unsat) return {ItpStatus::Ok, withoutRedundantCubes(session, cubes), ""};
    if (r == SatResult::Unknown) return {ItpStatus::Unknown, {}, "solver: " + solver.reasonUnknown()};
    if (cubes.size() >= limits.maxCubes) return {ItpStatus::Unknown, {}, "cube budget exhausted"};
    NextCube next = cubeForModel(session, a, solver.model(), locals, bOn, limits);
    if (next.status != ItpStatus::Ok) return {next.status, {}, next.detail};
    solver.add(z3::implies(loop, !mkAnd(ctx, next.cube)));
    cubes.push_back(std::move(next.cube));
  }
}

}  // namespace argus::smt
